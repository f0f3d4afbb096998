# expect lang::bad_number
geography {
  directed nim geography, remove then move
  tokens: one at a
  vertices a b
  edges a -> b
  weight a = 99999999999999999999999, b = 1
}
