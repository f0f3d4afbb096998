"""Random 3QBF in georeduce's DSL: N variables (prefix exists x1 forall x2 ... alternating),
M clauses of 3 distinct variables with random signs. Usage: python3 bench/gen_3qbf.py N M SEED"""
import random, sys
n, m, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
r = random.Random(seed)
pre = " ".join(("exists" if i % 2 == 1 else "forall") + f" x{i}" for i in range(1, n + 1))
cl = []
for _ in range(m):
    vs = r.sample(range(1, n + 1), 3)
    cl.append("(" + " | ".join(("~" if r.random() < 0.5 else "") + f"x{v}" for v in vs) + ")")
print(f"qbf {{\n  {pre}:\n    " + " & ".join(cl) + "\n}")
