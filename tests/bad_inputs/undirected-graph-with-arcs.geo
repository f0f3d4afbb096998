# expect lang::edge_direction
geography {
  undirected vertex geography
  tokens: one at a
  vertices a b c
  edges a -- b -> c
}
