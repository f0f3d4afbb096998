# expect lang::missing_k
vertex_cover {
  vertices a b
  edges a -- b
}
