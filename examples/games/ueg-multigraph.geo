# Undirected edge geography on a multigraph: the two edges between x and y are two moves.
# Without `multigraph` the repeated edge would be reported as a typo.
geography {
  undirected edge geography
  normal play
  tokens: one at x
  multigraph
  vertices x y z
  edges x -- y, x -- y, y -- z
}
