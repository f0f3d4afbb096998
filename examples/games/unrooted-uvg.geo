# Unrooted undirected vertex geography: player I places the token anywhere.
# The second player wins iff the graph has a perfect matching.
geography "unrooted UVG: the 4-cycle" {
  undirected vertex geography
  normal play
  tokens: one, unrooted
  vertices a b c d
  edges a -- b -- c -- d -- a
}
