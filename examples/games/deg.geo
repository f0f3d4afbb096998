# Directed edge geography (DEG): each arc may be used once; vertices may be revisited.
# Antiparallel arcs are distinct, and a loop is an arc like any other.
geography "DEG with a loop" {
  directed edge geography
  normal play
  tokens: one at u
  vertices u v w
  edges u -> v -> u
        v -> w -> w
        w -> u
}
