#!/usr/bin/env bash
# Regenerates the figures of docs/reductions.md: each reduction compiled from a bundled
# example, written as DOT by georeduce and laid out by Graphviz (`apt-get install graphviz`).
# Usage: bash docs/figures/make.sh   (from the repository root)
set -euo pipefail
cargo build --release --quiet
G=target/release/georeduce
out=docs/figures
fig() { # reduction-id source-file
  "$G" compile "$2" --via "$1" --format dot -o "$out/$1.dot"
  dot -Tsvg "$out/$1.dot" -o "$out/$1.svg"
  rm "$out/$1.dot"
  echo "$out/$1.svg"
}
fig qbf-dvg examples/fraenkel-simonson.qbf
fig qbf-pvg examples/fraenkel-simonson.qbf
fig qbf-pvg-restricted examples/fraenkel-simonson.qbf
fig pvg-pag examples/games/pvg.geo
fig hampath-pvg examples/hampath.geo
fig vc-pvg examples/vertex-cover.geo
fig qbf-iag2 examples/fraenkel-simonson.qbf
fig qbf-ivg2 examples/fraenkel-simonson.qbf
fig qbf-deg examples/fraenkel-simonson.qbf
fig deg-ueg examples/games/deg.geo
fig dvg-misere-dvg examples/games/dvg.geo
fig dvg-misere-uvg examples/games/dvg.geo
fig ueg-misere-ueg examples/games/ueg.geo
fig deg-misere-deg examples/games/deg.geo
fig dvg-nimg examples/games/dvg.geo
fig hampath-trailtrap examples/prism-hampath.geo
fig trailtrap-disconnected examples/games/trail-trap.geo
