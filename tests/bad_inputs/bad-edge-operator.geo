# expect lang::syntax
geography {
  directed vertex geography
  tokens: one at a
  vertices a b
  edges a => b
}
