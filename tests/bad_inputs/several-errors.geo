# expect lang::duplicate_vertex
# Three mistakes: all are reported, in source order.
geography {
  directed vertex geography
  tokens: one at a
  vertices a b a
  edges a -> b -> c
  weight b = 3
}
