#!/usr/bin/env python3
"""`georeduce verify --by auto` designs compared on the papers' chains, pinned to cores.

Runs every case (a 3QBF and a chain) with every binary on every core set and prints a
Markdown table of wall times with the evidence that decided the last step (S = search,
C = certificate, ? = unknown), and writes the raw runs as JSON (--out).

Usage:
  python3 bench/verify_auto.py --bin NAME=PATH [--bin NAME=PATH ...] [--cores 1 --cores 0,1]
      [--timeout 10] [--out runs.json]

The random formulas are those of bench/verify_by_certificate.sh (python `random` seeded with
SEED, one variable per block of an ∃∀∃… prefix, 3 distinct variables per clause), so seeds
match the tables of docs/verification.md. Wall time is the whole command's, read by this
script; the machine's load average is printed with the table.
"""
import argparse
import json
import os
import random
import subprocess
import tempfile
import time

CHAINS_ALL = [
    "qbf-pvg",
    "qbf-deg,deg-ueg",
    "qbf-deg,deg-misere-deg",
    "qbf-dvg,dvg-misere-uvg",
    "qbf-dvg,dvg-nimg",
]
# Issue #13's 3-variable, 2-clause formula.
ISSUE_FORMULA = "p cnf 3 2\ne 1 0\na 2 0\ne 3 0\n1 -3 1 0\n3 2 -3 0\n"


def random_3qbf(n, m, seed):
    r = random.Random(seed)
    lines = [f"p cnf {n} {m}"] + [f"{'e' if v % 2 else 'a'} {v} 0" for v in range(1, n + 1)]
    for _ in range(m):
        vs = r.sample(range(1, n + 1), 3)
        lines.append(" ".join(str(v if r.random() < 0.5 else -v) for v in vs) + " 0")
    return "\n".join(lines) + "\n"


def cases(tmp):
    """(label, file, chain) for every case."""
    out = []
    bundled = "examples/fraenkel-simonson.qbf"
    for chain in CHAINS_ALL:
        out.append(("bundled (3 vars, 3 clauses)", bundled, chain))
    issue = os.path.join(tmp, "issue13.qdimacs")
    open(issue, "w").write(ISSUE_FORMULA)
    for chain in CHAINS_ALL:
        out.append(("issue #13 (3 vars, 2 clauses)", issue, chain))
    for n, m, seed, chains in [
        (6, 10, 100, ["qbf-pvg", "qbf-deg,deg-ueg", "qbf-deg,deg-misere-deg", "qbf-dvg,dvg-nimg"]),
        (6, 10, 101, ["qbf-pvg", "qbf-deg,deg-ueg", "qbf-deg,deg-misere-deg", "qbf-dvg,dvg-nimg"]),
        (6, 4, 300, ["qbf-deg,deg-ueg", "qbf-dvg,dvg-nimg"]),
        (10, 20, 500, ["qbf-pvg", "qbf-deg,deg-ueg"]),
        (20, 40, 0, ["qbf-pvg"]),
    ]:
        f = os.path.join(tmp, f"q{n}-{m}-{seed}.qdimacs")
        open(f, "w").write(random_3qbf(n, m, seed))
        for chain in chains:
            out.append((f"{n} vars, {m} clauses, seed {seed}", f, chain))
    return out


def run(binary, cores, f, chain, timeout):
    cmd = ["taskset", "-c", cores, binary, "verify", f, "--via", chain, "--json",
           "--timeout", str(timeout)]
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
        code, text = p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        code, text = None, ""
    secs = time.monotonic() - start
    try:
        j = json.loads(text)
        result = j["result"]
        by = [s.get("by") for s in j["steps"]]
    except (ValueError, KeyError):
        result, by = "crash" if code not in (None, 3) else "killed", []
    return {"seconds": round(secs, 3), "exit": code, "result": result, "by": by}


def cell(r):
    letters = "".join({"search": "S", "certificate": "C"}.get(b, "?") for b in r["by"]) or "-"
    mark = {"match": "", "unknown": " unknown", "mismatch": " MISMATCH"}.get(r["result"], " " + r["result"])
    return f"{r['seconds']:.2f} s {letters}{mark}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", action="append", required=True, help="NAME=PATH of a georeduce binary")
    ap.add_argument("--cores", action="append", help="taskset core list (repeatable); default 1 and 0,1")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", help="write the raw runs here as JSON")
    a = ap.parse_args()
    bins = [b.split("=", 1) for b in a.bin]
    core_sets = a.cores or ["1", "0,1"]
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        all_cases = cases(tmp)
        load = os.getloadavg()
        for label, f, chain in all_cases:
            for cores in core_sets:
                for name, path in bins:
                    r = run(path, cores, f, chain, a.timeout)
                    r.update(case=label, chain=chain, cores=cores, binary=name)
                    runs.append(r)
                    print(json.dumps(r), flush=True)
        load_end = os.getloadavg()
    if a.out:
        with open(a.out, "w") as fh:
            json.dump({"timeout": a.timeout, "load_start": load, "load_end": load_end, "runs": runs},
                      fh, indent=1, sort_keys=True)
    cols = [(c, n) for c in core_sets for n, _ in bins]
    print()
    print(f"load average at start {load[0]:.2f}, at end {load_end[0]:.2f}; --timeout {a.timeout:g}")
    print("| formula | chain | " + " | ".join(f"{n}, cores {c}" for c, n in cols) + " |")
    print("|---|---|" + "---|" * len(cols))
    seen = []
    for r in runs:
        key = (r["case"], r["chain"])
        if key in seen:
            continue
        seen.append(key)
        row = []
        for c, n in cols:
            m = [x for x in runs if (x["case"], x["chain"], x["cores"], x["binary"]) == (*key, c, n)]
            row.append(cell(m[0]) if m else "")
        print(f"| {key[0]} | {key[1]} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
