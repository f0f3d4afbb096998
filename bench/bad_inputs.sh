#!/usr/bin/env bash
# How fast large bad files are rejected (issue 12: "a 10 MB bad file is rejected in under a
# second"). Generates five ~10 MB files that must all be refused with a diagnostic (exit 2)
# and prints, for each, the wall-clock and CPU time, the peak RSS and the size of the report.
#
# usage: bench/bad_inputs.sh
#
# CPU time (user + sys) is what the command costs; wall-clock time also includes waiting for a
# core, which on a shared machine can be several times more (the load average is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${GEOREDUCE:-target/release/georeduce}
[ -x "$BIN" ] || cargo build --release -q
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

python3 - "$DIR" <<'EOF'
import sys
d = sys.argv[1]
n = 400_000
vs = " ".join(f"v{i}" for i in range(n))
es = ", ".join(f"v{i} -> v{(7 * i + 1) % n}" for i in range(n))
head = "geography {\n  directed vertex geography\n  tokens: one at v0\n"
# A syntax error on the last line of an otherwise valid 10 MB game.
open(f"{d}/syntax-error-at-end.geo", "w").write(f"{head}  vertices {vs}\n  edges {es}\n  edges v1 ->\n}}\n")
# The same on one line (a one-line file: diagnostics show a window of the line).
open(f"{d}/one-line-syntax-error.geo", "w").write(f"{head}  vertices {vs} edges {es} edges v1 -> }}\n".replace("\n", " "))
# 400,000 edges between undeclared vertices, one per line.
open(f"{d}/unknown-vertices.geo", "w").write(head + "  vertices a b\n  edges\n" + "".join(f"    u{i} -> w{i}\n" for i in range(n)) + "}\n")
# 1,200,000 copies of one edge on one line (the most tokens per byte).
open(f"{d}/duplicate-edges-one-line.geo", "w").write("hampath {\n  directed graph\n  vertices a b\n  edges " + ", ".join(["a -> b"] * 1_200_000) + "\n}\n")
# 800,000 lines of garbage (a syntax error on the first).
open(f"{d}/garbage.geo", "w").write("geography {\n" + "  @@@ !!! ###\n" * 800_000 + "}\n")
EOF

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-30s %8s %8s %8s %9s %9s %5s\n' file MB wall_s cpu_s rss_MB stderr_KB exit
for f in "$DIR"/*.geo; do
    set +e
    /usr/bin/time -f "%e %U %S %M" -o "$DIR/t" "$BIN" parse "$f" > /dev/null 2> "$DIR/err"
    rc=$?
    set -e
    read -r wall user sys rss < <(tail -1 "$DIR/t")
    printf '%-30s %8.1f %8.2f %8.2f %9.0f %9.1f %5s\n' "$(basename "$f" .geo)" \
        "$(echo "$(stat -c %s "$f") / 1000000" | bc -l)" "$wall" "$(echo "$user + $sys" | bc -l)" \
        "$(echo "$rss / 1024" | bc -l)" "$(echo "$(stat -c %s "$DIR/err") / 1024" | bc -l)" "$rc"
done
