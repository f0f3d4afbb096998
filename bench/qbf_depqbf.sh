#!/usr/bin/env bash
# georeduce's QBF solver against DepQBF on the same seeded random 3QBF (issue #13 §3):
# ∃∀∃ (eae) and fully alternating (alt) prefixes, 10–80 variables, clause ratio at each
# family's 50% point (RATIOS in bench/qbf_depqbf.py). Prints machine, load, commit and command, then a table
# (family, vars, clauses, CPU seconds of each, ratio, agreement) and the largest size each
# finishes; writes bench/out/qbf_depqbf.json and .svg. Exit 1 on any disagreement.
# Redraw the plot from earlier runs: python3 bench/qbf_depqbf.py --plot A.json [B.json] --out DIR
#
#   bench/qbf_depqbf.sh [--seeds K] [--vars 10,20,...] [--families eae,alt] [--ratio R]
#                       [--timeout S] [--keep DIR]
#
# Needs `depqbf` on PATH (Debian/Ubuntu: apt-get install depqbf). Each solver runs pinned to
# core $BENCH_CORE (default 1) and is charged its whole-process CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v depqbf >/dev/null || { echo "depqbf is not on PATH (apt-get install depqbf)" >&2; exit 2; }
cargo build --release -q
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "peer:    $(depqbf --version 2>&1 | head -1)"
echo "command: bench/qbf_depqbf.sh $*"
python3 bench/qbf_depqbf.py --georeduce target/release/georeduce "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
