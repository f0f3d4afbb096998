# expect lang::missing_start
geography {
  directed vertex geography
  tokens: partizan, first at a
  vertices a b c
  edges a -> b -> c
}
