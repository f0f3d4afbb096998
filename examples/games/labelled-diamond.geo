# Labels and named groups: how reductions record their gadgets. Both survive every round
# trip through the DSL and JSON.
geography "one variable diamond of Fig. 1" {
  directed vertex geography
  normal play
  tokens: partizan, first at top_1, second at bot_1
  vertices top_1 pos_1 neg_1 bot_1
  edges top_1 -> pos_1 -> bot_1
        top_1 -> neg_1 -> bot_1
  label pos_1 "x1", neg_1 "¬x1"
  group diamond x1 { top_1 pos_1 neg_1 bot_1 }
}
