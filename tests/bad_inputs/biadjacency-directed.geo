# expect lang::biadjacency_directed
geography {
  directed edge geography
  tokens: one at r1
  biadjacency { 10 01 }
}
