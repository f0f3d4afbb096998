# expect lang::misplaced_statement
geography {
  directed vertex geography
  tokens: one at a
  vertices a b
  edges a -> b
  k = 1
}
