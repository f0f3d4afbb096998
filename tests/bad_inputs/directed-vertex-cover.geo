# expect lang::directed_cover
vertex_cover {
  directed graph
  vertices a b
  edges a -> b
  k = 1
}
