#!/usr/bin/env python3
"""Side-by-side benchmark of georeduce's geography search against real peers.

Runs, on the same seeded random instances and in one run:
  * georeduce   -- `georeduce solve FILE --method exhaustive` (our search, one core);
  * gg          -- the Python solver `generalized-geography` (GitHub singrum/generalized-geography:
                   retrograde classification before a DFS on reachable subgraphs), whose source
                   is brought in at benchmark time by bench/peers.sh and never committed;
  * minimax     -- a plain memoised minimax in Python (the baseline the issue measured).

Families: random directed vertex (dvg) and edge (deg) geography, average out-degree 2, 3 or 4
(`avg`: arcs uniform, some sinks) or every out-degree exactly 2, 3 or 4 (`reg`: no sinks), from 10 to 1,000 vertices, rooted at vertex 0. Each solver is a separate process pinned
to one core (taskset) and charged its whole-process CPU time (user + system, from wait4), with
a wall-clock limit per instance. A solver that hits the limit on a size is not run on larger
sizes of that family. Winners are compared wherever two solvers finish.

Prints a table (family, n, seeds, each solver's CPU seconds, ratios, agreement), then the
largest size each solver finished within the limit, and writes JSON and an SVG plot of time
against size. Usage: bench/peers.sh [--quick] [--timeout S] [--seeds K] [--out DIR].
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svgplot import write_panels  # noqa: E402

SIZES = [10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500, 700, 1000]
QUICK_SIZES = [10, 20, 40, 100, 300]
FAMILIES = [f"{rule}-{shape}{d}" for rule in ("dvg", "deg") for shape in ("avg", "reg")
            for d in (2, 3, 4)]

# The solvers the peers run in a child process: one instance per process, the winner on
# stdout ("first"/"second"). The instance is an edge list on stdin: "n" then "u v" lines.
PEER_GG = r"""
import sys, threading
sys.setrecursionlimit(1_000_000)
threading.stack_size(512 << 20)
def main():
    data = sys.stdin.read().split()
    rule, n = data[0], int(data[1])
    edges = [(int(data[i]), int(data[i + 1])) for i in range(2, len(data), 2)]
    import generalized_geography as gg
    if rule == "dvg":
        from networkx import DiGraph
        g = DiGraph(); g.add_nodes_from(range(n)); g.add_edges_from(edges)
        win = gg.DVGSolver(g).is_win_dfs(0)
    else:
        g = gg.UnlabeledMultiDiGraph(); g.add_nodes_from(range(n)); g.add_edges_from(edges)
        win = gg.DEGSolver(g).is_win_dfs(0)
    print("first" if win else "second")
t = threading.Thread(target=main); t.start(); t.join()
"""

PEER_MINIMAX = r"""
import sys, threading
from functools import lru_cache
sys.setrecursionlimit(1_000_000)
threading.stack_size(512 << 20)
def main():
    data = sys.stdin.read().split()
    rule, n = data[0], int(data[1])
    edges = [(int(data[i]), int(data[i + 1])) for i in range(2, len(data), 2)]
    out = [[] for _ in range(n)]
    for e, (u, v) in enumerate(edges):
        out[u].append((v, e))
    @lru_cache(maxsize=None)
    def wins(at, used):  # used: visited vertices (dvg) or used edges (deg), as a bitmask
        for v, e in out[at]:
            bit = 1 << (v if rule == "dvg" else e)
            if not used & bit and not wins(v, used | bit):
                return True
        return False
    print("first" if wins(0, 1 if rule == "dvg" else 0) else "second")
t = threading.Thread(target=main); t.start(); t.join()
"""


def random_digraph(n, shape, degree, seed):
    """A seeded random digraph on n vertices without loops or parallel arcs.

    shape "avg": round(degree * n) arcs chosen uniformly (out-degrees vary; some vertices are
    sinks, which retrograde classification exploits); shape "reg": every vertex has exactly
    `degree` out-neighbours (no sinks at all: the hard case for every solver)."""
    rng = random.Random(f"{n}:{shape}:{degree}:{seed}")
    if shape == "reg":
        arcs = []
        for u in range(n):
            others = [v for v in rng.sample(range(n), min(n, degree + 1)) if v != u][:degree]
            arcs += [(u, v) for v in others]
        return sorted(arcs)
    m = min(round(degree * n), n * (n - 1))
    arcs = set()
    while len(arcs) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            arcs.add((u, v))
    # Start from a vertex of largest out-degree (renamed 0): from a random vertex the game
    # often ends in a sink within a few moves, which measures process start-up only.
    outdeg = [0] * n
    for u, _ in arcs:
        outdeg[u] += 1
    s = max(range(n), key=lambda v: (outdeg[v], -v))
    swap = lambda v: s if v == 0 else 0 if v == s else v  # noqa: E731
    return sorted((swap(u), swap(v)) for u, v in arcs)


def geo_text(rule, n, arcs):
    kind = "vertex" if rule == "dvg" else "edge"
    lines = [
        f'geography "random {rule} n={n}" {{',
        f"  directed {kind} geography",
        "  normal play",
        "  tokens: one at v0",
        "  vertices " + " ".join(f"v{i}" for i in range(n)),
        "  edges",
    ]
    lines += [f"    v{u} -> v{v}" for u, v in arcs]
    lines.append("}")
    return "\n".join(lines) + "\n"


def run(cmd, stdin_text, timeout, env=None):
    """Runs cmd pinned to one core; returns (stdout or None on timeout/failure, cpu seconds)."""
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", os.environ.get("BENCH_CORE", "1")] + cmd
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    start = time.monotonic()
    try:
        out, _ = proc.communicate(stdin_text, timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None, time.monotonic() - start
    # communicate() has reaped the child, so its CPU time is now in RUSAGE_CHILDREN: the
    # caller reads it as a delta (CpuClock); the wall time is returned for reference.
    return (out if proc.returncode == 0 else None), time.monotonic() - start


class CpuClock:
    """CPU seconds (user + system) of finished children, read as deltas."""

    def __init__(self):
        self.last = self.read()

    @staticmethod
    def read():
        import resource

        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    def lap(self):
        now = self.read()
        d, self.last = now - self.last, now
        return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--georeduce", help="the georeduce binary (required unless --plot)")
    ap.add_argument("--peer-path", help="PYTHONPATH holding generalized_geography (idem)")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default="bench/out")
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--sizes", help="comma-separated sizes (default: the full grid, or --quick)")
    ap.add_argument("--plot", nargs="+", metavar="JSON",
                    help="only merge the tables of earlier runs (peers.json files, e.g. one per "
                         "core) into OUT/peers.json and OUT/peers.svg, and print them")
    args = ap.parse_args()
    if args.plot:
        return plot_only(args)
    if not (args.georeduce and args.peer_path):
        ap.error("--georeduce and --peer-path are required (bench/peers.sh passes them)")

    os.makedirs(args.out, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=args.peer_path)
    families = args.families.split(",")
    sizes = QUICK_SIZES if args.quick else SIZES
    if args.sizes:
        sizes = [int(x) for x in args.sizes.split(",")]
    solvers = ["georeduce", "gg", "minimax"]
    tmp = tempfile.mkdtemp(prefix="georeduce-peers-")
    rows, largest = [], {}
    clock = CpuClock()
    header = f"{'family':9} {'n':>5} {'seeds':>5} " + " ".join(f"{s + ' s':>12}" for s in solvers)
    header += f" {'gg/ours':>9} {'mm/ours':>9}  agree"
    print(header)
    print("-" * len(header))
    for fam in families:
        rule, spec = fam.split("-")
        shape, degree = spec[:3], int(spec[3:])
        alive = set(solvers)
        for n in sizes:
            if not alive:
                break
            totals = {s: 0.0 for s in solvers}
            done = {s: 0 for s in solvers}
            agree = True
            for seed in range(args.seeds):
                arcs = random_digraph(n, shape, degree, seed)
                edge_list = f"{rule} {n}\n" + "\n".join(f"{u} {v}" for u, v in arcs) + "\n"
                path = os.path.join(tmp, f"{fam}-{n}-{seed}.geo")
                with open(path, "w") as f:
                    f.write(geo_text(rule, n, arcs))
                answers = {}
                for s in solvers:
                    if s not in alive:
                        continue
                    clock.lap()
                    if s == "georeduce":
                        cmd = [args.georeduce, "solve", path, "--method", "exhaustive",
                               "--json", "--timeout", str(int(args.timeout) + 5)]
                        out, _ = run(cmd, "", args.timeout, env)
                        ans = json.loads(out)["winner"] if out else None
                    else:
                        code = PEER_GG if s == "gg" else PEER_MINIMAX
                        out, _ = run([sys.executable, "-c", code], edge_list, args.timeout, env)
                        ans = out.strip() if out else None
                    cpu = clock.lap()
                    if ans is None:
                        alive.discard(s)
                        continue
                    answers[s] = ans
                    totals[s] += cpu
                    done[s] += 1
                if len(set(answers.values())) > 1:
                    agree = False
                    print(f"  DISAGREEMENT {fam} n={n} seed={seed}: {answers}", flush=True)
            cells, row = [], {"family": fam, "n": n, "seeds": args.seeds}
            for s in solvers:
                ok = done[s] == args.seeds
                row[s] = totals[s] if ok else None
                cells.append(f"{totals[s]:12.3f}" if ok else f"{'—':>12}")
                if ok:
                    largest[(fam, s)] = n
            ratio = lambda peer: (  # noqa: E731
                f"{row[peer] / row['georeduce']:9.1f}"
                if row[peer] is not None and row["georeduce"] else f"{'—':>9}"
            )
            row["agree"] = agree
            rows.append(row)
            print(f"{fam:9} {n:5} {args.seeds:5} " + " ".join(cells)
                  + f" {ratio('gg')} {ratio('minimax')}  {'yes' if agree else 'NO'}", flush=True)
            # Written after every row, so that a run stopped early still leaves its data.
            write_outputs(args, rows, families, solvers)
    print()
    print(f"largest size finished within {args.timeout:g} s per instance (all seeds):")
    for fam in families:
        print(f"  {fam:9} " + "  ".join(f"{s}: {largest.get((fam, s), '—')}" for s in solvers))
    write_outputs(args, rows, families, solvers)
    print(f"\nwrote {args.out}/peers.json and {args.out}/peers.svg")
    shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(0 if all(r["agree"] for r in rows) else 1)


def plot_only(args):
    """Merges peers.json tables and writes their plot; prints the merged table."""
    rows = []
    for path in args.plot:
        with open(path) as f:
            data = json.load(f)
        args.timeout, args.seeds = data["timeout"], data["seeds"]
        rows += data["rows"]
    families = list(dict.fromkeys(r["family"] for r in rows))
    solvers = ["georeduce", "gg", "minimax"]
    os.makedirs(args.out, exist_ok=True)
    write_outputs(args, rows, families, solvers)
    cell = lambda t: f"{t:.3f}" if t is not None else f"> {args.timeout:g} (timeout)"  # noqa: E731
    print("| family | n | " + " | ".join(f"{s} CPU s" for s in solvers) + " | gg/ours | agree |")
    print("|---|---|" + "---|" * len(solvers) + "---|---|")
    for r in rows:
        ratio = (f"{r['gg'] / r['georeduce']:.1f}" if r["gg"] and r["georeduce"] else "—")
        print(f"| {r['family']} | {r['n']} | " + " | ".join(cell(r[s]) for s in solvers)
              + f" | {ratio} | {'yes' if r['agree'] else 'NO'} |")
    print()
    print("| family | " + " | ".join(solvers) + " |")
    print("|---|" + "---|" * len(solvers))
    for fam in families:
        best = [max((r["n"] for r in rows if r["family"] == fam and r[s] is not None),
                    default="—") for s in solvers]
        print(f"| {fam} | " + " | ".join(str(b) for b in best) + " |")


def write_outputs(args, rows, families, solvers):
    """Writes peers.json (the table) and peers.svg (its plot) into args.out."""
    with open(os.path.join(args.out, "peers.json"), "w") as f:
        json.dump({"timeout": args.timeout, "seeds": args.seeds, "rows": rows}, f, indent=1)
    write_svg(rows, families, solvers, os.path.join(args.out, "peers.svg"))


def write_svg(rows, families, solvers, path):
    """One small log-log panel per family: CPU seconds (all seeds) against n, one line per
    solver; a cross on the top edge where a solver ran out of time."""
    colours = {"georeduce": "#0072B2", "gg": "#D55E00", "minimax": "#009E73"}
    panels = []
    for fam in families:
        mine = [r for r in rows if r["family"] == fam]
        panels.append({
            "title": f"{fam}: CPU s vs vertices",
            "lines": {s: [(r["n"], r[s]) for r in mine if r[s] is not None] for s in solvers},
            "missed": {s: [r["n"] for r in mine if r[s] is None] for s in solvers},
        })
    write_panels(path, panels, {s: colours[s] for s in solvers}, x_decades=(1, 3),
                 y_decades=(-3, 3), cols=3)


if __name__ == "__main__":
    main()
