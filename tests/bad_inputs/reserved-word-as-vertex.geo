# expect lang::syntax
hampath {
  directed graph
  vertices begin middle end
  edges begin -> middle -> end
}
