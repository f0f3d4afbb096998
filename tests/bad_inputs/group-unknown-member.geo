# expect lang::unknown_vertex
geography {
  directed vertex geography
  tokens: partizan, first at top_1, second at bot_1
  vertices top_1 pos_1 neg_1 bot_1
  edges top_1 -> pos_1 -> bot_1, top_1 -> neg_1 -> bot_1
  group diamond x1 { top_1 pos_1 neg1 bot_1 }
}
