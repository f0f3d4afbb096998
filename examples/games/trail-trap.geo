# Trail Trap: unrooted partizan undirected edge geography. Player I picks any edge and
# moves a token along it; player II then picks another unused edge for their own token.
# K(1,3) is one of the two connected 4-vertex graphs that player I wins.
geography "Trail Trap on the claw K(1,3)" {
  undirected edge geography
  normal play
  tokens: partizan, unrooted
  vertices c l1 l2 l3
  edges c -- l1, c -- l2, c -- l3
}
