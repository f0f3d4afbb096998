# expect lang::negative_number
vertex_cover {
  vertices a b
  edges a -- b
  k = -1
}
