#!/usr/bin/env bash
# Budgets measured (issue 12): how far past `--timeout` each command runs, and the peak RSS
# of commands under `--memory`, against the budget. Prints one table per measurement.
#
# usage: bench/budgets.sh [TIMEOUT_SECS] [MEMORY_MB] [NODES]  (defaults: 2, 64, MEMORY_MB × 500,000)
#
# The peak-RSS table runs every command that takes --memory (and render) on an instance that
# needs far more than MEMORY_MB. Its searches stop by node count (--max-nodes NODES, no
# deadline), not by time: a table overruns its budget only once it is full and evicting (the
# exhaustive search fills 64 MB in about 10 million nodes of DVG 90), and a node count passes
# that point whatever the machine's load, where a timeout may not. Its last column is the
# peak RSS minus the budget: the fixed overhead (binary, input, chain: 5-10 MB) where the
# budget holds.
#
# The instances are generated here, deterministically (bench/gen_geography.py and fixed
# Python seeds), in a temporary directory. Overrun = wall-clock time of the whole process
# (start-up, parsing, search, clean-up, exit) minus the timeout: what a user waiting on the
# command sees; the CPU time (user + sys) is printed beside it, since on a loaded machine the
# wall-clock time also counts the waits for a core. Peak RSS comes from /usr/bin/time. The machine's load is printed first:
# on a shared machine the overrun includes time spent waiting for a core.
set -euo pipefail
cd "$(dirname "$0")/.."
T=${1:-2}
MEM=${2:-64}
NODES=${3:-$((MEM * 500000))}
BIN=${GEOREDUCE:-target/release/georeduce}
[ -x "$BIN" ] || cargo build --release -q
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $BIN; --timeout $T; --memory $MEM; --max-nodes $NODES (peak-RSS table)"
echo

# Instances: exhaustive search (a DVG no 2-second search finishes), the polynomial solvers on
# large inputs (maximum matching on a 100,000-vertex UVG, GF(2) on a 20,000-vertex
# bipartite UEG), a 20-variable QBF for certify, and a chain for verify.
python3 bench/gen_geography.py 90 3 7 vertex > "$DIR/dvg90.geo"
# certify --strategy: a DVG whose search fills the table and whose strategy is built after it.
python3 bench/gen_geography.py 55 3 7 vertex > "$DIR/dvg55.geo"
# render: dvg → NimG of 25-, 40- and 100-vertex DVGs (arc gadgets with hulls; 5,718 at 100).
"$BIN" create dvg --size 25 --seed 1 -o "$DIR/dvg25.geo" 2> /dev/null
"$BIN" create dvg --size 40 --seed 1 -o "$DIR/dvg40.geo" 2> /dev/null
"$BIN" create dvg --size 100 --seed 1 -o "$DIR/dvg100.geo" 2> /dev/null
python3 - "$DIR" <<'EOF'
import random, sys
d = sys.argv[1]
rng = random.Random(12)
n = 100_000
edges = set()
while len(edges) < 2 * n:
    u, v = rng.randrange(n), rng.randrange(n)
    if u != v:
        edges.add((min(u, v), max(u, v)))
with open(f"{d}/uvg100k.geo", "w") as f:
    f.write("geography {\n  undirected vertex geography\n  vertices ")
    f.write(" ".join(f"v{i}" for i in range(n)))
    f.write("\n  edges ")
    f.write(", ".join(f"v{u} -- v{v}" for u, v in sorted(edges)))
    f.write("\n  tokens: one at v0\n}\n")
half = 10_000
edges = set()
while len(edges) < 3 * half:
    edges.add((rng.randrange(half), rng.randrange(half)))
with open(f"{d}/ueg20k.geo", "w") as f:
    f.write("geography {\n  undirected edge geography\n  vertices ")
    f.write(" ".join([f"a{i}" for i in range(half)] + [f"b{i}" for i in range(half)]))
    f.write("\n  edges ")
    f.write(", ".join(f"a{u} -- b{v}" for u, v in sorted(edges)))
    f.write("\n  tokens: one at a0\n}\n")
nv = 20
names = [f"x{i}" for i in range(1, nv + 1)]
prefix = " ".join(("exists" if i % 2 == 0 else "forall") + " " + x for i, x in enumerate(names))
clauses = []
for _ in range(4 * nv):
    lits = rng.sample(names, 3)
    clauses.append("(" + " | ".join(("~" if rng.random() < 0.5 else "") + l for l in lits) + ")")
with open(f"{d}/qbf20.geo", "w") as f:
    f.write(f"qbf {{\n  {prefix}:\n    " + " & ".join(clauses) + "\n}\n")
EOF

# run LABEL ARGS…: wall seconds, exit code and peak RSS (KB) of one command.
run() {
    local label=$1
    shift
    local start end rc
    start=$(date +%s.%N)
    set +e
    # A runaway command is killed after KILL_AFTER seconds (default 60; exit 137) rather
    # than left to take the machine.
    /usr/bin/time -f "%M %U %S" -o "$DIR/rss" timeout -s KILL "${KILL_AFTER:-60}" "$BIN" "$@" > /dev/null 2> "$DIR/err"
    rc=$?
    set -e
    end=$(date +%s.%N)
    local rss user sys
    read -r rss user sys < <(tail -1 "$DIR/rss")
    printf '%s %s %s %s %s\n' "$label" "$(echo "$end - $start" | bc -l)" "$rc" "$rss" \
        "$(echo "$user + $sys" | bc -l)"
}

echo "## Overrun past --timeout $T (ms; negative: finished or gave up before the deadline)"
echo "(setup: the same command with --timeout 0.001, i.e. start-up, parsing and building the"
echo " chain before the deadline starts, plus stopping at once; overrun - setup is what the"
echo " command spends past its deadline beyond that)"
printf '%-48s %9s %9s %9s %9s %5s\n' "command" "wall s" "overrun" "setup" "cpu s" "exit"
for spec in \
    "solve DVG 90 (exhaustive)|solve $DIR/dvg90.geo --method exhaustive" \
    "solve UVG 100k (matching)|solve $DIR/uvg100k.geo --method matching" \
    "solve UEG 20k bipartite (gf2)|solve $DIR/ueg20k.geo --method gf2" \
    "certify QBF 20 variables|certify $DIR/qbf20.geo" \
    "certify DVG 90 --strategy|certify $DIR/dvg90.geo --strategy" \
    "verify QBF 20 -> misere-uvg --by search|verify $DIR/qbf20.geo --to misere-uvg --by search" \
    "verify QBF 20 -> misere-uvg (--by auto)|verify $DIR/qbf20.geo --to misere-uvg"; do
    label=${spec%%|*}
    # shellcheck disable=SC2086
    read -r _ wall rc _ cpu < <(run x ${spec#*|} --timeout "$T")
    # shellcheck disable=SC2086
    read -r _ setup _ _ _ < <(run x ${spec#*|} --timeout 0.001)
    overrun=$(echo "($wall - $T) * 1000" | bc -l)
    printf '%-48s %9.3f %9.0f %9.0f %9.2f %5s\n' "$label" "$wall" "$overrun" \
        "$(echo "$setup * 1000" | bc -l)" "$cpu" "$rc"
done
echo

echo "## Peak RSS under --memory $MEM (MB), searches stopped by --max-nodes $NODES (verify: $((NODES / 100)) a solve)"
# Inputs of this table: a 38-vertex UVG whose strategy certificate is 12 MB (written by
# certify under 4 GB, also copied onto one line), and vertex covers of 20 and 85 KB whose
# PVGs have 0.3 and 2.5 million edges.
python3 - "$DIR" <<'PY'
import random, sys
d = sys.argv[1]
rng = random.Random(38)
es = set()
while len(es) < 80:
    u, v = rng.randrange(38), rng.randrange(38)
    if u != v:
        es.add((min(u, v), max(u, v)))
open(f"{d}/uvg38.geo", "w").write(
    "geography {\n  undirected vertex geography\n  tokens: one at v0\n  vertices "
    + " ".join(f"v{i}" for i in range(38)) + "\n  edges "
    + ", ".join(f"v{u} -- v{v}" for u, v in sorted(es)) + "\n}\n")
for kb in (20, 85):
    n = 10
    while True:
        rng3 = random.Random(kb)
        text = "vertex-cover {\n  undirected graph\n  vertices " + " ".join(f"v{i}" for i in range(n)) + "\n  edges "
        es = {(min(u, v), max(u, v)) for u, v in ((rng3.randrange(n), rng3.randrange(n)) for _ in range(2 * n)) if u != v}
        text += ", ".join(f"v{u} -- v{v}" for u, v in sorted(es)) + f"\n  k = {n // 2}\n}}\n"
        if len(text) >= kb * 1000:
            break
        n += 50
    open(f"{d}/vc{kb}.geo", "w").write(text)
PY
"$BIN" certify "$DIR/uvg38.geo" --strategy --memory 4096 --timeout 0 -o "$DIR/uvg38.json" > /dev/null
python3 -c "import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'w'), separators=(',', ':'))" \
    "$DIR/uvg38.json" "$DIR/uvg38-one-line.json"
SEARCH="--max-nodes $NODES --timeout 0"
# A node of the misère UVG that verify's chain builds costs about 60 µs (it walks the token's
# reachable remainder of 2,455 vertices), a hundred times one of DVG 90; its keys are larger
# too, so a hundredth of the nodes still fills the table.
VERIFY="--max-nodes $((NODES / 100)) --timeout 0"
printf '%-56s %9s %9s %9s %9s %5s\n' "command" "wall s" "RSS MB" "budget" "over MB" "exit"
while IFS='|' read -r label args; do
    [ -n "$label" ] || continue
    # shellcheck disable=SC2086
    read -r _ wall rc rss _ < <(KILL_AFTER=900 run x $args --memory "$MEM")
    rss_mb=$(echo "$rss / 1024" | bc -l)
    printf '%-56s %9.3f %9.1f %9s %9.1f %5s\n' "$label" "$wall" "$rss_mb" "$MEM" \
        "$(echo "$rss_mb - $MEM" | bc -l)" "$rc"
done <<SPECS
solve DVG 90 (exhaustive)|solve $DIR/dvg90.geo --method exhaustive $SEARCH
solve DVG 90 (exhaustive, --threads 2)|solve $DIR/dvg90.geo --method exhaustive --threads 2 $SEARCH
solve DVG 90 (dfpn: unknown once its table is full)|solve $DIR/dvg90.geo --method dfpn --timeout 0
solve UVG 100k (matching; input over the cap)|solve $DIR/uvg100k.geo --method matching --timeout 0
certify DVG 90|certify $DIR/dvg90.geo $SEARCH
certify DVG 90 --strategy|certify $DIR/dvg90.geo --strategy $SEARCH
certify DVG 55 --strategy (search, then strategy)|certify $DIR/dvg55.geo --strategy --timeout 0
certify UVG 38 --strategy (12 MB certificate)|certify $DIR/uvg38.geo --strategy --timeout 0
verify QBF 20 -> misere-uvg --by search|verify $DIR/qbf20.geo --to misere-uvg --by search $VERIFY
verify QBF 20 -> misere-uvg (--by auto)|verify $DIR/qbf20.geo --to misere-uvg $VERIFY
verify QBF 20 -> misere-uvg --by certificate|verify $DIR/qbf20.geo --to misere-uvg --by certificate --timeout 0
check-cert UVG 38, 12 MB certificate (indented)|check-cert $DIR/uvg38.geo $DIR/uvg38.json --timeout 0
check-cert UVG 38, 4.8 MB certificate (one line)|check-cert $DIR/uvg38.geo $DIR/uvg38-one-line.json --timeout 0
compile VC 20 KB -> pvg (DSL)|compile $DIR/vc20.geo --to pvg -o $DIR/out.geo --force
compile VC 20 KB -> pvg (DOT)|compile $DIR/vc20.geo --to pvg --format dot -o $DIR/out.dot --force
compile VC 85 KB -> pvg (DSL)|compile $DIR/vc85.geo --to pvg -o $DIR/out.geo --force
compile VC 85 KB -> pvg (JSON)|compile $DIR/vc85.geo --to pvg --format json -o $DIR/out.json --force
check --via qbf-dvg --max-size 6 --cases 300 --certify|check --via qbf-dvg --max-size 6 --cases 300 --certify --quiet
render DVG 90 (DOT)|render $DIR/dvg90.geo -o $DIR/dvg90.dot --force
render DVG 40 --via dvg-nimg (DOT)|render $DIR/dvg40.geo --via dvg-nimg -o $DIR/nimg40.dot --force
render DVG 25 --via dvg-nimg (SVG, graphviz)|render $DIR/dvg25.geo --via dvg-nimg -o $DIR/nimg25.svg --force
render DVG 100 --via dvg-nimg (DOT)|render $DIR/dvg100.geo --via dvg-nimg -o $DIR/nimg100.dot --force
render UVG 38 --strategy (12 MB certificate)|render $DIR/uvg38.geo --strategy $DIR/uvg38.json -o $DIR/uvg38.dot --force
SPECS
echo "(over MB: peak RSS minus the budget. Inputs over --memory/100 and certificates whose"
echo " parsed form would not fit are refused before they are parsed: exit 2)"
