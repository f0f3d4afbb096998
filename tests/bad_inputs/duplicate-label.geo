# expect lang::duplicate_label
hampath {
  undirected graph
  vertices a b
  edges a -- b
  label a "x1", b "x2"
  label a "¬x1"
}
