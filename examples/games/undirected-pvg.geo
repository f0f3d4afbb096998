# Partizan vertex geography on an undirected graph.
geography {
  undirected vertex geography
  normal play
  tokens: partizan, first at a, second at d
  vertices a b c d
  edges a -- b -- c -- d -- b
}
