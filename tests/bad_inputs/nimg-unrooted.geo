# expect lang::nim_needs_start
geography {
  undirected nim geography, remove then move
  tokens: one, unrooted
  vertices a b
  edges a -- b
  weight a = 1, b = 2
}
