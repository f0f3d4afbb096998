# georeduce create trailtrap --seed 27 --size 14 --family game
geography {
  undirected edge geography
  normal play
  tokens: partizan, unrooted
  vertices v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 v10 v11 v12 v13
  edges v0 -- v2, v0 -- v4, v0 -- v5, v1 -- v8, v1 -- v11, v2 -- v5, v2 -- v6, v2 -- v8,
    v2 -- v9, v2 -- v12, v3 -- v8, v4 -- v5, v4 -- v6, v4 -- v9, v4 -- v11, v6 -- v11,
    v6 -- v12, v6 -- v13, v7 -- v12, v8 -- v9, v8 -- v10, v8 -- v12, v8 -- v13, v9 -- v12,
    v11 -- v12
}
