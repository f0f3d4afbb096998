# The triangular prism: a connected cubic graph on 6 vertices. Is there a Hamiltonian path
# starting at a? (The source of Trail Trap Thm 18, `--via hampath-trailtrap`.)
hampath "triangular prism" {
  undirected graph
  vertices a b c d e f
  edges a -- b -- c -- a
        d -- e -- f -- d
        a -- d, b -- e, c -- f
  start a
}
