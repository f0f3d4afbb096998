# A 5-cycle with a chord: is there a vertex cover of size at most 3?
vertex-cover "5-cycle with a chord" {
  undirected graph
  vertices 1 2 3 4 5
  edges 1 -- 2 -- 3 -- 4 -- 5 -- 1
        1 -- 3
  k = 3
}
