# Misère undirected edge geography.
geography {
  undirected edge geography
  misère play
  tokens: one at a
  vertices a b c d
  edges a -- b -- c -- a -- d
}
