#!/usr/bin/env bash
# Side-by-side benchmark against real peers (issue #13 §3): georeduce's exhaustive geography
# search, the Python solver generalized-geography, and a plain memoised minimax, on the same
# seeded random DVG/DEG instances in one run. Prints a table with ratios and the largest size
# each finishes; writes bench/out/peers.json and bench/out/peers.svg (bench/out is ignored).
#
#   PEER_SRC=DIR [PEER_VENV=DIR] [BENCH_CORE=C] bench/peers.sh [--quick] [--timeout S] [--seeds K]
#       [--families dvg-avg2,...] [--sizes 10,20,...] [--out DIR]
#   python3 bench/peers.py --plot A/peers.json B/peers.json --out DIR   (merge runs, redraw the plot)
#
# PEER_SRC is a checkout (or a bare git directory) of GitHub singrum/generalized-geography;
# nothing of it is committed here. Its PyPI wheels do not import, so its source is used, with
# networkx and hgtk installed into a throw-away virtualenv at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${PEER_SRC:?set PEER_SRC to a checkout or git dir of singrum/generalized-geography}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -d "$PEER_SRC/generalized_geography" ]; then
  cp -r "$PEER_SRC/generalized_geography" "$work/"
else
  git --git-dir="$PEER_SRC" archive HEAD generalized_geography | tar -x -C "$work"
fi
# PEER_VENV=DIR keeps the virtualenv between runs (created there on first use).
venv="${PEER_VENV:-$work/venv}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q networkx hgtk six
fi
cargo build --release -q
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "peer:    generalized-geography $(git --git-dir="$PEER_SRC" rev-parse --short HEAD 2>/dev/null || echo '(checkout)')"
echo "command: bench/peers.sh $*"
"$venv/bin/python" bench/peers.py --georeduce target/release/georeduce \
  --peer-path "$work" "$@"
