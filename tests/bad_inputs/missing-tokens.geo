# expect lang::missing_tokens
geography {
  directed vertex geography
  vertices a b
  edges a -> b
}
