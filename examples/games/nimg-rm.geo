# NimG-RM (remove then move), misère, the shape of Renault–Schmidt's Fig. 6 gadget:
# at the current vertex remove k >= 1 tokens, then move the pointer to a neighbour.
geography "NimG-RM" {
  undirected nim geography, remove then move
  misere play
  tokens: one at x
  vertices x a b d
  edges x -- a -- d -- b -- x
  weight x = 1, a = 1, b = 1, d = 2
  label x "x_u"
  group gadget fig6 { a b d }
}
