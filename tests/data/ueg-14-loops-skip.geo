# check --via ueg-misere-ueg --certify --max-size 14 --seed 1: source of case 468, unknown after 100 M exhaustive nodes (docs/performance-history.md, tenth session)
geography {
  undirected edge geography
  normal play
  tokens: one at v10
  vertices v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 v10 v11 v12 v13
  edges v0 -- v0 -- v1, v0 -- v2, v0 -- v4, v0 -- v5, v0 -- v7, v0 -- v8, v0 -- v12,
    v1 -- v1 -- v5, v1 -- v9, v1 -- v11, v2 -- v5, v2 -- v6, v2 -- v7, v2 -- v8, v2 -- v9,
    v2 -- v10, v2 -- v12, v2 -- v13, v3 -- v3 -- v4, v3 -- v5, v3 -- v9, v3 -- v13,
    v4 -- v4 -- v5, v4 -- v6, v4 -- v7, v4 -- v8, v4 -- v9, v4 -- v10, v4 -- v11, v4 -- v12,
    v5 -- v6, v5 -- v7, v5 -- v8, v5 -- v13, v6 -- v8, v6 -- v10, v6 -- v12, v8 -- v8 -- v10,
    v8 -- v11, v8 -- v12, v9 -- v11, v10 -- v12, v11 -- v13, v12 -- v12, v13 -- v13
}
