# Partizan vertex geography (PVG): each player moves only their own token.
# Both start vertices count as visited, so they must differ.
geography "PVG" {
  directed vertex geography
  normal play
  tokens: partizan, first at v1, second at v2
  vertices v1 v2 a b c
  edges v1 -> a -> c
        v1 -> b -> c
        v2 -> b
        v2 -> c -> a
}
