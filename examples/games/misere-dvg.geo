# Misère directed vertex geography: the player with no move WINS.
geography "misère DVG" {
  directed vertex geography
  misere play
  tokens: one at s
  vertices s a b c
  edges s -> a -> c
        s -> b
}
