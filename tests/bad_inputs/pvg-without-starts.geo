# expect lang::missing_start
geography "PVG" {
  directed vertex geography
  tokens: partizan
  vertices a b c
  edges a -> b -> c
}
