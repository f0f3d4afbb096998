# expect lang::duplicate_vertex
vertex_cover {
  vertices a b c
  vertices d b
  edges a -- b -- c -- d
  k = 2
}
