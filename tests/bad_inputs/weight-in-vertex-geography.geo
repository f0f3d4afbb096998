# expect lang::weight_not_nim
geography {
  undirected vertex geography
  tokens: one at a
  vertices a b
  edges a -- b
  weight a = 2
}
