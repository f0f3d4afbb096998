# expect lang::duplicate_edge
# In an undirected graph b -- a is the same edge as a -- b.
geography {
  undirected edge geography
  tokens: one at a
  vertices a b c
  edges a -- b -- c, b -- a
}
