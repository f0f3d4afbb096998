# NimG-MR (move then remove) on a digraph with loops: a loop lets the pointer stay and
# take more tokens from the same heap.
geography "NimG-MR with loops" {
  directed nim geography, move then remove
  normal play
  tokens: one at s
  vertices s a b
  edges s -> a -> a
        a -> b -> b
        b -> s
  weights s = 0, a = 2, b = 3
}
