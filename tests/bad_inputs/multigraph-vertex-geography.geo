# expect lang::multigraph_not_allowed
geography {
  undirected vertex geography
  tokens: one at a
  multigraph
  vertices a b
  edges a -- b
}
