#!/usr/bin/env bash
# Verification by certificate on random 3QBF (seeded): prints one line per formula and chain
# with the answer, the result, the positions the checker examined and the wall time.
# Usage: bench/verify_by_certificate.sh VARS CLAUSES COUNT SEED "CHAIN1 CHAIN2 ..." [TIMEOUT]
# BY=auto|search|certificate (default certificate) is passed to `verify --by`.
set -euo pipefail
vars=${1:-6}; clauses=${2:-10}; count=${3:-4}; seed=${4:-100}
chains=${5:-"qbf-pvg qbf-deg,deg-ueg qbf-dvg,dvg-nimg qbf-dvg,dvg-misere-uvg"}
limit=${6:-60}
bin=${GEOREDUCE:-target/release/georeduce}
by=${BY:-certificate}
dir=$(mktemp -d)
python3 - "$vars" "$clauses" "$count" "$seed" "$dir" <<'PY'
import random, sys
n, m, count, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
for i in range(count):
    r = random.Random(seed + i)
    lines = [f"p cnf {n} {m}"] + [f"{'e' if v % 2 else 'a'} {v} 0" for v in range(1, n + 1)]
    for _ in range(m):
        lines.append(" ".join(str(v if r.random() < 0.5 else -v) for v in r.sample(range(1, n + 1), 3)) + " 0")
    open(f"{out}/q{i}.qdimacs", "w").write("\n".join(lines) + "\n")
PY
for f in "$dir"/q*.qdimacs; do
  for via in $chains; do
    start=$(date +%s.%N)
    out=$(timeout "$limit" "$bin" verify "$f" --via "$via" --by "$by" --json 2>/dev/null || true)
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    if [ -z "$out" ]; then echo "$(basename "$f") $via: no answer within ${limit}s"; continue; fi
    echo "$out" | python3 -c "import json,sys; v=json.load(sys.stdin); s=v['steps'][-1]; print('$(basename "$f") $via: source', v['source_answer'], v['result'], 'by', s.get('by'), 'positions', s['certificate_positions'], 'time %.2fs' % $secs)"
  done
done
rm -rf "$dir"
