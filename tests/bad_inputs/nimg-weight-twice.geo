# expect lang::duplicate_weight
geography {
  directed nim geography, remove then move
  tokens: one at a
  vertices a b
  edges a -> b
  weight a = 1, b = 2
  weight a = 3
}
