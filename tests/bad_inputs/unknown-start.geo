# expect lang::unknown_vertex
hampath {
  undirected graph
  vertices a b c
  edges a -- b -- c
  start s
}
