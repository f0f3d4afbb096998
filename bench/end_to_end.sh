#!/usr/bin/env bash
# `georeduce verify` end to end (issue #13 §3): random 3QBF with 4–30 variables (alternating
# prefix, bench/gen_qbf.py) compiled to PVG, DVG, IVG2, misère UVG and UEG, budget --timeout
# (default 60 s) each. Prints machine, load, commit and command, one line per run, then a
# table per chain and size: answers, MATCH count, method (search / certificate), unknown count,
# CPU and wall time. Writes bench/out/end_to_end.json and .svg; exit 1 on a MISMATCH.
# Redraw the plot from earlier runs: python3 bench/end_to_end.py --plot A.json [B.json] --out DIR
#
#   bench/end_to_end.sh [--chains pvg,dvg,ivg2,misere-uvg,ueg] [--sizes 4:8,...,30:60]
#                       [--seeds K] [--timeout S]
#
# Each run is pinned to core $BENCH_CORE (default 1) and charged its whole-process CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "command: bench/end_to_end.sh $*"
python3 bench/end_to_end.py --georeduce target/release/georeduce "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
