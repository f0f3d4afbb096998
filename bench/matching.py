#!/usr/bin/env python3
"""networkx's maximum matching against georeduce's UVG all-starts path (issue #13 §3).

On the same seeded random undirected graphs (n vertices, m = 5n distinct uniform random edges
without loops; Python's random.Random("n/m/seed")), one run, three processes per graph, each
pinned to one core (taskset -c $BENCH_CORE, default 1) and charged its whole-process CPU time:

  * networkx  -- `networkx.max_weight_matching(G, maxcardinality=True)` on the unweighted
                 graph (Edmonds' blossom algorithm in pure Python: networkx's only maximum
                 matching for general graphs), graph building included;
  * ours      -- the `uvg_all_starts` bench binary: reads the same edge list and decides UVG
                 from every start vertex at once (one Gallai–Edmonds decomposition);
  * cli       -- `georeduce solve G.geo --json`: the user's path, the DSL file parsed and the
                 game rooted at v0 solved by the matching method (line of play included).

Agreement: the matching sizes are equal, every vertex networkx's maximum matching leaves
exposed is one where we say player I loses (a vertex some maximum matching misses), and the
CLI's winner from v0 is the all-starts answer for v0. Prints one line per size (CPU seconds
summed over the seeds, in-process times, ratio networkx/ours), then the largest size each
finishes within the limit (CPU seconds, enforced with RLIMIT_CPU); writes bench/out/matching.json
and its plot bench/out/matching.svg (`--plot JSON...` redraws the plot from earlier runs). Exit 1
on any disagreement.
Usage: see bench/matching.sh.
"""

import argparse
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svgplot import write_panels, redraw  # noqa: E402

SIZES = [1_000, 3_000, 10_000, 30_000, 100_000]

# networkx in a child process: the edge list file, then the file to write the exposed
# vertices to. Prints {"matching": size, "matching_s": seconds of the call alone}.
PEER = r"""
import json, sys, time
import networkx as nx
with open(sys.argv[1]) as f:
    n, m = map(int, f.readline().split())
    edges = [tuple(map(int, line.split())) for line in f]
g = nx.Graph()
g.add_nodes_from(range(n))
g.add_edges_from(edges)
t = time.process_time()
mate = nx.max_weight_matching(g, maxcardinality=True)
took = time.process_time() - t
matched = {v for e in mate for v in e}
with open(sys.argv[2], "w") as f:
    f.writelines(f"{v}\n" for v in range(n) if v not in matched)
print(json.dumps({"matching": len(mate), "matching_s": took}))
"""


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, cpu_limit):
    """Runs cmd pinned to one core with a limit of `cpu_limit` CPU seconds (RLIMIT_CPU: on a
    shared machine a wall-clock limit would measure the load), and a wall-clock limit ten
    times that. Returns (stdout, or None on failure or either limit; CPU s)."""
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", os.environ.get("BENCH_CORE", "1")] + cmd
    limit = max(1, int(cpu_limit))

    def cap():
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))

    before = cpu_children()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=cap)
    try:
        out, err = proc.communicate(timeout=10 * limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None, cpu_children() - before
    if proc.returncode == -signal.SIGXCPU or proc.returncode == -signal.SIGKILL:
        return None, cpu_children() - before
    if proc.returncode != 0:
        print(f"  {' '.join(cmd[-2:])} exited {proc.returncode}: {err.strip()[-500:]}",
              flush=True)
        return None, cpu_children() - before
    return out, cpu_children() - before


def random_graph(n, m, seed):
    rng = random.Random(f"{n}/{m}/{seed}")
    edges = set()
    while len(edges) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def write_files(tmp, n, edges, seed):
    base = os.path.join(tmp, f"g{n}-{seed}")
    with open(base + ".edges", "w") as f:
        f.write(f"{n} {len(edges)}\n")
        f.writelines(f"{u} {v}\n" for u, v in edges)
    with open(base + ".geo", "w") as f:
        f.write(f'geography "random UVG n={n} m={len(edges)} seed={seed}" {{\n'
                "  undirected vertex geography\n  normal play\n  tokens: one at v0\n")
        f.write("  vertices " + " ".join(f"v{i}" for i in range(n)) + "\n  edges\n")
        f.writelines(f"    v{u} -- v{v}\n" for u, v in edges)
        f.write("}\n")
    return base


def read_set(path):
    with open(path) as f:
        return {int(line) for line in f if line.strip()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--georeduce", help="the georeduce binary (required unless --plot)")
    ap.add_argument("--plot", nargs="+", metavar="JSON",
                    help="only draw OUT/matching.svg from earlier runs' matching.json files")
    ap.add_argument("--all-starts", help="the uvg_all_starts bench binary (required unless --plot)")
    ap.add_argument("--python", default=sys.executable, help="a Python with networkx")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--degree", type=int, default=5, help="edges per vertex (m = degree * n)")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per process")
    ap.add_argument("--peer-timeout", type=float, help="networkx's limit (default: --timeout)")
    ap.add_argument("--out", default="bench/out")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.plot:
        redraw(args.plot, "rows", write_svg, args.out, "matching.svg")
        return
    if not (args.georeduce and args.all_starts):
        ap.error("--georeduce and --all-starts are required (unless --plot)")
    tmp = tempfile.mkdtemp(prefix="georeduce-matching-")
    solvers = ["networkx", "ours", "cli"]
    alive, largest, rows, all_agree = set(solvers), {}, [], True
    header = (f"{'n':>7} {'m':>7} {'seeds':>5} {'networkx s':>10} {'nx call s':>9} "
              f"{'ours s':>8} {'all-starts s':>12} {'cli s':>8} {'nx/ours':>8} "
              f"{'matching':>8} {'I wins':>7}  agree")
    print(header)
    print("-" * len(header), flush=True)
    for n in [int(s) for s in args.sizes.split(",")]:
        m = args.degree * n
        tot = {s: 0.0 for s in solvers}
        done = {s: 0 for s in solvers}
        inner = {"networkx": 0.0, "ours": 0.0}
        agree, matching, first_wins = True, [], []
        for seed in range(args.seeds):
            base = write_files(tmp, n, random_graph(n, m, seed), seed)
            res = {}
            if "networkx" in alive:
                out, cpu = run([args.python, "-c", PEER, base + ".edges", base + ".exposed"],
                               args.peer_timeout or args.timeout)
                if out is None:
                    alive.discard("networkx")
                else:
                    res["networkx"] = json.loads(out)
                    tot["networkx"] += cpu
                    done["networkx"] += 1
                    inner["networkx"] += res["networkx"]["matching_s"]
            if "ours" in alive:
                out, cpu = run([args.all_starts, base + ".edges", base + ".deficient"],
                               args.timeout)
                if out is None:
                    alive.discard("ours")
                else:
                    res["ours"] = json.loads(out)
                    tot["ours"] += cpu
                    done["ours"] += 1
                    inner["ours"] += res["ours"]["all_starts_s"]
                    matching.append(res["ours"]["matching"])
                    first_wins.append(res["ours"]["first_wins"])
            if "cli" in alive:
                out, cpu = run([args.georeduce, "solve", base + ".geo", "--json", "--quiet",
                                "--timeout", str(int(args.timeout) * 10)], args.timeout)
                if out is None:
                    alive.discard("cli")
                else:
                    res["cli"] = json.loads(out)
                    tot["cli"] += cpu
                    done["cli"] += 1
            problems = []
            if "ours" in res:
                deficient = read_set(base + ".deficient")
                if "networkx" in res:
                    if res["networkx"]["matching"] != res["ours"]["matching"]:
                        problems.append(f"matching sizes {res['networkx']['matching']} (networkx)"
                                        f" and {res['ours']['matching']} (ours)")
                    exposed = read_set(base + ".exposed")
                    if not exposed <= deficient:
                        problems.append(f"{len(exposed - deficient)} vertices exposed by networkx"
                                        " are not in our set D")
                if "cli" in res:
                    cli_second = res["cli"]["winner"] == "second"
                    if cli_second != (0 in deficient):
                        problems.append(f"cli says {res['cli']['winner']} from v0, all-starts "
                                        f"says {'second' if 0 in deficient else 'first'}")
            if problems:
                agree = all_agree = False
                print(f"  DISAGREEMENT n={n} seed={seed}: {'; '.join(problems)}", flush=True)
        row = {"n": n, "m": m, "seeds": args.seeds, "agree": agree, "matching": matching,
               "first_wins": first_wins}
        for s in solvers:
            row[s] = tot[s] if done[s] == args.seeds else None
            if row[s] is not None:
                largest[s] = n
        row["networkx_call"] = inner["networkx"] if row["networkx"] is not None else None
        row["ours_all_starts"] = inner["ours"] if row["ours"] is not None else None
        both = row["networkx"] is not None and row["ours"]
        row["ratio"] = row["networkx"] / row["ours"] if both else None
        rows.append(row)
        cell = lambda x, w, p=3: f"{x:{w}.{p}f}" if x is not None else f"{'—':>{w}}"  # noqa: E731
        span = lambda xs: (f"{min(xs)}–{max(xs)}" if len(set(xs)) > 1 else f"{xs[0]}") if xs else "—"  # noqa: E731
        print(f"{n:7} {m:7} {args.seeds:5} {cell(row['networkx'], 10)} "
              f"{cell(row['networkx_call'], 9)} {cell(row['ours'], 8)} "
              f"{cell(row['ours_all_starts'], 12)} {cell(row['cli'], 8)} "
              f"{cell(row['ratio'], 8, 0)} {span(matching):>8} {span(first_wins):>7}  "
              f"{'yes' if agree else 'NO'}", flush=True)
    print()
    print(f"largest size finished within the limit ({args.timeout:g} CPU s per graph, networkx "
          f"{args.peer_timeout or args.timeout:g} CPU s; all seeds): "
          + "  ".join(f"{s}: {largest.get(s, '—')}" for s in solvers))
    with open(os.path.join(args.out, "matching.json"), "w") as f:
        json.dump({"timeout": args.timeout, "rows": rows}, f, indent=1)
    write_svg(rows, os.path.join(args.out, "matching.svg"))
    print(f"wrote {args.out}/matching.json and {args.out}/matching.svg")
    shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(0 if all_agree else 1)


def write_svg(rows, path):
    """One log-log panel per edge density: CPU seconds per graph against vertices, one line
    per solver (whole processes); a cross on the top edge where a solver missed the limit."""
    colours = {"networkx": "#D55E00", "ours": "#0072B2", "cli": "#009E73"}
    panels = []
    for degree in dict.fromkeys(r["m"] // r["n"] for r in rows):
        mine = {r["n"]: r for r in rows if r["m"] // r["n"] == degree}.values()
        panels.append({
            "title": f"m = {degree}n: CPU s per graph vs vertices",
            "lines": {s: [(r["n"], r[s] / r["seeds"]) for r in mine if r[s] is not None]
                      for s in colours},
            "missed": {s: [r["n"] for r in mine if r[s] is None] for s in colours},
        })
    write_panels(path, panels, colours, x_decades=(3, 5), y_decades=(-3, 2), cols=2,
                 legend={"networkx": "networkx max_weight_matching", "ours": "uvg_all_starts",
                         "cli": "georeduce solve (DSL file)"})


if __name__ == "__main__":
    main()
