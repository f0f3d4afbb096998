# expect lang::unterminated_string
geography {
  directed vertex geography
  tokens: one at a
  vertices a b
  edges a -> b
  label a "not x1
}
