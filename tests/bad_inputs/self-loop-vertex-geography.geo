# expect lang::self_loop
geography {
  directed vertex geography
  tokens: one at s
  vertices s a
  edges s -> a -> a
}
