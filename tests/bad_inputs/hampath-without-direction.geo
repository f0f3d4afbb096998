# expect lang::missing_direction
hampath {
  vertices a b
  edges a -- b
}
