# expect lang::self_loop
hampath {
  directed graph
  vertices a b
  edges a -> a -> b
}
