# Partizan arc geography (PAG): each player moves their own token along unused arcs;
# the tokens may share a vertex.
geography "PAG" {
  directed edge geography
  normal play
  tokens: partizan, first at p, second at q
  vertices p q r
  edges p -> r -> q -> p
        r -> p
}
