# Does this directed graph have a Hamiltonian path from s to t?
hampath "a small directed graph" {
  directed graph
  vertices s a b c t
  edges s -> a -> b -> c -> t
        s -> b, a -> c, c -> a, b -> t
  start s
  end t
}
