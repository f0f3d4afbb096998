# Trail Trap on the house graph (a 4-cycle with a roof): it has cycles, so no tree method
# applies and `solve` answers by the race search.
geography "Trail Trap on the house" {
  undirected edge geography
  normal play
  tokens: partizan, unrooted
  vertices a b c d e
  edges a -- b, b -- c, c -- d, d -- a, a -- e, b -- e
}
