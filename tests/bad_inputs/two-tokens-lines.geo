# expect lang::duplicate_statement
geography {
  directed vertex geography
  tokens: one at a
  tokens: one, unrooted
  vertices a b
  edges a -> b
}
