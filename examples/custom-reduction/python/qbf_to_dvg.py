#!/usr/bin/env python3
"""QBF -> directed vertex geography (Generalized Geography), the textbook reduction
(Sipser, Introduction to the Theory of Computation, "GG is PSPACE-complete"), written
outside georeduce to show `georeduce check --reduction-cmd`.

Reads one QBF instance as JSON on standard input (the form `georeduce parse --format json`
prints) and prints the geography game as JSON on standard output:

    georeduce check --reduction-cmd 'python3 qbf_to_dvg.py' --from qbf --to dvg

The construction, after padding the prefix to E x1 A x2 ... E xN (N odd) with dummy
variables:
  - a diamond per variable: T_i -> x_i, T_i -> not_x_i, both -> B_i, B_i -> T_{i+1},
    and B_N -> c; player I chooses at T_1, T_3, ..., player II at T_2, T_4, ...;
  - a clause vertex C_j per clause with c -> C_j (player II picks a clause);
  - C_j -> not_x_i for each literal x_i of C_j and C_j -> x_i for each literal not x_i:
    player I answers with the unvisited side of a true literal, and II is stuck.
The token starts on T_1; player I wins iff the formula is true.
"""
import json
import sys


def prefix_order(qbf):
    """Variables in quantifier order; free variables first, as existentials."""
    bound = [v for block in qbf["prefix"] for v in block["vars"]]
    order = [(v, "exists") for v in range(len(qbf["vars"])) if v not in bound]
    seen = set(v for v, _ in order)
    for block in qbf["prefix"]:
        for v in block["vars"]:
            if v not in seen:
                seen.add(v)
                order.append((v, block["quantifier"]))
    return order


def normalise(qbf):
    """Position of each variable in the alternating prefix E A E ... E, and its length."""
    position, n = {}, 0
    for v, quantifier in prefix_order(qbf):
        wanted = "exists" if n % 2 == 0 else "forall"
        if quantifier != wanted:
            n += 1  # a dummy variable of the other quantifier
        position[v] = n
        n += 1
    if n % 2 == 0:
        n += 1  # the last variable must be existential
    return position, n


def reduce(qbf, normalise=normalise):
    position, n = normalise(qbf)
    names, edges = [], []

    def vertex(name):
        names.append(name)
        return len(names) - 1

    true_side, false_side = [], []
    previous_bottom = None
    for i in range(n):
        top = vertex(f"T{i + 1}")
        true_side.append(vertex(f"x{i + 1}"))
        false_side.append(vertex(f"not_x{i + 1}"))
        bottom = vertex(f"B{i + 1}")
        if previous_bottom is not None:
            edges.append([previous_bottom, top])
        edges += [[top, true_side[i]], [top, false_side[i]]]
        edges += [[true_side[i], bottom], [false_side[i], bottom]]
        previous_bottom = bottom
    choice = vertex("c")
    edges.append([previous_bottom, choice])
    for j, clause in enumerate(qbf["clauses"]):
        c = vertex(f"C{j + 1}")
        edges.append([choice, c])
        targets = []
        for lit in clause:
            i = position[lit["var"]]
            target = false_side[i] if lit["positive"] else true_side[i]
            if target not in targets:
                targets.append(target)
        edges += [[c, t] for t in targets]
    return {
        "geography": {
            "graph": {
                "directed": True,
                "vertices": [{"id": name} for name in names],
                "edges": edges,
            },
            "rule": "vertex",
            "tokens": {"one": {"start": 0}},
            "convention": "normal",
        }
    }


def main(normalise=normalise):
    source = json.load(sys.stdin)
    json.dump(reduce(source["qbf"], normalise), sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
