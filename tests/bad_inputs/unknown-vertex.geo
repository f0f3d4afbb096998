# expect lang::unknown_vertex
geography {
  undirected edge geography
  tokens: one at v1
  vertices v1 v2 v3
  edges v1 -- v2 -- v4
}
