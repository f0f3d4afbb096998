# The triangular prism: a connected cubic graph on 6 vertices, with a start vertex. As a
# hampath instance it asks for a Hamiltonian path from a; `--via hampath-trailtrap` (Trail
# Trap Thm 18) decides "a trail of length n + 1 from a" instead (see docs/reductions.md).
hampath "triangular prism" {
  undirected graph
  vertices a b c d e f
  edges a -- b -- c -- a
        d -- e -- f -- d
        a -- d, b -- e, c -- f
  start a
}
