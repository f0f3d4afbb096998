# expect lang::nim_tokens
geography {
  undirected nim geography, move then remove
  tokens: partizan, first at a, second at b
  vertices a b
  edges a -- b
  weight a = 1, b = 1
}
