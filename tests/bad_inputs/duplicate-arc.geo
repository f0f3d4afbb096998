# expect lang::duplicate_edge
geography {
  directed vertex geography
  tokens: one at s
  vertices s a b
  edges s -> a -> b
        s -> b, s -> a
}
