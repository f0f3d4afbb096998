#!/usr/bin/env python3
"""The plain memoised minimax the exhaustive search is compared with (issue #13): one-token
directed vertex geography, normal play, memo keyed by (token, visited set).

usage: minimax.py FILE.geo   (a one-token directed vertex game written by gen_geography.py)
Prints the winner, the positions stored and the CPU seconds.
"""
import functools
import sys
import time


def main():
    text = open(sys.argv[1]).read()
    names = text.split("vertices ")[1].split("\n")[0].split()
    index = {name: i for i, name in enumerate(names)}
    adj = [[] for _ in names]
    for arc in text.split("edges ")[1].split("\n")[0].split(", "):
        u, v = arc.split(" -> ")
        adj[index[u]].append(index[v])
    sys.setrecursionlimit(100000)

    @functools.lru_cache(maxsize=None)
    def wins(v, visited):
        return any(not wins(w, visited | (1 << w)) for w in adj[v] if not visited >> w & 1)

    t = time.process_time()
    first = wins(0, 1)
    print(f"winner {'first' if first else 'second'} positions {wins.cache_info().currsize} "
          f"cpu {time.process_time() - t:.2f}s")


if __name__ == "__main__":
    main()
