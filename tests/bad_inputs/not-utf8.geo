# expect lang::not_utf8
hampath {
  directed graph
  vertices a ÿþ b
}
