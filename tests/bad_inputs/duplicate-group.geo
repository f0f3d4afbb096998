# expect lang::duplicate_group
geography {
  directed vertex geography
  tokens: one at a
  vertices a b c
  edges a -> b -> c
  group diamond x1 { a b }
  group diamond x1 { c }
}
