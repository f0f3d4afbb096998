#!/usr/bin/env bash
# networkx's maximum matching against georeduce's UVG all-starts path on the same seeded
# random graphs (issue #13 §3): n = 10^3 … 10^5 vertices, m = 5n edges. Prints machine, load,
# commit and command, then a table (CPU seconds of each, ratio, agreement) and the largest size
# each finishes; writes bench/out/matching.json and .svg. Exit 1 on any disagreement.
# Redraw the plot from earlier runs: python3 bench/matching.py --plot A.json [B.json] --out DIR
#
#   bench/matching.sh [--sizes 1000,...,100000] [--seeds K] [--timeout S] [--peer-timeout S]
#
# Limits are CPU seconds per process (RLIMIT_CPU), --peer-timeout for networkx.
# networkx is installed into a throw-away virtualenv at run time (never committed). Each
# process runs pinned to core $BENCH_CORE (default 1) and is charged its whole-process CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q networkx
cargo build --release -q
# With the dev-dependencies' features the library is built once more for the bench target;
# `cargo build --release` keeps it at the release profile.
all_starts="$(cargo build --release --bench uvg_all_starts --message-format=json -q |
  python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "uvg_all_starts" and m.get("executable"):
        print(m["executable"])')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "peer:    networkx $("$work/venv/bin/python" -c 'import networkx; print(networkx.__version__)'), $("$work/venv/bin/python" --version)"
echo "command: bench/matching.sh $*"
python3 bench/matching.py --georeduce target/release/georeduce --all-starts "$all_starts" \
  --python "$work/venv/bin/python" "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
