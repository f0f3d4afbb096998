# expect lang::biadjacency_row
geography {
  undirected edge geography
  tokens: one at r1
  biadjacency {
    101
    0x1
    110
  }
}
