#!/usr/bin/env python3
"""`georeduce verify` end to end on random 3QBF compiled to five games (issue #13 §3).

For each chain, size (variables:clauses) and seed, bench/gen_qbf.py writes one random 3QBF
with the fully alternating prefix ∃x1 ∀x2 ∃x3 … (family alt, the prefix the papers normalise
to), and `georeduce verify FILE <chain> --json --timeout S` runs on it with the default
`--by auto` (search and certificate route side by side, each step decided by whichever
finishes first; docs/verification.md), pinned to one core (taskset -c $BENCH_CORE, default 1)
and charged its whole-process CPU time. The budget is verify's own --timeout (wall clock);
the process is killed 30 s after it.

Prints one line per run (answer of the source, result, how the target's winner was
established: search or certificate, target size, search nodes, CPU and wall seconds), then a
summary per chain and size (results, methods, unknown count, largest CPU), and the largest
size on which each chain decided every seed. A chain that leaves every seed of a size unknown
is not run on larger sizes. Writes bench/out/end_to_end.json and its plot
bench/out/end_to_end.svg (`--plot JSON...` redraws the plot from earlier runs); exit 1 on a
MISMATCH.
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svgplot import write_panels, redraw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CHAINS = {
    "pvg": ["--to", "pvg"],
    "dvg": ["--to", "dvg"],
    "ivg2": ["--to", "ivg2"],
    "misere-uvg": ["--via", "qbf-dvg,dvg-misere-uvg"],
    "ueg": ["--via", "qbf-deg,deg-ueg"],
    "nimg": ["--via", "qbf-dvg,dvg-nimg"],
    "misere-deg": ["--via", "qbf-deg,deg-misere-deg"],
}
SIZES = "4:8,6:10,10:20,15:30,20:40,30:60"


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--georeduce", help="the georeduce binary (required unless --plot)")
    ap.add_argument("--plot", nargs="+", metavar="JSON",
                    help="only draw OUT/end_to_end.svg from earlier runs' end_to_end.json files")
    ap.add_argument("--chains", default=",".join(CHAINS))
    ap.add_argument("--sizes", default=SIZES, help="VARS:CLAUSES pairs, comma-separated")
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--out", default="bench/out")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.plot:
        redraw(args.plot, "summary", write_svg, args.out, "end_to_end.svg")
        return
    if not args.georeduce:
        ap.error("--georeduce is required (unless --plot)")
    tmp = tempfile.mkdtemp(prefix="georeduce-e2e-")
    sizes = [tuple(map(int, s.split(":"))) for s in args.sizes.split(",")]
    pin = ["taskset", "-c", os.environ.get("BENCH_CORE", "1")] if shutil.which("taskset") else []
    runs, summary, largest, mismatch = [], [], {}, False
    print(f"{'chain':11} {'vars':>4} {'cls':>3} {'seed':>4} {'answer':>6} {'result':>8} "
          f"{'method':>11} {'target |V|':>10} {'nodes':>9} {'cpu s':>7} {'wall s':>7}")
    for chain in args.chains.split(","):
        for n, m in sizes:
            results = []
            for seed in range(args.seeds):
                path = os.path.join(tmp, f"q{n}-{m}-{seed}.qdimacs")
                with open(path, "w") as f:
                    subprocess.run([sys.executable, os.path.join(HERE, "gen_qbf.py"), "alt",
                                    str(n), str(seed), repr(m / n)], stdout=f, check=True)
                cmd = pin + [args.georeduce, "verify", path, *CHAINS[chain], "--json",
                             "--quiet", "--timeout", str(args.timeout)]
                before, start = cpu_children(), time.monotonic()
                try:
                    p = subprocess.run(cmd, capture_output=True, text=True,
                                       timeout=args.timeout + 30)
                    out, code = p.stdout, p.returncode
                except subprocess.TimeoutExpired:
                    out, code = "", None
                wall, cpu = time.monotonic() - start, cpu_children() - before
                r = {"chain": chain, "vars": n, "clauses": m, "seed": seed, "cpu": cpu,
                     "wall": wall, "exit": code}
                try:
                    v = json.loads(out)
                except json.JSONDecodeError:
                    v = None
                if v:
                    last = v["steps"][-1] if v["steps"] else {}
                    r.update(answer=v["source_answer"], result=v["result"],
                             method=last.get("by") or "—",
                             vertices=last.get("vertices"),
                             nodes=sum((s.get("stats") or {}).get("nodes", 0) for s in v["steps"]),
                             reason=v.get("reason"))
                else:
                    r.update(answer="?", result="killed" if code is None else f"exit {code}",
                             method="—", vertices=None, nodes=0, reason=None)
                mismatch |= r["result"] == "mismatch"
                results.append(r)
                runs.append(r)
                print(f"{chain:11} {n:4} {m:3} {seed:4} {r['answer']:>6} {r['result']:>8} "
                      f"{r['method']:>11} {r['vertices'] or '—':>10} {r['nodes']:9} "
                      f"{cpu:7.3f} {wall:7.2f}", flush=True)
            decided = [r for r in results if r["result"] == "match"]
            row = {"chain": chain, "vars": n, "clauses": m, "seeds": args.seeds,
                   "match": len(decided),
                   "unknown": sum(r["result"] not in ("match", "mismatch") for r in results),
                   "mismatch": sum(r["result"] == "mismatch" for r in results),
                   "yes": sum(r["answer"] == "yes" for r in results),
                   "no": sum(r["answer"] == "no" for r in results),
                   "search": sum(r["result"] == "match" and r["method"] == "search" for r in decided),
                   "certificate": sum(r["method"] == "certificate" for r in decided),
                   "cpu_max": max(r["cpu"] for r in results),
                   "wall_max": max(r["wall"] for r in results),
                   "vertices": max((r["vertices"] or 0) for r in results)}
            summary.append(row)
            if len(decided) == args.seeds:
                largest[chain] = f"{n}:{m}"
            if not decided:
                break
    print()
    print(f"{'chain':11} {'vars':>4} {'cls':>3} {'|V|':>6} {'yes/no':>6} {'match':>5} "
          f"{'search':>6} {'cert':>4} {'unknown':>7} {'max cpu s':>9} {'max wall s':>10}")
    for s in summary:
        print(f"{s['chain']:11} {s['vars']:4} {s['clauses']:3} {s['vertices']:6} "
              f"{str(s['yes']) + '/' + str(s['no']):>6} {s['match']:5} {s['search']:6} "
              f"{s['certificate']:4} {s['unknown']:7} {s['cpu_max']:9.2f} {s['wall_max']:10.2f}")
    print()
    print("largest size (vars:clauses) with every seed decided within the budget: "
          + "  ".join(f"{c}: {largest.get(c, '—')}" for c in args.chains.split(",")))
    with open(os.path.join(args.out, "end_to_end.json"), "w") as f:
        json.dump({"timeout": args.timeout, "runs": runs, "summary": summary}, f, indent=1)
    write_svg(summary, os.path.join(args.out, "end_to_end.svg"))
    print(f"wrote {args.out}/end_to_end.json and {args.out}/end_to_end.svg")
    shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if mismatch else 0)


def write_svg(summary, path):
    """One log-log panel per chain: the largest CPU and wall seconds over the seeds against
    variables; a cross on the top edge where some seed ended unknown."""
    colours = {"cpu_max": "#0072B2", "wall_max": "#D55E00"}
    panels = []
    for chain in dict.fromkeys(r["chain"] for r in summary):
        mine = [r for r in summary if r["chain"] == chain]
        done = [r for r in mine if r["match"] + r["mismatch"] == r["seeds"]]
        panels.append({
            "title": f"{chain}: seconds vs variables",
            "lines": {s: [(r["vars"], r[s]) for r in done] for s in colours},
            "missed": {"wall_max": [r["vars"] for r in mine if r not in done]},
        })
    write_panels(path, panels, colours, x_decades=(0, 2), y_decades=(-3, 2), cols=4,
                 legend={"cpu_max": "largest CPU s of the seeds",
                         "wall_max": "largest wall s of the seeds"})


if __name__ == "__main__":
    main()
