#!/usr/bin/env python3
"""Issue 12 audit: every reproducer of the issue, run against a release binary.

usage: bench/issue12_audit.py [--quick]      (GEOREDUCE=path overrides the binary)

Generates every input in a temporary directory, runs each reproducer, and prints a Markdown
table (point, command, result: exit code, wall-clock time, peak RSS, what was checked) for
docs/limits.md. A row whose check fails is marked FAIL and the script exits 1. --quick skips
the 1,000-graph unrooted-edge-rule sweep (runs 100 graphs).
"""

import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("GEOREDUCE", os.path.join(ROOT, "target/release/georeduce"))
QUICK = "--quick" in sys.argv
rows = []
failed = 0


def run(args, stdin=None, timeout=120, shell=False, cwd=None, env=None):
    """Runs a command; (exit code, wall s, peak RSS MB, stdout, stderr)."""
    start = time.monotonic()
    p = subprocess.Popen(
        args if shell else [BIN] + args,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        shell=shell,
        cwd=cwd or ROOT,
        env=env,
    )
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    wall = time.monotonic() - start
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return p.returncode, wall, rss, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def peak_rss(args, timeout=120):
    """Peak RSS (MB) of one command alone, from /usr/bin/time."""
    with tempfile.NamedTemporaryFile() as t:
        start = time.monotonic()
        p = subprocess.run(
            ["/usr/bin/time", "-f", "%M %U %S", "-o", t.name, BIN] + args,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=timeout,
        )
        wall = time.monotonic() - start
        rss, user, sys_ = open(t.name).read().split("\n")[-2].split()
    return p.returncode, wall, int(rss) / 1024, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"), float(user) + float(sys_)


def row(point, command, ok, result):
    """Records one audit row."""
    global failed
    failed += not ok
    rows.append((point, command, ("" if ok else "**FAIL** ") + result))
    print(f"{'ok  ' if ok else 'FAIL'} {point}: {command} -> {result}", file=sys.stderr, flush=True)


def std(args, expect, point, shown=None, check=None, timeout=120):
    """Runs a georeduce command; checks its exit code (and `check(out, err)`)."""
    rc, wall, rss, out, err, cpu = peak_rss(args, timeout)
    extra = check(out, err) if check else (True, "")
    ok = (rc in (0, 2, 3) if expect is None else rc == expect) and extra[0]
    result = f"exit {rc}, {wall:.2f} s, {cpu:.2f} s CPU, {rss:.0f} MB" + (f"; {extra[1]}" if extra[1] else "")
    row(point, shown or "georeduce " + " ".join(args), ok, result)
    return out, err


def main():
    d = tempfile.mkdtemp(prefix="issue12-")
    p = lambda name: os.path.join(d, name)  # noqa: E731

    # ---- §1 no panic -------------------------------------------------------------------
    open(p("x.geo"), "wb").write(b"#" + b"a" * 65535 + b"\xff\n")
    std([ "parse", p("x.geo")], 2, "§1 column ≥ 65,536", "georeduce parse x.geo (#, 65,535 a, 0xFF)",
        lambda o, e: ("not UTF-8" in e, "diagnostic `lang::not_utf8`"))
    open(p("long.json"), "w").write('{"Geography": {"x": "' + "a" * 70000 + '" ,,}}')
    std(["parse", p("long.json")], 2, "§1 one-line JSON", "georeduce parse long.json (error at column 70,026)",
        lambda o, e: ("lang::json" in e, "diagnostic `lang::json`"))
    cert_out, _ = std(["certify", "examples/games/dvg.geo", "-o", p("dvg-cert.json"), "--force"], 0,
                      "§1 one-line certificate (setup)", "georeduce certify examples/games/dvg.geo -o dvg-cert.json")
    cert = json.load(open(p("dvg-cert.json")))
    open(p("oneline-cert.json"), "w").write(json.dumps(cert, separators=(",", ":")) + " " * 70000 + "x")
    std(["check-cert", "examples/games/dvg.geo", p("oneline-cert.json")], 2, "§1 one-line certificate",
        "georeduce check-cert examples/games/dvg.geo one-line.json (junk at column > 70,000)")
    for cmd in (["solve"], ["verify", "--to", "qbf"], ["certify"]):
        for t in ("1e30", "1e19"):
            args = cmd[:1] + ["examples/games/dvg.geo"] + cmd[1:] + ["--timeout", t]
            if cmd[0] == "verify":
                args = ["verify", "examples/fraenkel-simonson.qbf", "--to", "pvg", "--timeout", t]
            std(args, 0, "§1 --timeout beyond a year", check=lambda o, e: ("panicked" not in e, "no limit"))
    std(["check", "--via", "qbf-dvg", "--cases", "1", "--max-size", "18446744073709551615"], 2,
        "§1 --max-size 2^64 − 1", check=lambda o, e: ("--max-size" in e, "usage error"))
    std(["check", "--via", "qbf-dvg", "--cases", "1", "--max-size", "4294967296"], 2,
        "§1 --max-size 2^32", check=lambda o, e: ("--max-size" in e, "usage error"))
    for pipe in (f"{BIN} list | head -1", f"{BIN} solve examples/games/dvg.geo --strategy | head -1"):
        start = time.monotonic()
        q = subprocess.run(["bash", "-c", pipe + '; echo "status ${PIPESTATUS[0]}" >&2'], capture_output=True, cwd=ROOT)
        wall, err = time.monotonic() - start, q.stderr.decode("utf-8", "replace")
        status = err.strip().split()[-1]
        ok = status in ("0", "141") and "panicked" not in err
        row("§1 closed stdout", pipe.replace(BIN, "georeduce"), ok,
            f"status {status}, {wall:.2f} s, stderr {len(err.strip().splitlines()) - 1} lines")

    # ---- §3 budgets --------------------------------------------------------------------
    rng = random.Random(12)

    def uvg(n, name):
        edges = set()
        while len(edges) < 2 * n:
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                edges.add((min(u, v), max(u, v)))
        with open(p(name), "w") as f:
            f.write("geography {\n  undirected vertex geography\n  vertices ")
            f.write(" ".join(f"v{i}" for i in range(n)))
            f.write("\n  edges " + ", ".join(f"v{u} -- v{v}" for u, v in sorted(edges)))
            f.write("\n  tokens: one at v0\n}\n")

    uvg(40_000, "uvg40k.geo")
    uvg(100_000, "uvg100k.geo")
    pipe = f"{BIN} parse {p('uvg100k.geo')} | head -1"
    start = time.monotonic()
    q = subprocess.run(["bash", "-c", pipe + '; echo "status ${PIPESTATUS[0]}" >&2'], capture_output=True, cwd=ROOT)
    wall, err = time.monotonic() - start, q.stderr.decode("utf-8", "replace")
    status = err.strip().split()[-1]
    row("§1 closed stdout", "georeduce parse uvg100k.geo | head -1 (3.3 MB printed)", status == "141" and "panicked" not in err,
        f"status {status}, {wall:.2f} s, stderr {len(err.strip().splitlines()) - 1} lines")
    for name in ("uvg40k.geo", "uvg100k.geo"):
        std(["solve", p(name), "--method", "matching", "--timeout", "2", "--max-nodes", "1"], 3,
            "§3 UVG matching budget", f"georeduce solve {name} --method matching --timeout 2 --max-nodes 1")
        std(["solve", p(name), "--method", "matching", "--timeout", "2"], 0,
            "§3 UVG matching time", f"georeduce solve {name} --method matching --timeout 2")
    half = 10_000
    edges = set()
    while len(edges) < 3 * half:
        edges.add((rng.randrange(half), rng.randrange(half)))
    with open(p("ueg20k.geo"), "w") as f:
        f.write("geography {\n  undirected edge geography\n  vertices ")
        f.write(" ".join([f"a{i}" for i in range(half)] + [f"b{i}" for i in range(half)]))
        f.write("\n  edges " + ", ".join(f"a{u} -- b{v}" for u, v in sorted(edges)))
        f.write("\n  tokens: one at a0\n}\n")
    std(["solve", p("ueg20k.geo"), "--timeout", "2"], 0, "§3 bipartite UEG 20k",
        "georeduce solve ueg20k.geo --timeout 2 (GF(2))")
    std(["solve", p("ueg20k.geo"), "--method", "exhaustive", "--timeout", "2"], None, "§3 bipartite UEG 20k",
        "georeduce solve ueg20k.geo --method exhaustive --timeout 2")
    prefix = " ".join(f"∀x{i}" for i in range(1, 21))
    open(p("wide.qbf"), "w").write(prefix + " ∃y. " + " ∧ ".join(f"(y ∨ ¬y ∨ x{i % 20 + 1})" for i in range(10_000)) + "\n")
    open(p("y.json"), "w").write('{"version": 1, "kind": "qbf_true", "functions": [{"var": "y", "value": true}]}')
    std(["check-cert", p("wide.qbf"), p("y.json")], 3, "§3 check-cert budget",
        "georeduce check-cert wide.qbf y.json (20 ∀ variables, 10,000 clauses)",
        lambda o, e: ("literal evaluations" in o, "undecided: over the literal-evaluation limit"))
    open(p("mid.qbf"), "w").write(prefix + " ∃y. " + " ∧ ".join(f"(y ∨ ¬y ∨ x{i % 20 + 1})" for i in range(800)) + "\n")
    # About 2.5·10^9 literal evaluations: 1.8 s of a loaded core on this machine (it was
    # over 2 s when the row was written with --timeout 2), so the deadline is 0.5 s.
    std(["check-cert", "--timeout", "0.5", p("mid.qbf"), p("y.json")], 3, "§3 check-cert --timeout",
        "georeduce check-cert --timeout 0.5 mid.qbf y.json (2.5·10^9 literal evaluations)")
    rc, _, _, qbf20, _ = run(["create", "qbf", "--size", "20", "--seed", "1"])
    open(p("qbf20.qbf"), "w").write(qbf20)
    std(["certify", p("qbf20.qbf"), "--timeout", "2", "-o", p("qbf20-cert.json"), "--force"], None,
        "§3 certify --timeout 2", "georeduce certify qbf20.qbf --timeout 2 (create qbf --size 20 --seed 1)")
    prefix19 = " ".join(f"∀x{i}" for i in range(1, 20))
    open(p("skolem.qbf"), "w").write(prefix19 + " ∃y. (y ∨ ¬x1) ∧ (¬y ∨ x1) ∧ "
                                     + " ∧ ".join(f"(y ∨ ¬y ∨ x{i})" for i in range(2, 20)) + "\n")
    std(["certify", p("skolem.qbf"), "--timeout", "0.5", "-o", p("skolem.json"), "--force"], 3,
        "§3 certify --timeout (building)", "georeduce certify skolem.qbf --timeout 0.5 (∀x1…x19 ∃y, y = x1: a 2^19-entry table)")
    std(["certify", p("skolem.qbf"), "--timeout", "60", "-o", p("skolem.json"), "--force"], 0,
        "§3 certify --timeout (building)", "georeduce certify skolem.qbf --timeout 60",
        lambda o, e: (True, f"certificate {os.path.getsize(p('skolem.json')) // 1000} KB"))
    _, help_err = std(["verify", "--help"], 0, "§3 verify --max-nodes", "georeduce verify --help",
                      lambda o, e: ("per solve" in o.split("--max-nodes <N>")[1].split("--memory")[0], "its --max-nodes help says the count is per solve"))
    # --memory on every command.
    rng2 = random.Random(38)
    es = set()
    while len(es) < 80:
        u, v = rng2.randrange(38), rng2.randrange(38)
        if u != v:
            es.add((min(u, v), max(u, v)))
    open(p("uvg38.geo"), "w").write(
        "geography {\n  undirected vertex geography\n  tokens: one at v0\n  vertices "
        + " ".join(f"v{i}" for i in range(38)) + "\n  edges "
        + ", ".join(f"v{u} -- v{v}" for u, v in sorted(es)) + "\n}\n")
    std(["certify", p("uvg38.geo"), "--strategy", "--memory", "256", "--timeout", "30", "-o", p("uvg38.json"), "--force"],
        None, "§3 --memory certify --strategy",
        f"georeduce certify uvg38.geo --strategy --memory 256 --timeout 30 ({os.path.getsize(p('uvg38.geo'))} B, 38 vertices)",
        lambda o, e: (True, ""))
    r = rows[-1]
    rss = float(r[2].split(", ")[3].split()[0])
    rows[-1] = (r[0], r[1], r[2].replace("**FAIL** ", "") + ("" if rss < 256 + 64 else " **over budget**"))
    for kb in (49, 85, 120):
        n = 10
        while True:
            rng3 = random.Random(kb)
            text = "vertex-cover {\n  undirected graph\n  vertices " + " ".join(f"v{i}" for i in range(n)) + "\n  edges "
            es = {(min(u, v), max(u, v)) for u, v in ((rng3.randrange(n), rng3.randrange(n)) for _ in range(2 * n)) if u != v}
            text += ", ".join(f"v{u} -- v{v}" for u, v in sorted(es)) + f"\n  k = {n // 2}\n}}\n"
            if len(text) >= kb * 1000:
                break
            n += 50
        open(p(f"vc{kb}.geo"), "w").write(text)
        out, err = std(["compile", p(f"vc{kb}.geo"), "--to", "pvg", "--memory", "1024", "-o", p(f"vc{kb}.pvg.geo"), "--force"], None,
                       "§3 --memory compile", f"georeduce compile vc{kb}.geo --to pvg --memory 1024 ({len(text) // 1000} KB)")
        r = rows[-1]
        rc = int(r[2].split(",")[0].split()[-1])
        rss = float(r[2].split(", ")[3].split()[0])
        code = next((w for w in err.split() if w.startswith("cli::")), "")
        rows[-1] = (r[0], r[1], r[2].replace("**FAIL** ", "") + (f"; {code}" if code else ""))
        if rc not in (0, 2) or rss > 1024 + 64:
            row("§3 --memory compile", r[1], False, "exit or RSS out of bounds")
    std(["compile", p("vc120.geo"), "--to", "pvg", "--memory", "256", "-o", p("vc120.pvg.geo"), "--force"], 2,
        "§3 --memory compile", "georeduce compile vc120.geo --to pvg --memory 256",
        lambda o, e: ("cli::" in e, next((w for w in e.split() if w.startswith("cli::")), "")))
    std(["parse", "/dev/zero"], 2, "§3 input cap", "georeduce parse /dev/zero",
        lambda o, e: ("cli::input_too_large" in e, "`cli::input_too_large`"))
    std(["solve", "/dev/zero", "--memory", "64"], 2, "§3 input cap", "georeduce solve /dev/zero --memory 64")
    # Linear-time errors.
    decl = " ".join(f"vertex{i}" for i in range(4000))
    open(p("unknown4000.geo"), "w").write(
        "geography {\n  directed vertex geography\n  tokens: one at vertex0\n  vertices " + decl + "\n  edges "
        + ", ".join(f"vertx{i} -> vertex{i}" for i in range(4000)) + "\n}\n")
    std(["parse", p("unknown4000.geo")], 2, "§4 did-you-mean", "georeduce parse unknown4000.geo (4,000 unknown names)",
        lambda o, e: ("did you mean" in e and "more" in e, f"stderr {len(e)} B"))
    n = 12000
    open(p("unknown467k.geo"), "w").write(
        "geography {\n  directed vertex geography\n  tokens: one at vertex0\n  vertices " + " ".join(f"vertex{i}" for i in range(n))
        + "\n  edges " + ", ".join(f"vertx{i} -> vertex{i}" for i in range(n)) + "\n}\n")
    std(["parse", p("unknown467k.geo")], 2, "§4 did-you-mean",
        f"georeduce parse unknown467k.geo ({os.path.getsize(p('unknown467k.geo')) // 1000} KB, {n:,} unknown names)",
        lambda o, e: (True, f"stderr {len(e)} B"))
    open(p("dup1m.geo"), "w").write("hampath {\n  directed graph\n  vertices a b\n  edges " + ", ".join(["a -> b"] * 125_000) + "\n}\n")
    std(["parse", p("dup1m.geo")], 2, "§4 1 MB of duplicate edges",
        "georeduce parse dup1m.geo (125,000 duplicate edges, 1 MB)",
        lambda o, e: (len(e) < 20_000, f"stderr {len(e):,} B"))
    strace = subprocess.run(["bash", "-c", f"command -v strace"], capture_output=True).returncode == 0
    if strace:
        t = subprocess.run(["strace", "-c", "-f", "-o", p("strace.txt"), BIN, "parse", p("dup1m.geo")],
                           capture_output=True, cwd=ROOT)
        total = [l for l in open(p("strace.txt")) if "total" in l]
        writes = [l for l in open(p("strace.txt")) if l.split()[-1:] == ["write"]]
        calls = int(total[0].split()[3]) if total else -1
        nwrite = int(writes[0].split()[3]) if writes else 0
        row("§4 1 MB of duplicate edges", "strace -c -f georeduce parse dup1m.geo", calls < 1000,
            f"{calls} system calls, {nwrite} write")
    open(p("dup10m.geo"), "w").write("hampath {\n  directed graph\n  vertices a b\n  edges " + ", ".join(["a -> b"] * 1_200_000) + "\n}\n")
    std(["parse", p("dup10m.geo")], 2, "§4 10 MB bad file", "georeduce parse dup10m.geo (9.6 MB, 1.2 M duplicate edges)",
        lambda o, e: (True, ""))
    cpu = float(rows[-1][2].split(", ")[2].split()[0])
    if cpu >= 1.0:
        row("§4 10 MB bad file", rows[-1][1], False, f"{cpu:.2f} s CPU (goal < 1 s)")

    # ---- §5 outputs --------------------------------------------------------------------
    open(p("victim"), "w").write("victim\n")
    os.symlink(p("victim"), p("out.dot"))
    std(["render", "examples/games/dvg.geo", "-o", p("out.dot")], 2, "§5 -o symlink",
        "ln -s victim out.dot; georeduce render dvg.geo -o out.dot",
        lambda o, e: (open(p("victim")).read() == "victim\n" and "output_is_symlink" in e, "victim intact, `cli::output_is_symlink`"))
    std(["render", "examples/games/dvg.geo", "-o", p("out.dot"), "--force"], 0, "§5 -o symlink --force",
        "georeduce render dvg.geo -o out.dot --force",
        lambda o, e: (os.path.islink(p("out.dot")) and open(p("victim")).read().startswith("digraph"), "link kept, target replaced"))
    import shutil
    shutil.copy(os.path.join(ROOT, "examples/vertex-cover.geo"), p("in.geo"))
    before = open(p("in.geo")).read()
    std(["compile", p("in.geo"), "--to", "pvg", "-o", p("in.geo")], 2, "§5 -o input file",
        "georeduce compile in.geo --to pvg -o in.geo",
        lambda o, e: (open(p("in.geo")).read() == before and "output_is_input" in e, "input intact, `cli::output_is_input`"))
    std(["compile", p("in.geo"), "--to", "pvg", "-o", p("in.geo"), "--force"], 2, "§5 -o input file --force",
        "georeduce compile in.geo --to pvg -o in.geo --force", lambda o, e: (open(p("in.geo")).read() == before, "refused even with --force"))
    # SIGTERM mid-write: a 100,000-vertex DVG compiled to a misère UVG of 150 MB of JSON
    # (about 3 s, the file written last); the old file stays whole, or the new one is complete.
    # (The target was `--to dvg` on a DVG before: "nothing to do", exit 2, nothing written.)
    n = 100_000
    open(p("big.geo"), "w").write("geography {\n  directed vertex geography\n  tokens: one at v0\n  vertices "
                                   + " ".join(f"v{i}" for i in range(n)) + "\n  edges "
                                   + ", ".join(f"v{i} -> v{(7 * i + 1) % n}" for i in range(n)) + "\n}\n")
    open(p("big-out.json"), "w").write("old\n")
    killed_at = []
    for delay in (0.5, 1.0, 2.0, 3.0, 4.0):
        q = subprocess.Popen([BIN, "compile", p("big.geo"), "--to", "misere-uvg", "--format", "json", "-o", p("big-out.json"), "--force"],
                             cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        q.send_signal(signal.SIGTERM)
        q.wait()
        content = open(p("big-out.json")).read()
        whole = content == "old\n" or (content.startswith("{") and json.loads(content) is not None)
        killed_at.append((delay, q.returncode, "old" if content == "old\n" else f"complete {len(content) // 1000} KB", whole))
        open(p("big-out.json"), "w").write("old\n")
    leftovers = [f for f in os.listdir(d) if f.startswith(".big-out") or ".tmp" in f]
    row("§5 SIGTERM mid-write", "georeduce compile big.geo --to misere-uvg --format json -o out.json (100,000-vertex DVG), SIGTERM after 0.5–4 s",
        all(k[3] for k in killed_at) and not leftovers,
        "; ".join(f"{k[0]} s: exit {k[1]}, target {k[2]}" for k in killed_at)
        + f"; temporary files left: {len(leftovers)}")
    # check interrupted.
    open(p("r.json"), "w").write('{"stale": true}')
    open(p("r.xml"), "w").write("stale")
    for sig in (signal.SIGINT, signal.SIGTERM):
        q = subprocess.Popen([BIN, "check", "--via", "qbf-dvg", "--cases", "100000000", "--max-size", "4",
                              "--json", p("r.json"), "--junit", p("r.xml")], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(4)
        q.send_signal(sig)
        out, err = q.communicate(timeout=60)
        rep = json.load(open(p("r.json")))
        cases = sum(c["cases"] for c in rep["reductions"][0]["classes"])
        xml = open(p("r.xml")).read()
        ok = q.returncode == 3 and rep.get("interrupted") is True and cases > 0 and "interrupted" in xml
        row("§5 check interrupted", f"georeduce check --via qbf-dvg --cases 10^8 --json r.json --junit r.xml, {sig.name} after 4 s",
            ok, f"exit {q.returncode}, \"interrupted\": {str(rep.get('interrupted')).lower()}, {cases} cases reported, JUnit marked")

    # ---- §6 unrooted edge rule ---------------------------------------------------------
    open(p("k2.geo"), "w").write("geography {\n  undirected edge geography\n  tokens: one, unrooted\n  vertices a b\n  edges a -- b\n}\n")
    for method in ("auto", "exhaustive"):
        std(["solve", p("k2.geo"), "--method", method], 0, "§6 K₂", f"georeduce solve k2.geo --method {method}",
            lambda o, e: ("winner:  second" in o, o.split("winner:")[1].split("\n")[0].strip() if "winner:" in o else "?"))

    def invertible(rows_, n):
        m = [r[:] for r in rows_]
        for c in range(n):
            piv = next((r for r in range(c, n) if m[r][c]), None)
            if piv is None:
                return False
            m[c], m[piv] = m[piv], m[c]
            for r in range(n):
                if r != c and m[r][c]:
                    m[r] = [a ^ b for a, b in zip(m[r], m[c])]
        return True

    graphs = 100 if QUICK else 1000
    rng4 = random.Random(6)
    agree = [0, 0]
    disagree = 0
    for g in range(graphs):
        n = rng4.randint(1, 4)
        while True:
            m = [[rng4.randint(0, 1) for _ in range(n)] for _ in range(n)]
            if any(any(r) for r in m):
                break
        text = "geography {\n  undirected edge geography\n  tokens: one, unrooted\n  biadjacency { " + " ".join("".join(map(str, r)) for r in m) + " }\n}\n"
        rc, _, _, out, err = run(["solve", "-", "--method", "exhaustive"], stdin=text.encode())
        winner = out.split("winner:")[1].split()[0] if "winner:" in out else "?"
        expect = "second" if invertible(m, n) else "first"
        if winner == expect:
            agree[expect == "second"] += 1
        else:
            disagree += 1
    row("§6 GF(2) corollary", f"georeduce solve - --method exhaustive on {graphs} random square biadjacency matrices (n ≤ 4, seed 6)",
        disagree == 0, f"{agree[1]} invertible (second wins), {agree[0]} singular (first wins), {disagree} disagree")

    # ---- §7 strict certificates --------------------------------------------------------
    bad = dict(cert)
    bad["colour"] = "red"
    open(p("unknown-field.json"), "w").write(json.dumps(bad))
    std(["check-cert", "examples/games/dvg.geo", p("unknown-field.json")], 2, "§7 unknown field",
        "georeduce check-cert dvg.geo cert-with-unknown-field.json", lambda o, e: ("colour" in e, "names the field"))

    # ---- §2 bounded fuzz run in .ci/run ------------------------------------------------
    ci = open(os.path.join(ROOT, ".ci/run")).read()
    row("§2 bounded fuzz run in .ci/run", ".ci/run → cargo test --release (tests/fuzz.rs: 100,000 seeded inputs)",
        "cargo test --release" in ci and os.path.exists(os.path.join(ROOT, "tests/fuzz.rs")),
        "run by .ci/run's `cargo test --release`; see docs/fuzzing.md for its time")

    print("| point | command | result |")
    print("|---|---|---|")
    for point, command, result in rows:
        print(f"| {point} | `{command}` | {result} |")
    shutil.rmtree(d, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
