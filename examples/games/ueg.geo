# Undirected edge geography (UEG) on a bipartite graph (solvable by GF(2) linear algebra).
geography "UEG on K(2,3)" {
  undirected edge geography
  normal play
  tokens: one at a1
  vertices a1 a2 b1 b2 b3
  edges a1 -- b1 -- a2 -- b2 -- a1 -- b3 -- a2
}
