# expect lang::nim_order
geography {
  directed nim geography
  tokens: one at a
  vertices a b
  edges a -> b
  weight a = 1, b = 1
}
