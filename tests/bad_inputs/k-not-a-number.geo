# expect lang::syntax
vertex_cover {
  vertices a b
  edges a -- b
  k = two
}
