# expect lang::nim_order_not_nim
geography {
  directed vertex geography, remove then move
  tokens: one at a
  vertices a b
  edges a -> b
}
