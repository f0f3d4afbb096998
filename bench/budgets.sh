#!/usr/bin/env bash
# Budgets measured (issue 12): how far past `--timeout` each command runs, and the peak RSS
# of commands under `--memory`, against the budget. Prints one table per measurement.
#
# usage: bench/budgets.sh [TIMEOUT_SECS] [MEMORY_MB]        (defaults: 2 and 64)
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
BIN=${GEOREDUCE:-target/release/georeduce}
[ -x "$BIN" ] || cargo build --release -q
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $BIN; --timeout $T; --memory $MEM"
echo

# Instances: exhaustive search (a DVG no 2-second search finishes), the polynomial solvers on
# large inputs (maximum matching on a 100,000-vertex UVG, GF(2) on a 20,000-vertex
# bipartite UEG), a 20-variable QBF for certify, and a chain for verify.
python3 bench/gen_geography.py 90 3 7 vertex > "$DIR/dvg90.geo"
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
    # A runaway command is killed after 60 s (exit 137) rather than left to take the machine.
    /usr/bin/time -f "%M %U %S" -o "$DIR/rss" timeout -s KILL 60 "$BIN" "$@" > /dev/null 2> "$DIR/err"
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

echo "## Peak RSS under --memory $MEM (MB)"
printf '%-48s %9s %9s %9s %5s\n' "command" "wall s" "RSS MB" "budget" "exit"
for spec in \
    "solve DVG 90 (exhaustive)|solve $DIR/dvg90.geo --method exhaustive --timeout 20" \
    "certify DVG 90 --strategy|certify $DIR/dvg90.geo --strategy --timeout 20" \
    "verify QBF 20 -> misere-uvg --by search|verify $DIR/qbf20.geo --to misere-uvg --by search --timeout 20" \
    "solve UVG 100k (matching)|solve $DIR/uvg100k.geo --method matching --timeout 20"; do
    label=${spec%%|*}
    # shellcheck disable=SC2086
    read -r _ wall rc rss _ < <(run x ${spec#*|} --memory "$MEM")
    printf '%-48s %9.3f %9.1f %9s %5s\n' "$label" "$wall" "$(echo "$rss / 1024" | bc -l)" "$MEM" "$rc"
done
echo "(the input cap is --memory/100: a file larger than that is refused, exit 2)"
