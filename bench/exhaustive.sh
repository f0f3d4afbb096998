#!/usr/bin/env bash
# Exhaustive search engine benchmark (issue #13 §1): the papers' gadget chains, and random
# directed vertex geography against a plain Python memoised minimax (bench/minimax.py).
# Prints CPU seconds (user) per run. Usage: bench/exhaustive.sh [sizes...]
# Needs a release build (cargo build --release) and python3. Pins to CPU 1 when taskset exists.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/georeduce
pin=(); command -v taskset >/dev/null && pin=(taskset -c 1)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cpu() { /usr/bin/time -f "%U" -o "$tmp/t" "${pin[@]}" "$@" > "$tmp/out" 2>&1 || true; cat "$tmp/t" | tail -1; }

printf 'p cnf 3 2\ne 1 0\na 2 0\ne 3 0\n1 -3 1 0\n3 2 -3 0\n' > "$tmp/x3.qdimacs"
echo "## gadget chains (verify, 60 s budget)"
printf '%-32s %-28s %-8s %s\n' formula chain result cpu_s
for f in "$tmp/x3.qdimacs" examples/fraenkel-simonson.qbf; do
  for via in "--via qbf-dvg,dvg-misere-uvg" "--via qbf-deg,deg-ueg" "--via qbf-dvg,dvg-nimg" "--to pvg"; do
    t=$(cpu "$bin" verify "$f" $via --timeout 60)
    r=$(grep -E '^result' "$tmp/out" | awk '{print $2}')
    printf '%-32s %-28s %-8s %s\n' "$(basename "$f")" "${via#--* }" "$r" "$t"
  done
done

echo
echo "## random DVG, out-degree exactly 2 (bench/gen_geography.py N 2 SEED), 60 s budget"
printf '%-6s %-5s %-7s %-12s %-10s %-12s %-10s\n' n seed winner our_nodes our_cpu_s py_positions py_cpu_s
for n in "${@:-60 80 100 120 140}"; do
  for seed in 1 2 3; do
    python3 bench/gen_geography.py "$n" 2 "$seed" > "$tmp/g.geo"
    t=$(cpu "$bin" solve "$tmp/g.geo" --method exhaustive --timeout 60 --json)
    w=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("winner","unknown"), d.get("stats",{}).get("nodes","-"))' "$tmp/out" 2>/dev/null || echo "unknown -")
    py=$(timeout 120 "${pin[@]}" python3 bench/minimax.py "$tmp/g.geo" 2>/dev/null || echo "timeout")
    printf '%-6s %-5s %-7s %-12s %-10s %-12s %-10s\n' "$n" "$seed" ${w% *} ${w#* } "$t" \
      "$(echo "$py" | awk '{print $4}')" "$(echo "$py" | awk '{print $6}')"
  done
done
