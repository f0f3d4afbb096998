# expect lang::duplicate_start
geography {
  directed edge geography
  tokens: partizan, first at a, first at b
  vertices a b
  edges a -> b
}
