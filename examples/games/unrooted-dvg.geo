# Unrooted directed vertex geography: player I's first move places the token.
geography {
  directed vertex geography
  normal play
  tokens: one, unrooted
  vertices a b c
  edges a -> b -> c -> a
}
