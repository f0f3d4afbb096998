#!/usr/bin/env python3
"""An independent second witness for every game `georeduce solve` plays.

A plain memoised minimax, written from the papers' own definitions (../shared/papers, see the
README there) and NOT from the project's Rust solvers, which were not read while writing it.
It enumerates whole families of small graphs and digraphs itself (no nauty), adds seeded
random larger ones, asks `georeduce solve --batch` for every winner (graph6/digraph6 or
edge-list lines for the one-token games and Trail Trap, one-line JSON instances for the rest),
and `georeduce solve FILE --json` for a sample written in the instance language, and compares
winner by winner. Any disagreement is printed with the instance and both answers, and the exit
code is 1. The last line of output is `SUMMARY {json}`: per variant the games compared, each
player's wins and the disagreements; the self-checks; the methods `auto` used.

Before comparing, the reference checks itself against results the papers state (section
"self-checks" below), so that a misreading of a rule in this file is caught by the papers'
theorems rather than by agreement with our own code.

Usage: reference.py --bin PATH/TO/georeduce [--flip RULE] [--limit N] [--pdeg-unrooted place]
  --flip misere   deliberately play misère games as normal ones (to show the test can fail)
  --flip unrooted let player I place the token and move it in one turn (unrooted one-token games)
Python 3 standard library only.
"""

import argparse
import functools
import itertools
import json
import math
import random
import subprocess
import sys
import tempfile
import time

sys.setrecursionlimit(10000)

FIRST, SECOND = "first", "second"

# The first turn of unrooted partizan *directed* edge geography. No paper defines this game.
# The Trail Trap paper (§1.1) gives the undirected one: each player's first turn picks any
# unused edge and moves their own token along it. georeduce keeps that rule for the directed
# game, along an arc and only forwards (docs/language.md, `tokens: partizan, unrooted`; and
# docs/solvers.md, "Unrooted games"): "pick-arc". Placing the tokens instead ("place", run with
# `--pdeg-unrooted place` to list the games that differ) gives other winners in 84 of 362 games
# of this witness's families. Until the twentieth session docs/language.md said "places" for
# every partizan unrooted game, which the binary never did; the docs were corrected.
PDEG_UNROOTED = {"rule": "pick-arc"}

# --------------------------------------------------------------------------------------------
# Games.
#
# A game is a dict:
#   n          number of vertices (0 .. n-1)
#   directed   bool
#   edges      list of (u, v); arcs u -> v when directed; loops (v, v) and, in edge games,
#              parallel edges allowed
#   rule       "vertex" | "edge" | "rm" (NimG remove-then-move) | "mr" (NimG move-then-remove)
#   tokens     ("one", s) with s None for unrooted; ("partizan", (a, b)) or ("partizan", None);
#              ("two", (a, b))
#   misere     bool
#   weights    list of n ints (NimG only)
#
# A position is (mover, toks, visited, used, weights):
#   mover    0 = player I, 1 = player II
#   toks     tuple of token vertices (None = not placed yet)
#   visited  bitmask over vertices (vertex rule)
#   used     bitmask over edge indices (edge rule)
#   weights  tuple (NimG)
# --------------------------------------------------------------------------------------------


def out_lists(g):
    """Per vertex, the (edge index, other end) pairs a token can leave it by.

    Directed: the arcs whose tail it is (Fraenkel-Simonson §1: "an arc whose tail is at the
    vertex that contains the token"). Undirected: every incident edge, either way; a loop once.
    """
    out = [[] for _ in range(g["n"])]
    for i, (u, v) in enumerate(g["edges"]):
        out[u].append((i, v))
        if not g["directed"] and u != v:
            out[v].append((i, u))
    return out


def initial_position(g):
    kind, starts = g["tokens"]
    visited = 0
    if kind == "one":
        toks = (starts,)
        # The start vertex counts as visited: Fraenkel-Simonson §1, vertex versions, "an arc
        # whose head has never contained a token"; the start holds the token from the outset.
        if starts is not None:
            visited |= 1 << starts
    elif starts is None:
        toks = (None, None)
    else:
        toks = tuple(starts)
        # PVG / IVG2: both start vertices have held a token (same sentence of FS §1).
        for s in starts:
            visited |= 1 << s
    weights = tuple(g.get("weights") or ())
    return (0, toks, visited, 0, weights)


def token_steps(g, out, c, visited, used):
    """Where one token on c may go, as (new visited, new used, head) triples.

    Vertex rule (FS §1; Renault-Schmidt §1 "delete the vertex on which the token was"): along
    an edge/arc to a vertex that has never held a token. Edge rule (FS §1 IAG/PAG; FSU, UEG):
    along an edge/arc nobody has used; vertices may be revisited.
    """
    res = []
    for i, h in out[c]:
        if g["rule"] == "vertex":
            if not (visited >> h) & 1:
                res.append((visited | (1 << h), used, h))
        else:
            if not (used >> i) & 1:
                res.append((visited, used | (1 << i), h))
    return res


def moves(g, out, pos, flip):
    """Every position the player to move can reach (duplicates are harmless)."""
    mover, toks, visited, used, w = pos
    other = 1 - mover
    kind, _ = g["tokens"]
    rule = g["rule"]
    res = []
    if rule in ("rm", "mr"):
        # NimG, Renault-Schmidt §1 (after Stockman). One pointer on the start vertex.
        c = toks[0]
        nbrs = sorted({h for _, h in out[c]})  # a loop makes c its own neighbour
        if rule == "rm":
            # "removes any number of tokens from the pointed vertex, and then moves the
            # pointer to a vertex in the neighbourhood ... At least one token must be
            # removed. The player who starts his turn on a vertex with null weight loses in
            # normal convention and wins in misère convention." So w(c) = 0 means no move,
            # and the pointer may move to a neighbour of weight 0. Where c has no neighbour
            # at all the paper is silent except for its base case |V| = 1 (proof of Thm 3.1:
            # "the first player has to finish the game by taking the only token"): the player
            # only removes and the pointer stays (spec edge-misere-trailtrap.md §0 agrees).
            for k in range(1, w[c] + 1):
                nw = list(w)
                nw[c] -= k
                nw = tuple(nw)
                for d in nbrs or [c]:
                    res.append((other, (d,), visited, used, nw))
        else:
            # NimG-MR: "the player starts his turn by moving the pointer and then removes
            # tokens from the pointed vertex. If a player is forced to move to a null weight
            # vertex, he loses in normal convention and wins in misère convention": a move
            # goes to a neighbour d with w(d) > 0 and removes 1..w(d) there; with none, the
            # player has no move.
            for d in nbrs:
                for k in range(1, w[d] + 1):
                    nw = list(w)
                    nw[d] -= k
                    res.append((other, (d,), visited, used, tuple(nw)))
        return res

    if kind == "one":
        c = toks[0]
        if c is None:
            # Unrooted (Pardyl/FSU slides "chooses one arbitrarily"; kuniga.me "let player 1
            # choose it"; Trail Trap paper §1.1 "P1 places the token on their first turn, and
            # P2 is the first to move the token"). The placement is player I's whole turn; a
            # placed vertex counts as visited under the vertex rule; under the edge rule it
            # uses nothing. FSU's corollaries (unrooted UVG: P2 wins iff a perfect matching;
            # unrooted bipartite UEG: P2 wins iff the biadjacency matrix is invertible over
            # GF(2)) hold for exactly this reading; the self-checks below confirm it.
            for v in range(g["n"]):
                if g["rule"] == "vertex" and (visited >> v) & 1:
                    continue
                nv = visited | (1 << v) if g["rule"] == "vertex" else visited
                if flip == "unrooted":
                    # The deliberately wrong rule (an earlier georeduce's): player I places
                    # and moves in one turn.
                    for nv2, nu2, h in token_steps(g, out, v, nv, used):
                        res.append((other, (h,), nv2, nu2, w))
                else:
                    res.append((other, (v,), nv, used, w))
            return res
        for nv, nu, h in token_steps(g, out, c, visited, used):
            res.append((other, (h,), nv, nu, w))
        return res

    if kind == "partizan":
        mine = toks[mover]
        if mine is None:
            if g["rule"] == "edge" and (not g["directed"] or PDEG_UNROOTED["rule"] == "pick-arc"):
                # Trail Trap (paper 004 abstract and §1): "One player starts by choosing any
                # edge and moving a token from one endpoint to the other; the other player then
                # chooses a different edge and does the same." The first turn of each player
                # picks any unused edge (either direction) and moves along it.
                for i, (u, v) in enumerate(g["edges"]):
                    if (used >> i) & 1:
                        continue
                    # An arc only forwards (directed game, PDEG_UNROOTED above).
                    ends = ((u, v), (v, u)) if u != v and not g["directed"] else ((u, v),)
                    for _, b in ends:
                        nt = list(toks)
                        nt[mover] = b
                        res.append((other, tuple(nt), visited, used | (1 << i), w))
                return res
            # Other unrooted partizan games: no paper defines them; docs/language.md says
            # "each player's first turn places their own token" (Trail Trap paper §1.1 names
            # the game "where both players place tokens before either moves"). Vertex rule: an
            # unvisited vertex, which becomes visited; edge rule: any vertex, using nothing.
            for v in range(g["n"]):
                if g["rule"] == "vertex" and (visited >> v) & 1:
                    continue
                nv = visited | (1 << v) if g["rule"] == "vertex" else visited
                nt = list(toks)
                nt[mover] = v
                res.append((other, tuple(nt), nv, used, w))
            return res
        # PVG / PAG (FS §1): "Each player has one token and can move only that one."
        for nv, nu, h in token_steps(g, out, mine, visited, used):
            nt = list(toks)
            nt[mover] = h
            res.append((other, tuple(nt), nv, nu, w))
        return res

    # IVG2 / IAG2 (FS §1): "Players alternate moving either one of two tokens".
    for t in (0, 1):
        for nv, nu, h in token_steps(g, out, toks[t], visited, used):
            nt = list(toks)
            nt[t] = h
            res.append((other, tuple(nt), nv, nu, w))
    return res


def winner(g, flip=None):
    """FIRST or SECOND under optimal play.

    Normal play (FS §1): "The player first unable to move ... loses". Misère (Renault-Schmidt
    §1, "N^-" outcome; their NimG rules "wins in misère convention"): the player unable to move
    wins.
    """
    out = out_lists(g)
    misere = g["misere"] and flip != "misere"
    memo = {}

    def mover_wins(pos):
        r = memo.get(pos)
        if r is None:
            nxt = moves(g, out, pos, flip)
            if not nxt:
                r = misere
            else:
                r = any(not mover_wins(q) for q in nxt)
            memo[pos] = r
        return r

    start = initial_position(g)
    return FIRST if mover_wins(start) else SECOND


# --------------------------------------------------------------------------------------------
# Graph families.
# --------------------------------------------------------------------------------------------


def canon(n, edges, directed):
    """A canonical form under vertex relabelling.

    Vertices are first sorted into classes by an invariant (out-degree, in-degree, loops), the
    classes get consecutive labels in a fixed order, and the least edge list over every
    permutation inside the classes is the form: equal for isomorphic graphs, since an
    isomorphism preserves the invariant.
    """
    inv = [[0, 0, 0] for _ in range(n)]
    for u, v in edges:
        if u == v:
            inv[u][2] += 1
        else:
            inv[u][0] += 1
            inv[v][1] += 1
            if not directed:
                inv[u][1] += 1
                inv[v][0] += 1
    classes = {}
    for v in range(n):
        classes.setdefault(tuple(inv[v]), []).append(v)
    blocks = [classes[k] for k in sorted(classes)]
    best = None
    for perms in itertools.product(*(itertools.permutations(bl) for bl in blocks)):
        p = [0] * n
        label = 0
        for perm in perms:
            for v in perm:
                p[v] = label
                label += 1
        if directed:
            e = tuple(sorted((p[u], p[v]) for u, v in edges))
        else:
            e = tuple(sorted(tuple(sorted((p[u], p[v]))) for u, v in edges))
        if best is None or e < best:
            best = e
    return best


@functools.lru_cache(maxsize=None)
def all_graphs(n, directed, loops):
    """Every graph (digraph) on n vertices up to isomorphism, simple, loops if asked.

    Grown one vertex at a time: deleting the last vertex of any graph on n vertices leaves one
    isomorphic to a graph on n - 1 vertices of the list, so adding a vertex with every possible
    set of edges to every graph on n - 1 vertices reaches every class; the canonical form
    keeps one graph per class.
    """
    if n == 0:
        return ((),)
    v = n - 1
    slots = [(u, v) for u in range(v)]
    if directed:
        slots += [(v, u) for u in range(v)]
    if loops:
        slots.append((v, v))
    seen = set()
    res = []  # a list of edge tuples (shared through the cache: never modified)
    for base in all_graphs(n - 1, directed, loops):
        for mask in range(1 << len(slots)):
            edges = list(base) + [slots[i] for i in range(len(slots)) if (mask >> i) & 1]
            c = canon(n, edges, directed)
            if c not in seen:
                seen.add(c)
                res.append(c)
    return tuple(res)


def random_graph(rng, n, directed, p, loops=False, multi=False):
    edges = []
    for u in range(n):
        for v in range(n) if directed else range(u, n):
            if u == v and not loops:
                continue
            if rng.random() < p:
                edges.append((u, v))
                if multi and rng.random() < 0.2:
                    edges.append((u, v))
    return edges


def connected(n, edges):
    adj = [set() for _ in range(n)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    seen = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        for y in adj[x]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return len(seen) == n


# --------------------------------------------------------------------------------------------
# Self-checks: the reference against results the papers state.
# --------------------------------------------------------------------------------------------


def max_matching_size(n, edges, removed=-1):
    """Brute force: the largest set of disjoint non-loop edges avoiding vertex `removed`."""
    es = [(u, v) for u, v in set(tuple(sorted(e)) for e in edges) if u != v and removed not in (u, v)]
    best = 0

    def go(i, used, size):
        nonlocal best
        best = max(best, size)
        if i == len(es) or size + (len(es) - i) <= best:
            return
        u, v = es[i]
        if not (used >> u) & 1 and not (used >> v) & 1:
            go(i + 1, used | (1 << u) | (1 << v), size + 1)
        go(i + 1, used, size)

    go(0, 0, 0)
    return best


def gf2_rank(vectors):
    basis = []
    for x in vectors:
        for y in basis:
            x = min(x, x ^ y)
        if x:
            basis.append(x)
    return len(basis)


def in_span_of_others(lines, i):
    """Whether lines[i] is a GF(2) sum of the other lines (bit vectors)."""
    others = lines[:i] + lines[i + 1:]
    return gf2_rank(others + [lines[i]]) == gf2_rank(others)


def gf2_invertible(rows):
    rows = list(rows)
    k = len(rows)
    for col in range(k):
        piv = next((r for r in range(col, k) if (rows[r] >> col) & 1), None)
        if piv is None:
            return False
        rows[col], rows[piv] = rows[piv], rows[col]
        for r in range(k):
            if r != col and (rows[r] >> col) & 1:
                rows[r] ^= rows[col]
    return True


def game(n, directed, edges, rule, tokens, misere=False, weights=None):
    return {"n": n, "directed": directed, "edges": list(edges), "rule": rule, "tokens": tokens,
            "misere": misere, "weights": weights}


def self_checks(flip):
    """Each check is a statement of a paper; returns a list of failure strings."""
    fails = []
    counts = {}

    def check(name, ok, detail):
        counts[name] = counts.get(name, 0) + 1
        if not ok:
            fails.append(f"self-check {name}: {detail}")

    # Every graph on up to 6 vertices, then 120 random ones on 7 to 9.
    rng = random.Random(1)
    small = [(n, e) for n in range(1, 7) for e in all_graphs(n, False, False)]
    for _ in range(120):
        n = rng.randint(7, 9)
        small.append((n, random_graph(rng, n, False, rng.choice((0.2, 0.35, 0.5)))))
    for n, edges in small:
        m = max_matching_size(n, edges)
        # FSU lemma (Pardyl slides; kuniga.me Lemma 1): rooted UVG at v is a first-player
        # win iff every maximum matching saturates v, i.e. iff removing v lowers it.
        for v in range(n):
            w = winner(game(n, False, edges, "vertex", ("one", v)), flip)
            expect = FIRST if max_matching_size(n, edges, v) < m else SECOND
            check("uvg-matching-lemma", w == expect, f"n={n} {edges} from {v}: {w}")
        # FSU corollary (Pardyl slides): unrooted UVG, P2 wins iff a perfect matching.
        w = winner(game(n, False, edges, "vertex", ("one", None)), flip)
        expect = SECOND if 2 * m == n else FIRST
        check("unrooted-uvg-perfect-matching", w == expect, f"n={n} {edges}: {w}")
        if n <= 7:
            # Renault-Schmidt Thm 3.4: misère NimG-RM+NL with every weight 1 "is exactly
            # the same as the normal version of Vertex Geography on undirected graphs".
            for v in range(n):
                a = winner(game(n, False, edges, "rm", ("one", v), True, [1] * n), flip)
                b = winner(game(n, False, edges, "vertex", ("one", v)), flip)
                check("rs-thm-3.4", a == b, f"n={n} {edges} from {v}: {a} vs {b}")
    # FSU corollary (Pardyl slides): unrooted UEG on a bipartite graph with biadjacency
    # matrix M: P2 wins iff M is square and invertible over GF(2). All 0/1 matrices up to 3x3.
    for p in range(1, 4):
        for q in range(1, 4):
            for bits in range(1 << (p * q)):
                rows = [(bits >> (i * q)) & ((1 << q) - 1) for i in range(p)]
                edges = [(i, p + j) for i in range(p) for j in range(q) if (rows[i] >> j) & 1]
                w = winner(game(p + q, False, edges, "edge", ("one", None)), flip)
                expect = SECOND if p == q and gf2_invertible(rows) else FIRST
                check("unrooted-bipartite-ueg-gf2", w == expect, f"{p}x{q} {rows}: {w}")
    # FSU theorem (Pardyl slides, "UEG on a matrix"): in rooted UEG on a bipartite graph the
    # second player wins from the vertex of line l iff l is in the GF(2) span of the other
    # lines parallel to it. Every 0/1 matrix up to 3x3, every start.
    for p in range(1, 4):
        for q in range(1, 4):
            for bits in range(1 << (p * q)):
                rows = [(bits >> (i * q)) & ((1 << q) - 1) for i in range(p)]
                cols = [sum(((rows[i] >> j) & 1) << i for i in range(p)) for j in range(q)]
                edges = [(i, p + j) for i in range(p) for j in range(q) if (rows[i] >> j) & 1]
                for v in range(p + q):
                    w = winner(game(p + q, False, edges, "edge", ("one", v)), flip)
                    dep = in_span_of_others(rows, v) if v < p else in_span_of_others(cols, v - p)
                    expect = SECOND if dep else FIRST
                    check("rooted-bipartite-ueg-gf2", w == expect, f"{p}x{q} {rows} from {v}: {w}")
    # FSU corollaries and theorems (Pardyl slides): rooted UEG on K_n (n >= 2) is a first-player
    # win; on the n-cube the second player wins iff n is even; on the m x n grid from a corner
    # (m, n >= 2) the second player wins iff gcd(m + 1, n + 1) != 1.
    for k in range(2, 6):
        e = [(u, v) for u in range(k) for v in range(u + 1, k)]
        w = winner(game(k, False, e, "edge", ("one", 0)), flip)
        check("ueg-fsu-families", w == FIRST, f"K_{k}: {w}")
    for d in range(1, 4):
        e = [(x, x | (1 << i)) for x in range(1 << d) for i in range(d) if not (x >> i) & 1]
        w = winner(game(1 << d, False, e, "edge", ("one", 0)), flip)
        check("ueg-fsu-families", w == (SECOND if d % 2 == 0 else FIRST), f"Q_{d}: {w}")
    for m, k in ((2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4)):
        idx = lambda i, j: i * k + j  # noqa: E731
        e = [(idx(i, j), idx(i, j + 1)) for i in range(m) for j in range(k - 1)]
        e += [(idx(i, j), idx(i + 1, j)) for i in range(m - 1) for j in range(k)]
        w = winner(game(m * k, False, e, "edge", ("one", 0)), flip)
        expect = SECOND if math.gcd(m + 1, k + 1) != 1 else FIRST
        check("ueg-fsu-families", w == expect, f"{m}x{k} grid from a corner: {w}")
    # Trail Trap paper, Table 1: P2 wins 2/2, 4/6, 17/21, 88/112 connected graphs on 3-6 vertices;
    # the P1-win ones on 4 vertices are K_{1,3} and K_4 (§3). And §1.1: P3 is P1-win.
    for n, want in ((3, (2, 2)), (4, (4, 6)), (5, (17, 21)), (6, (88, 112))):
        conn = [e for e in all_graphs(n, False, False) if connected(n, e)]
        p2 = sum(winner(game(n, False, e, "edge", ("partizan", None)), flip) == SECOND for e in conn)
        check("trail-trap-table-1", (p2, len(conn)) == want, f"n={n}: {p2}/{len(conn)}")
    # Trail Trap paper §2: "if |E| = 0 then G is P2-win, if |E| = 1 then G is P1-win" (the
    # symbols were lost in conversion; these are the only readings consistent with the rule),
    # and "graphs with maximum degree at most 2 (including all paths and cycles) are P2-win".
    w = winner(game(2, False, [], "edge", ("partizan", None)), flip)
    check("trail-trap-small", w == SECOND, f"no edge: {w}")
    w = winner(game(3, False, [(0, 1)], "edge", ("partizan", None)), flip)
    check("trail-trap-small", w == FIRST, f"one edge: {w}")
    for k in range(3, 9):
        path = [(i, i + 1) for i in range(k - 1)]
        for name, e in (("path", path), ("cycle", path + [(k - 1, 0)])):
            w = winner(game(k, False, e, "edge", ("partizan", None)), flip)
            check("trail-trap-max-degree-2", w == SECOND, f"{name} on {k} vertices: {w}")
    # Trail Trap paper, Prop. 7: the n-gonal prism graph is P2-win.
    for k in range(3, 8):
        e = [(i, (i + 1) % k) for i in range(k)] + [(k + i, k + (i + 1) % k) for i in range(k)]
        e += [(i, k + i) for i in range(k)]
        w = winner(game(2 * k, False, e, "edge", ("partizan", None)), flip)
        check("trail-trap-prism", w == SECOND, f"prism on {2 * k} vertices: {w}")
    # Trail Trap paper, Prop. 2 ("the result also holds on multigraphs"): a graph with an
    # involutive automorphism fixing no edge is P2-win (P2 mirrors P1). Random involutions
    # and edge orbits {e, sigma(e)}, e != sigma(e), loops and repeated orbits allowed.
    rng = random.Random(2)
    for _ in range(200):
        n = rng.randint(2, 8)
        verts = list(range(n))
        rng.shuffle(verts)
        sigma = list(range(n))
        for i in range(0, rng.randint(1, n // 2) * 2, 2):
            sigma[verts[i]], sigma[verts[i + 1]] = verts[i + 1], verts[i]
        orbits = []
        for u in range(n):
            for v in range(u, n):
                m = tuple(sorted((sigma[u], sigma[v])))
                if m != (u, v) and (u, v) < m:
                    orbits.append([(u, v), m])
        edges = []
        for _ in range(rng.randint(1, 5)):
            edges += rng.choice(orbits)
        w = winner(game(n, False, edges, "edge", ("partizan", None)), flip)
        check("trail-trap-mirror", w == SECOND, f"n={n} {edges}, involution {sigma}: {w}")
    # Renault-Schmidt Thm 2.1 / 2.6 / 2.5: a pendant out-neighbour (neighbour) added to every
    # vertex turns the normal outcome into the misère one, for DVG, DEG and UEG.
    rng = random.Random(7)
    for rule, directed in (("vertex", True), ("edge", True), ("edge", False)):
        for _ in range(150):
            n = rng.randint(1, 5)
            edges = random_graph(rng, n, directed, rng.choice((0.3, 0.5)), loops=rule == "edge")
            s = rng.randrange(n)
            a = winner(game(n, directed, edges, rule, ("one", s)), flip)
            pend = edges + [(v, n + v) for v in range(n)]
            b = winner(game(2 * n, directed, pend, rule, ("one", s), True), flip)
            check("rs-pendant-misere", a == b, f"{rule} directed={directed} n={n} {edges} "
                  f"from {s}: normal {a}, misère with pendants {b}")
    return fails, counts


# --------------------------------------------------------------------------------------------
# Instances and the product's batch interface.
# --------------------------------------------------------------------------------------------


def edge_list_line(n, edges):
    """docs/cli.md: `n: u v, u v, ...` (vertices 0 .. n-1; arcs u -> v for directed games)."""
    return f"{n}: " + ", ".join(f"{u} {v}" for u, v in edges)


def nauty_bits(bits):
    """nauty's 6-bit packing: big-endian groups of six, padded with zeros, each plus 63."""
    bits = bits + [0] * (-len(bits) % 6)
    return "".join(chr(63 + int("".join(map(str, bits[i:i + 6])), 2))
                   for i in range(0, len(bits), 6))


def graph6(n, edges):
    """nauty's graph6 (formats.txt): N(n), then the upper triangle column by column."""
    es = {tuple(sorted(e)) for e in edges}
    return chr(63 + n) + nauty_bits([int((i, j) in es) for j in range(1, n) for i in range(j)])


def digraph6(n, arcs):
    """nauty's digraph6: '&', N(n), then the adjacency matrix row by row (loops on the
    diagonal)."""
    a = set(arcs)
    return "&" + chr(63 + n) + nauty_bits([int((i, j) in a) for i in range(n) for j in range(n)])


def json_line(g):
    """The serde JSON form (docs/language.md, "JSON"), on one line."""
    verts = []
    for v in range(g["n"]):
        d = {"id": f"v{v}"}
        if g["rule"] in ("rm", "mr"):
            d["weight"] = g["weights"][v]
        verts.append(d)
    kind, starts = g["tokens"]
    if kind == "one":
        tokens = {"one": {"start": starts}}
    elif kind == "partizan":
        tokens = {"partizan": {"starts": list(starts) if starts is not None else None}}
    else:
        tokens = {"two_shared": {"starts": list(starts)}}
    rule = {"vertex": "vertex", "edge": "edge", "rm": "nim_remove_move",
            "mr": "nim_move_remove"}[g["rule"]]
    inst = {"geography": {"graph": {"directed": g["directed"], "vertices": verts,
                                    "edges": [list(e) for e in g["edges"]]},
                          "rule": rule, "tokens": tokens,
                          "convention": "misere" if g["misere"] else "normal"}}
    return json.dumps(inst, separators=(",", ":"))


def dsl(g):
    """The game in the instance language (docs/language.md, "geography")."""
    d = "directed" if g["directed"] else "undirected"
    rule = {"vertex": "vertex geography", "edge": "edge geography",
            "rm": "nim geography, remove then move", "mr": "nim geography, move then remove"}
    kind, starts = g["tokens"]
    if kind == "one":
        tokens = f"one at v{starts}" if starts is not None else "one, unrooted"
    elif kind == "partizan":
        tokens = ("partizan, unrooted" if starts is None
                  else f"partizan, first at v{starts[0]}, second at v{starts[1]}")
    else:
        tokens = f"two at v{starts[0]} and v{starts[1]}"
    arrow = " -> " if g["directed"] else " -- "
    lines = ["geography {", f"  {d} {rule[g['rule']]}",
             "  misère play" if g["misere"] else "  normal play", f"  tokens: {tokens}"]
    if len(set(g["edges"])) < len(g["edges"]):
        lines.append("  multigraph")
    lines.append("  vertices " + " ".join(f"v{v}" for v in range(g["n"])))
    if g["edges"]:
        lines.append("  edges " + ", ".join(f"v{u}{arrow}v{v}" for u, v in g["edges"]))
    if g["rule"] in ("rm", "mr"):
        lines.append("  weights " + ", ".join(f"v{v} = {w}" for v, w in enumerate(g["weights"])))
    lines.append("}")
    return "\n".join(lines) + "\n"


def solve_files(binary, games, directory):
    """`georeduce solve FILE --json` on each game written as a .geo file: the single-solve
    path (the DSL reader and `solve`'s own dispatch), not the batch's."""
    res = []
    for i, g in enumerate(games):
        path = f"{directory}/game{i}.geo"
        with open(path, "w", encoding="utf-8") as f:
            f.write(dsl(g))
        p = subprocess.run([binary, "solve", path, "--json"], capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"solve {path} exited {p.returncode}:\n{dsl(g)}{p.stderr[:2000]}")
        res.append(json.loads(p.stdout)["winner"])
    return res


def variant_name(g):
    d = "D" if g["directed"] else "U"
    kind, starts = g["tokens"]
    conv = "misere" if g["misere"] else "normal"
    if g["rule"] in ("rm", "mr"):
        return f"NimG-{g['rule'].upper()} {d} {conv}"
    r = "VG" if g["rule"] == "vertex" else "EG"
    if kind == "one":
        return f"{d}{r} {'rooted' if starts is not None else 'unrooted'} {conv}"
    if kind == "partizan":
        if starts is None:
            if r == "EG" and d == "U":
                return f"Trail Trap {conv}"
            return f"P{d}{r} unrooted {conv}"
        return f"P{d}{r} {conv}"
    return f"2-token {d}{r} {conv}"


class Batches:
    """Instances grouped by the `solve --batch` command line that plays them."""

    def __init__(self):
        self.groups = {}  # args tuple -> list of (variant, line, game)

    def add(self, g, args, line):
        self.groups.setdefault(tuple(args), []).append((variant_name(g), line, g))

    def add_json(self, g):
        self.add(g, (), json_line(g))

    def add_one_token(self, g):
        """One-token games and Trail Trap as edge-list lines with --game/--start/--misere."""
        kind, s = g["tokens"]
        if kind == "partizan":
            args = ["--game", "trail-trap"]
        else:
            name = ("d" if g["directed"] else "u") + ("vg" if g["rule"] == "vertex" else "eg")
            args = ["--game", name]
            if s is not None:
                args += ["--start", str(s)]
        if g["misere"]:
            args.append("--misere")
        # Simple graphs as nauty lines (what geng/directg print), the rest as edge lists.
        e = g["edges"]
        simple = len(set(e)) == len(e) and (g["directed"] or all(u != v for u, v in e))
        if simple and g["directed"]:
            line = digraph6(g["n"], e)
        elif simple:
            line = graph6(g["n"], e)
        else:
            line = edge_list_line(g["n"], e)
        self.add(g, args, line)


def run_batch(binary, args, lines):
    cmd = [binary, "solve", "--batch", "-", "--quiet", *args]
    p = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stderr[:2000]}")
    answers = {}
    for row in p.stdout.splitlines():
        if row.strip():
            obj = json.loads(row)
            answers[obj["line"]] = obj
    return [answers.get(i + 1) for i in range(len(lines))]


# --------------------------------------------------------------------------------------------
# The families.
# --------------------------------------------------------------------------------------------


def build_families(b):
    rng = random.Random(20261126)
    conv = (False, True)
    # Simple graphs and digraphs, every one up to isomorphism.
    ug = {n: all_graphs(n, False, False) for n in range(1, 6)}
    ugl = {n: all_graphs(n, False, True) for n in range(1, 5)}
    dg = {n: all_graphs(n, True, False) for n in range(1, 5)}
    dgl = {n: all_graphs(n, True, True) for n in range(1, 4)}

    def one_token(n, directed, edges, rule):
        for mis in conv:
            for s in list(range(n)) + [None]:
                b.add_one_token(game(n, directed, edges, rule, ("one", s), mis))

    # One token: DVG, UVG, DEG, UEG; every start and unrooted; normal and misère.
    for n in range(1, 7):
        for e in all_graphs(n, False, False):
            one_token(n, False, e, "vertex")
            if n <= 5:
                one_token(n, False, e, "edge")
    for n in range(1, 5):
        for e in ugl[n]:
            one_token(n, False, e, "edge")
        for e in dg[n]:
            one_token(n, True, e, "vertex")
            if n == 4:
                one_token(n, True, e, "edge")
    for n in range(1, 4):
        for e in dgl[n]:
            one_token(n, True, e, "edge")
    for _ in range(60):  # larger random ones, multigraphs with loops for the edge rule
        n = rng.randint(5, 8)
        p = rng.choice((0.25, 0.4))
        one_token(n, False, random_graph(rng, n, False, p), "vertex")
        one_token(n, True, random_graph(rng, n, True, p * 0.7), "vertex")
        one_token(n - 1, False, random_graph(rng, n - 1, False, 0.3, True, True), "edge")
        one_token(n - 2, True, random_graph(rng, n - 2, True, 0.25, True, True), "edge")

    # Partizan (PVG, PAG) rooted at every ordered pair of starts (equal starts too under the
    # edge rule, where FS allow tokens to share a vertex), and unrooted (Trail Trap for UEG).
    def partizan_and_two(n, directed, edges, rule):
        for mis in conv:
            for a in range(n):
                for c in range(n):
                    if a != c or rule == "edge":
                        b.add_json(game(n, directed, edges, rule, ("partizan", (a, c)), mis))
                    if a < c:
                        b.add_json(game(n, directed, edges, rule, ("two", (a, c)), mis))
            g = game(n, directed, edges, rule, ("partizan", None), mis)
            if rule == "edge" and not directed:
                b.add_one_token(g)
            else:
                b.add_json(g)

    for n in range(1, 6):
        for e in ug[n]:
            partizan_and_two(n, False, e, "vertex")
    for n in range(1, 5):
        for e in dg[n]:
            partizan_and_two(n, True, e, "vertex")
        for e in ugl[n]:
            partizan_and_two(n, False, e, "edge")
    for n in range(1, 4):
        for e in dgl[n]:
            partizan_and_two(n, True, e, "edge")
    for _ in range(25):
        n = rng.randint(5, 6)
        partizan_and_two(n, False, random_graph(rng, n, False, 0.35), "vertex")
        partizan_and_two(n, True, random_graph(rng, n, True, 0.25), "vertex")
        partizan_and_two(n, False, random_graph(rng, n, False, 0.3, True, True), "edge")
        partizan_and_two(n - 1, True, random_graph(rng, n - 1, True, 0.25, True), "edge")

    # NimG-RM and NimG-MR, directed and undirected, loops allowed, weights 0..2, every start.
    for directed, fam in ((False, ugl), (True, dgl)):
        for n in range(1, 4):
            for e in fam[n]:
                for ws in itertools.product(range(3), repeat=n):
                    for rule in ("rm", "mr"):
                        for mis in conv:
                            for s in range(n):
                                b.add_json(game(n, directed, e, rule, ("one", s), mis, list(ws)))
    for _ in range(100):
        n = rng.randint(4, 6)
        directed = rng.random() < 0.5
        e = random_graph(rng, n, directed, 0.35, loops=True)
        ws = [rng.randint(0, 3) for _ in range(n)]
        for rule in ("rm", "mr"):
            for mis in conv:
                b.add_json(game(n, directed, e, rule, ("one", rng.randrange(n)), mis, ws))


def random_tree(rng, n):
    """A random labelled tree on n vertices (each vertex joins an earlier one)."""
    return [(rng.randrange(v), v) for v in range(1, n)]


def build_polynomial_families(b):
    """Games where `auto` picks a polynomial method or the race search, larger than the
    exhaustive families: UVG (matching), bipartite UEG (GF(2)), DAGs, directed and undirected
    trees (tree), misère NimG-RM on bipartite graphs or with a loop on every vertex."""
    rng = random.Random(1993)
    conv = (False, True)
    for _ in range(150):
        n = rng.randint(6, 10)
        e = random_graph(rng, n, False, 0.3)
        for s in list(range(n)) + [None]:
            b.add_one_token(game(n, False, e, "vertex", ("one", s)))
        # Bipartite UEG: p rows, q columns.
        p, q = rng.randint(2, 4), rng.randint(2, 4)
        e = [(i, p + j) for i in range(p) for j in range(q) if rng.random() < 0.45]
        for s in list(range(p + q)) + [None]:
            b.add_one_token(game(p + q, False, e, "edge", ("one", s)))
        # A DAG: arcs only from lower to higher index, under a random relabelling.
        n = rng.randint(6, 9)
        perm = list(range(n))
        rng.shuffle(perm)
        e = [(perm[u], perm[v]) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.35]
        for rule in ("vertex", "edge"):
            for mis in conv:
                for s in list(range(n)) + [None]:
                    b.add_one_token(game(n, True, e, rule, ("one", s), mis))
    for _ in range(100):
        n = rng.randint(5, 10)
        t = random_tree(rng, n)
        directed = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in t]
        pairs = [(a, c) for a in range(n) for c in range(n) if a != c]
        for a, c in rng.sample(pairs, 6):
            for rule in ("vertex", "edge"):
                b.add_json(game(n, True, directed, rule, ("partizan", (a, c))))
                b.add_json(game(n, False, t, rule, ("partizan", (a, c))))
                b.add_json(game(n, True, directed, rule, ("two", (min(a, c), max(a, c)))))
        b.add_one_token(game(n, False, t, "edge", ("partizan", None)))
    for _ in range(120):
        # Misère NimG-RM: bipartite without loops, or a loop on every vertex.
        p, q = rng.randint(1, 3), rng.randint(1, 3)
        e = [(i, p + j) for i in range(p) for j in range(q) if rng.random() < 0.5]
        ws = [rng.randint(1, 3) for _ in range(p + q)]
        for s in range(p + q):
            b.add_json(game(p + q, False, e, "rm", ("one", s), True, ws))
        n = rng.randint(2, 5)
        e = random_graph(rng, n, False, 0.4) + [(v, v) for v in range(n)]
        ws = [rng.randint(0, 3) for _ in range(n)]
        for s in range(n):
            b.add_json(game(n, False, e, "rm", ("one", s), True, ws))


def build_larger_random(b):
    """Seeded random games larger than the enumerated families, in every variant, where the
    binary's search shortcuts (canonical keys, endgames, labels, race split) have room."""
    rng = random.Random(214)
    for _ in range(40):
        for mis in (False, True):
            for directed in (False, True):
                n = rng.randint(8, 13)
                e = random_graph(rng, n, directed, 2.2 / n)
                b.add_one_token(game(n, directed, e, "vertex", ("one", rng.randrange(n)), mis))
                b.add_one_token(game(n, directed, e, "vertex", ("one", None), mis))
                n = rng.randint(6, 9)
                e = random_graph(rng, n, directed, 1.8 / n, loops=True, multi=True)
                b.add_one_token(game(n, directed, e, "edge", ("one", rng.randrange(n)), mis))
                b.add_one_token(game(n, directed, e, "edge", ("one", None), mis))
                for rule in ("vertex", "edge"):
                    n = rng.randint(6, 9) if rule == "vertex" else rng.randint(5, 7)
                    e = random_graph(rng, n, directed, 2.0 / n, loops=rule == "edge",
                                     multi=rule == "edge")
                    a, c = rng.sample(range(n), 2)
                    b.add_json(game(n, directed, e, rule, ("partizan", (a, c)), mis))
                    b.add_json(game(n, directed, e, rule, ("two", (min(a, c), max(a, c))), mis))
                    g = game(n, directed, e, rule, ("partizan", None), mis)
                    if rule == "edge" and not directed:
                        b.add_one_token(g)
                    else:
                        b.add_json(g)
                for rule in ("rm", "mr"):
                    n = rng.randint(4, 7)
                    e = random_graph(rng, n, directed, 2.0 / n, loops=True)
                    ws = [rng.randint(0, 3) for _ in range(n)]
                    b.add_json(game(n, directed, e, rule, ("one", rng.randrange(n)), mis, ws))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--flip", choices=("misere", "unrooted"))
    ap.add_argument("--limit", type=int, default=0,
                    help="compare at most this many games per variant (0: all)")
    ap.add_argument("--pdeg-unrooted", choices=("pick-arc", "place"), default="pick-arc")
    a = ap.parse_args()
    PDEG_UNROOTED["rule"] = a.pdeg_unrooted

    t0 = time.time()
    fails, sc_counts = self_checks(a.flip)
    for f in fails[:20]:
        print(f)
    t1 = time.time()

    b = Batches()
    build_families(b)
    build_polynomial_families(b)
    build_larger_random(b)
    if a.limit:
        kept = {}
        for args in list(b.groups):
            items = []
            for it in b.groups[args]:
                kept[it[0]] = kept.get(it[0], 0) + 1
                if kept[it[0]] <= a.limit:
                    items.append(it)
            b.groups[args] = items
    stats = {}
    methods = {}
    disagreements = 0
    for args, items in sorted(b.groups.items()):
        if not items:
            continue
        answers = run_batch(a.bin, list(args), [line for _, line, _ in items])
        for (variant, line, g), ans in zip(items, answers):
            ref = winner(g, a.flip)
            s = stats.setdefault(variant, {"compared": 0, "first": 0, "second": 0,
                                           "disagreements": 0})
            s["compared"] += 1
            s[ref] += 1
            got = ans["winner"] if ans else None
            if ans and (ans["n"], ans["m"]) != (g["n"], len(g["edges"])):
                # The line was read as another graph (an encoding or parsing error).
                got = f"a graph with n={ans['n']}, m={ans['m']}"
            if ans and "method" in ans:
                methods[ans["method"]] = methods.get(ans["method"], 0) + 1
            if got != ref:
                disagreements += 1
                s["disagreements"] += 1
                if disagreements <= 20:
                    print(f"DISAGREEMENT {variant}: reference {ref}, georeduce {got}\n"
                          f"  solve --batch - {' '.join(args)}\n  {line}")
    # A sample through `solve FILE --json` on the instance language: the first 4 games and
    # every 500th of each variant.
    sample = {}
    seen = {}
    for items in b.groups.values():
        for variant, _, g in items:
            k = seen.get(variant, 0)
            seen[variant] = k + 1
            if k < 4 or k % 500 == 0:
                sample.setdefault(variant, []).append(g)
    files = [(v, g) for v in sorted(sample) for g in sample[v]]
    with tempfile.TemporaryDirectory() as tmp:
        answers = solve_files(a.bin, [g for _, g in files], tmp)
    for (variant, g), got in zip(files, answers):
        ref = winner(g, a.flip)
        s = stats[variant]
        s["files"] = s.get("files", 0) + 1
        s.setdefault("file_disagreements", 0)
        if got != ref:
            disagreements += 1
            s["disagreements"] += 1
            s["file_disagreements"] += 1
            if disagreements <= 20:
                print(f"DISAGREEMENT {variant} (solve FILE --json): reference {ref}, "
                      f"georeduce {got}\n{dsl(g)}")
    t2 = time.time()
    total = sum(s["compared"] for s in stats.values())
    print(f"self-checks: {sum(sc_counts.values())} ({len(fails)} failed) in {t1 - t0:.1f} s")
    files = sum(s.get("files", 0) for s in stats.values())
    print(f"compared {total} games in {len(stats)} variants through solve --batch and {files} "
          f"through solve FILE, {disagreements} disagreements, {t2 - t1:.1f} s")
    print("methods: " + ", ".join(f"{k} {v}" for k, v in sorted(methods.items())))
    print("SUMMARY " + json.dumps({"variants": stats, "methods": methods,
                                   "self_checks": sc_counts,
                                   "self_check_failures": len(fails),
                                   "disagreements": disagreements}, sort_keys=True))
    sys.exit(1 if fails or disagreements else 0)


if __name__ == "__main__":
    main()
