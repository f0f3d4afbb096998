# expect lang::biadjacency_row
geography {
  undirected edge geography
  tokens: one, unrooted
  biadjacency {
    1010
    011   # one entry short
    1100
  }
}
