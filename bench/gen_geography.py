#!/usr/bin/env python3
"""Deterministic random geography instances for the exhaustive-search benchmarks.

usage: gen_geography.py N OUTDEG SEED [vertex|edge] [fixed|avg]  > game.geo

fixed (default): every vertex v0..v{N-1} gets OUTDEG distinct random out-neighbours other
than itself (no sinks). avg: N*OUTDEG distinct random arcs without loops, so the out-degree is
OUTDEG on average (sinks occur). Python's random.Random(SEED), so the same arguments give the
same file on every machine; the token starts at v0. Prints the georeduce DSL.
"""
import random
import sys


def main():
    n, deg, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rule = sys.argv[4] if len(sys.argv) > 4 else "vertex"
    mode = sys.argv[5] if len(sys.argv) > 5 else "fixed"
    rng = random.Random(seed)
    edges = []
    if mode == "fixed":
        for u in range(n):
            for v in rng.sample([w for w in range(n) if w != u], min(deg, n - 1)):
                edges.append((u, v))
    else:
        arcs = set()
        while len(arcs) < min(n * deg, n * (n - 1)):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v and (u, v) not in arcs:
                arcs.add((u, v))
                edges.append((u, v))
    print("geography {")
    print(f"  directed {rule} geography")
    print("  normal play")
    print("  tokens: one at v0")
    print("  vertices " + " ".join(f"v{i}" for i in range(n)))
    print("  edges " + ", ".join(f"v{u} -> v{v}" for u, v in edges))
    print("}")


if __name__ == "__main__":
    main()
