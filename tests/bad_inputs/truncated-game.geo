# expect lang::unexpected_eof
geography {
  directed vertex geography
  tokens: one at a
  vertices a b c
  edges a -> b -> c
