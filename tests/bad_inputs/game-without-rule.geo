# expect lang::missing_rule
game "which geography?" {
  tokens: one at a
  vertices a b
  edges a -> b
}
