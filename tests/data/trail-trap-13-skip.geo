# check --via trailtrap-disconnected --certify --max-size 14 --seed 1: source of case 462, over the 1 M-node budget (race search: 8.3 M nodes, player II wins; docs/performance-history.md, tenth session)
geography {
  undirected edge geography
  normal play
  tokens: partizan, unrooted
  vertices v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 v10 v11 v12
  edges v0 -- v1, v0 -- v6, v0 -- v8, v0 -- v10, v0 -- v11, v1 -- v2, v1 -- v3, v1 -- v4,
    v1 -- v5, v1 -- v7, v1 -- v8, v1 -- v10, v3 -- v5, v3 -- v6, v3 -- v8, v3 -- v9, v4 -- v5,
    v4 -- v7, v4 -- v8, v5 -- v6, v5 -- v11, v6 -- v8, v6 -- v11, v7 -- v8, v7 -- v9, v8 -- v10,
    v8 -- v11, v9 -- v10, v9 -- v11
}
