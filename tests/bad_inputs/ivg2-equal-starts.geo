# expect lang::equal_starts
geography {
  directed edge geography
  tokens: two at u and u
  vertices u v
  edges u -> v
}
