# expect lang::equal_starts
geography {
  directed vertex geography
  tokens: partizan, first at a, second at a
  vertices a b c
  edges a -> b -> c
}
