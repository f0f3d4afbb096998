#!/usr/bin/env python3
"""The textbook QBF -> DVG reduction of qbf_to_dvg.py with a classic bug: it trusts the
prefix to alternate E A E ... and to end with an existential, so it never pads it with
dummy variables. On such formulas it is right; on any other (two existentials in a row,
a universal first, an even number of variables) the wrong player chooses at some diamond,
or at the clause vertex.

    georeduce check --reduction-cmd 'python3 qbf_to_dvg_buggy.py' --from qbf --to dvg

finds a formula on which the answers differ and shrinks it to a minimal one.
"""
import qbf_to_dvg


def no_padding(qbf):
    order = qbf_to_dvg.prefix_order(qbf)
    return {v: i for i, (v, _) in enumerate(order)}, max(len(order), 1)


if __name__ == "__main__":
    qbf_to_dvg.main(no_padding)
