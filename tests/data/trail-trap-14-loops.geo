# georeduce create trailtrap --seed 12 --size 14 --family game/loops
geography {
  undirected edge geography
  normal play
  tokens: partizan, unrooted
  vertices v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 v10 v11 v12 v13
  edges v0 -- v1, v0 -- v3, v0 -- v11, v0 -- v12, v1 -- v3, v2 -- v2, v3 -- v7, v3 -- v8,
    v3 -- v12, v3 -- v13, v4 -- v5, v4 -- v7, v4 -- v9, v4 -- v10, v4 -- v11, v4 -- v13,
    v6 -- v7, v6 -- v13, v7 -- v10, v7 -- v12, v7 -- v13, v8 -- v8 -- v9, v8 -- v12,
    v9 -- v9 -- v13, v10 -- v10, v11 -- v11 -- v12
}
