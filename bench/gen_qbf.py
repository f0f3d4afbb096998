#!/usr/bin/env python3
"""Deterministic random 3QBF instances (QDIMACS) for bench/qbf_depqbf.sh and bench/end_to_end.sh.

usage: gen_qbf.py FAMILY N SEED [RATIO]  > formula.qdimacs

FAMILY is the prefix:
  eae  three blocks  ∃ x1..xa  ∀ x(a+1)..xb  ∃ x(b+1)..xN  with a = N/3, b = 2N/3 (rounded down);
  alt  fully alternating, one variable per block:  ∃x1 ∀x2 ∃x3 ∀x4 …
The matrix has round(RATIO * N) clauses (default RATIO 2.0; the benchmarks pass the ratio of
their hard region, where about half the formulas are true). Each clause has 3 distinct
variables with random signs and at least 2 existential variables (Gent and Walsh's fix of the
plain random model: a clause whose ∃ literal precedes its ∀ literals reduces to a unit, and one
with no ∃ literal makes the formula false at once, so the plain model is trivially false).
Python's random.Random(SEED) with the family and N mixed in, so the same arguments give the
same file on every machine.
"""
import random
import sys


def prefix(family, n):
    if family == "eae":
        a, b = n // 3, 2 * n // 3
        return [("e", list(range(1, a + 1))), ("a", list(range(a + 1, b + 1))),
                ("e", list(range(b + 1, n + 1)))]
    if family == "alt":
        return [("e" if v % 2 == 1 else "a", [v]) for v in range(1, n + 1)]
    raise SystemExit(f"gen_qbf.py: unknown family {family!r} (eae or alt)")


def main():
    if len(sys.argv) not in (4, 5):
        raise SystemExit(__doc__)
    family, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    ratio = float(sys.argv[4]) if len(sys.argv) == 5 else 2.0
    if n < 3:
        raise SystemExit("gen_qbf.py: N must be at least 3")
    blocks = [(q, vs) for q, vs in prefix(family, n) if vs]
    exists = {v for q, vs in blocks if q == "e" for v in vs}
    rng = random.Random(f"{family}/{n}/{seed}")
    m = round(ratio * n)
    clauses = []
    while len(clauses) < m:
        vs = rng.sample(range(1, n + 1), 3)
        if sum(v in exists for v in vs) < 2:
            continue
        clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    print(f"c gen_qbf.py {family} {n} {seed} {ratio}")
    print(f"p cnf {n} {m}")
    for q, vs in blocks:
        print(q, *vs, 0)
    for c in clauses:
        print(*c, 0)


if __name__ == "__main__":
    main()
