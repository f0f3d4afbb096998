# expect lang::negative_number
geography {
  directed nim geography, remove then move
  tokens: one at a
  vertices a b
  edges a -> b
  weight a = -2, b = 1
}
