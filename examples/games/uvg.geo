# Undirected vertex geography (UVG), rooted at v1.
# Polynomial: player I wins iff every maximum matching saturates the start vertex.
geography "UVG: a path with a triangle" {
  undirected vertex geography
  normal play
  tokens: one at v1
  vertices v1 v2 v3 v4 v5
  edges v1 -- v2 -- v3 -- v4 -- v2
        v4 -- v5
}
