# expect lang::missing_weight
geography {
  directed nim geography, move then remove
  tokens: one at s
  vertices s a b c
  edges s -> a -> b -> c
  weight s = 1, a = 2
}
