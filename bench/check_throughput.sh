#!/usr/bin/env bash
# Throughput of `georeduce check` over every reduction (--all) at the default sizes, pinned to
# one core. Prints the machine (nproc, CPU model), the command, and the bench's summary; the
# last line is the number docs/performance.md records.
#
#   bench/check_throughput.sh [CASES] [SEED] [certify]   (defaults 500, 0, no certificates)
#
# The bench (benches/check_throughput.rs) reports verified cases per minute of CPU time and
# of wall-clock time; on a shared machine the CPU figure is the one to compare.
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-500}"
seed="${2:-0}"
certify="${3:-}"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
cargo bench --bench check_throughput --no-run >/dev/null 2>&1
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 0); fi
echo "command: ${pin[*]} cargo bench --bench check_throughput -- $cases $seed $certify"
"${pin[@]}" cargo bench --bench check_throughput -- "$cases" "$seed" $certify 2>/dev/null |
  grep -v '^ *note:'
