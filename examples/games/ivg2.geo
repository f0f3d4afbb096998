# IVG2: impartial vertex geography with two shared tokens; a move moves either token.
geography "IVG2 on a DAG" {
  directed vertex geography
  normal play
  tokens: two at u and v
  vertices u v a b c
  edges u -> a -> c
        v -> b -> c
        u -> b
}
