# expect lang::biadjacency_with_edges
geography {
  undirected edge geography
  tokens: one at r1
  biadjacency { 10 01 }
  edges r1 -- c2
}
