#!/usr/bin/env python3
"""Side-by-side benchmark of georeduce's QBF solver against DepQBF (issue #13 §3).

For each family (eae: ∃∀∃ three blocks; alt: fully alternating), number of variables and
seed, bench/gen_qbf.py writes one random 3QBF in QDIMACS; `georeduce solve FILE --json` and
`depqbf FILE` then run on that same file, each a separate process pinned to one core
(taskset -c $BENCH_CORE, default 1) and charged its whole-process CPU time (user + system,
from the kernel's accounting of finished children), with a wall-clock limit per instance.
DepQBF's answer is its exit code (10 = true, 20 = false). First it prints each process's
start-up cost (best of ten runs on a one-clause formula): at these sizes both solvers answer
in well under a millisecond, so whole-process times are mostly start-up.

Prints one line per (family, vars): clauses, seeds, true formulas, our CPU seconds and
DepQBF's (summed over the seeds), the ratio ours/DepQBF of the sums and the largest ratio of
one formula, our search nodes and in-solver seconds (`stats` of `solve --json`), and whether
every answer agreed; then the largest size each solver finished within the limit. A disagreement
is printed at once with the file's text and makes the exit status 1. Writes
bench/out/qbf_depqbf.json and its plot bench/out/qbf_depqbf.svg (`--plot JSON...` redraws the
plot from earlier runs). Usage: see bench/qbf_depqbf.sh.
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
VARS = [10, 20, 30, 40, 50, 60, 70, 80]
# The clause/variable ratio of each family's hard region, by number of variables: where about
# half the formulas of bench/gen_qbf.py are true (bisection with DepQBF over 40 seeds, 1000–1039,
# which the benchmark does not use, smoothed). Other sizes take the nearest calibrated one.
RATIOS = {
    "eae": {10: 2.0, 20: 1.6, 30: 1.5, 40: 1.5, 50: 1.4, 60: 1.4, 70: 1.4, 80: 1.3},
    "alt": {10: 1.45, 20: 1.25, 30: 1.15, 40: 1.05, 50: 1.0, 60: 1.0, 70: 0.95, 80: 0.9},
}


def hard_ratio(family, n):
    table = RATIOS[family]
    return table[min(table, key=lambda k: (abs(k - n), k))]


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, timeout):
    """Runs cmd pinned to one core. Returns (returncode or None on timeout, stdout, CPU s)."""
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", os.environ.get("BENCH_CORE", "1")] + cmd
    before = cpu_children()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        out, code = "", None
    return code, out, cpu_children() - before


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--georeduce", help="the georeduce binary (required unless --plot)")
    ap.add_argument("--plot", nargs="+", metavar="JSON",
                    help="only draw OUT/qbf_depqbf.svg from earlier runs' qbf_depqbf.json files")
    ap.add_argument("--depqbf", default="depqbf")
    ap.add_argument("--families", default="eae,alt")
    ap.add_argument("--vars", default=",".join(map(str, VARS)))
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--ratio", type=float, help="clauses per variable (default: RATIOS)")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--out", default="bench/out")
    ap.add_argument("--keep", help="directory to keep the generated QDIMACS files in")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.plot:
        redraw(args.plot, "rows", write_svg, args.out, "qbf_depqbf.svg")
        return
    if not args.georeduce:
        ap.error("--georeduce is required (unless --plot)")

    tmp = args.keep or tempfile.mkdtemp(prefix="georeduce-qbf-")
    os.makedirs(tmp, exist_ok=True)
    sizes = [int(v) for v in args.vars.split(",")]
    families = args.families.split(",")
    rows, largest, all_agree = [], {}, True
    # Start-up cost of each process: the smallest CPU time of ten runs on a one-clause formula.
    trivial = os.path.join(tmp, "trivial.qdimacs")
    with open(trivial, "w") as f:
        f.write("p cnf 1 1\ne 1 0\n1 0\n")
    startup = {
        "ours": min(run([args.georeduce, "solve", trivial, "--quiet"], 10)[2] for _ in range(10)),
        "depqbf": min(run([args.depqbf, trivial], 10)[2] for _ in range(10)),
    }
    print(f"start-up CPU on a one-clause formula (best of 10): ours {startup['ours']:.4f} s, "
          f"depqbf {startup['depqbf']:.4f} s")
    header = (f"{'family':6} {'vars':>4} {'clauses':>7} {'seeds':>5} {'true':>4} "
              f"{'ours s':>9} {'depqbf s':>9} {'ratio':>7} {'max ratio':>9} {'our nodes':>10} {'search s':>9}  agree")
    print(header)
    print("-" * len(header), flush=True)
    for fam in families:
        alive = {"ours", "depqbf"}
        for n in sizes:
            if not alive:
                break
            ratio = args.ratio if args.ratio is not None else hard_ratio(fam, n)
            tot = {"ours": 0.0, "depqbf": 0.0}
            done = {"ours": 0, "depqbf": 0}
            nodes, true, agree, clauses, worst, inner = 0, 0, True, 0, 0.0, 0.0
            for seed in range(args.seeds):
                path = os.path.join(tmp, f"{fam}-{n}-{seed}.qdimacs")
                with open(path, "w") as f:
                    subprocess.run([sys.executable, os.path.join(HERE, "gen_qbf.py"), fam,
                                    str(n), str(seed), str(ratio)], stdout=f, check=True)
                with open(path) as f:
                    clauses = next(int(l.split()[3]) for l in f if l.startswith("p "))
                answers, cpu = {}, {}
                if "ours" in alive:
                    code, out, t = run([args.georeduce, "solve", path, "--json", "--quiet",
                                        "--timeout", str(int(args.timeout) + 5)], args.timeout)
                    if code == 0:
                        j = json.loads(out)
                        answers["ours"] = j["answer"] == "yes"
                        nodes += j["stats"]["nodes"]
                        inner += j["stats"]["millis"] / 1000
                        cpu["ours"] = t
                    else:
                        alive.discard("ours")
                if "depqbf" in alive:
                    code, _, t = run([args.depqbf, path], args.timeout)
                    if code in (10, 20):
                        answers["depqbf"] = code == 10
                        cpu["depqbf"] = t
                    else:
                        alive.discard("depqbf")
                for s, t in cpu.items():
                    tot[s] += t
                    done[s] += 1
                if len(cpu) == 2 and cpu["depqbf"] > 0:
                    worst = max(worst, cpu["ours"] / cpu["depqbf"])
                true += bool(answers.get("depqbf", answers.get("ours")))
                if len(set(answers.values())) > 1:
                    agree = all_agree = False
                    with open(path) as f:
                        text = f.read()
                    print(f"  DISAGREEMENT {fam} n={n} seed={seed}: {answers}\n{text}", flush=True)
            row = {"family": fam, "vars": n, "clauses": clauses, "seeds": args.seeds,
                   "true": true, "agree": agree, "our_nodes": nodes, "our_search": inner}
            for s in ("ours", "depqbf"):
                row[s] = tot[s] if done[s] == args.seeds else None
                if row[s] is not None:
                    largest[(fam, s)] = n
            both = row["ours"] is not None and row["depqbf"] is not None
            row["ratio"] = row["ours"] / row["depqbf"] if both and row["depqbf"] > 0 else None
            row["max_ratio"] = worst if both else None
            rows.append(row)
            cell = lambda x, w=9, p=3: f"{x:{w}.{p}f}" if x is not None else f"{'—':>{w}}"  # noqa: E731
            print(f"{fam:6} {n:4} {clauses:7} {args.seeds:5} {true:4} {cell(row['ours'])} "
                  f"{cell(row['depqbf'])} {cell(row['ratio'], 7, 2)} {cell(row['max_ratio'], 9, 2)} "
                  f"{nodes:10} {inner:9.5f}  {'yes' if agree else 'NO'}", flush=True)
    print()
    print(f"largest size finished within {args.timeout:g} s per instance (all seeds):")
    for fam in families:
        print(f"  {fam:6} ours: {largest.get((fam, 'ours'), '—')}  "
              f"depqbf: {largest.get((fam, 'depqbf'), '—')}")
    with open(os.path.join(args.out, "qbf_depqbf.json"), "w") as f:
        json.dump({"timeout": args.timeout, "startup": startup, "rows": rows}, f, indent=1)
    write_svg(rows, os.path.join(args.out, "qbf_depqbf.svg"))
    print(f"\nwrote {args.out}/qbf_depqbf.json and {args.out}/qbf_depqbf.svg")
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(0 if all_agree else 1)


def write_svg(rows, path):
    """One log-log panel per family: mean CPU seconds per formula against variables, one line
    per solver; a cross on the top edge where a solver missed the limit on some formula."""
    colours = {"ours": "#0072B2", "depqbf": "#D55E00"}
    panels = []
    for fam in dict.fromkeys(r["family"] for r in rows):
        mine = [r for r in rows if r["family"] == fam]
        panels.append({
            "title": f"{fam}: CPU s per formula vs variables",
            "lines": {s: [(r["vars"], r[s] / r["seeds"]) for r in mine if r[s] is not None]
                      for s in colours},
            "missed": {s: [r["vars"] for r in mine if r[s] is None] for s in colours},
        })
    write_panels(path, panels, colours, x_decades=(1, 4), y_decades=(-3, 1), cols=2,
                 legend={"ours": "georeduce solve", "depqbf": "DepQBF 5.01"})


if __name__ == "__main__":
    main()
