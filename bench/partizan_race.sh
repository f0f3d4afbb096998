#!/usr/bin/env bash
# The race split inside the partizan exhaustive search (src/solvers/geography/race_split.rs):
# nodes and CPU seconds of `solve --method exhaustive` with two builds, BEFORE (without the
# split) and AFTER, on PVG/PAG instances compiled from random 3QBF (qbf-pvg,
# qbf-pvg-restricted, qbf-pvg + pvg-pag), vertex cover (vc-pvg) and Hamiltonian path
# (hampath-pvg). Usage: bench/partizan_race.sh BEFORE_BIN AFTER_BIN
# Needs python3. Pins to CPU 1 when taskset exists.
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1; after=$2
pin=(); command -v taskset >/dev/null && pin=(taskset -c 1)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { # bin file -> "nodes cpu_s winner"
  /usr/bin/time -f "%U" -o "$tmp/t" "${pin[@]}" "$1" solve "$2" --method exhaustive --timeout 60 > "$tmp/out" 2>&1 || true
  local n w
  n=$(grep -oP 'stats:\s+\K[0-9]+' "$tmp/out" || echo unknown)
  w=$(grep -oP 'winner:\s+\K\w+' "$tmp/out" || echo unknown)
  echo "$n $(tail -1 "$tmp/t") $w"
}
printf '%-34s %-10s %-8s %-10s %-8s %s\n' instance nodes_bef cpu_bef nodes_aft cpu_aft winner
row() {
  read -r nb cb wb <<< "$(run "$before" "$1")"
  read -r na ca wa <<< "$(run "$after" "$1")"
  [ "$wb" = "$wa" ] || wa="$wa(DIFFERS:$wb)"
  printf '%-34s %-10s %-8s %-10s %-8s %s\n' "$2" "$nb" "$cb" "$na" "$ca" "$wa"
}
for cfg in "6 10" "10 20" "20 40"; do
  set -- $cfg
  for seed in 1 2 3; do
    python3 bench/gen_3qbf.py "$1" "$2" "$seed" > "$tmp/q.qbf"
    for via in qbf-pvg qbf-pvg-restricted qbf-pvg,pvg-pag; do
      "$after" compile "$tmp/q.qbf" --via "$via" -o "$tmp/g.geo" --force 2>/dev/null
      row "$tmp/g.geo" "3qbf $1/$2 s$seed ${via#qbf-pvg,}"
    done
  done
done
for size in ${SIZES:-8 10 12 14 16}; do
  for seed in 1 2; do
    "$after" create vertex-cover --seed "$seed" --size "$size" -o "$tmp/v.vc" --force 2>/dev/null
    if "$after" compile "$tmp/v.vc" --via vc-pvg -o "$tmp/g.geo" --force 2>/dev/null; then
      row "$tmp/g.geo" "vc-pvg n=$size s$seed"
    fi
    "$after" create hampath --seed "$seed" --size "$size" --family hampath/sparse/directed/start \
      -o "$tmp/h.hp" --force 2>/dev/null
    if "$after" compile "$tmp/h.hp" --via hampath-pvg -o "$tmp/g.geo" --force 2>/dev/null; then
      row "$tmp/g.geo" "hampath-pvg n=$size s$seed"
    fi
  done
done
