# IAG2: impartial arc geography with two shared tokens.
geography "IAG2" {
  directed edge geography
  normal play
  tokens: two at u and v
  vertices u v a b
  edges u -> a -> b
        v -> a
        b -> v
}
