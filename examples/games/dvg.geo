# Directed vertex geography (DVG), rooted at s, normal play.
# Player I moves first; a token may only move to a vertex that has never held it.
geography "DVG: a small digraph" {
  directed vertex geography
  normal play
  tokens: one at s
  vertices s a b c d
  edges s -> a -> b -> d
        s -> c -> b
        a -> c
        d -> s
}
