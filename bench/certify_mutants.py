#!/usr/bin/env python3
"""Mutation testing of the certificate checker's code (docs/certificates.md, "How the checker
is tested").

cargo-mutants lists the mutants (`cargo mutants --list --json --diff`); this script applies
each one's diff in a scratch copy of the checkout, builds the library's unit tests and the
integration-test binary, runs the tests whose names contain `certify`, restores the file and
records the outcome: caught (a test failed or crashed), missed (every test passed), unviable
(the mutant does not compile) or timeout. It exists because `cargo mutants` itself builds
every test target (benches and examples included) before each mutant, about a minute per
mutant here, where building only the two test binaries takes 8 to 20 s.

The build uses a profile `mut` given on the command line (`--config`, no Cargo.toml change):
the crate at opt-level 0 with incremental compilation, its dependencies at opt-level 3, no
overflow checks or debug assertions (like `release`, so that a mutant means the same as in a
release build; opt-level 1 with incremental compilation hit a linker error, "undefined hidden
symbol", on this toolchain). The first build in a fresh target directory compiles every
dependency once (about 8 minutes, one core).

Usage (the copy keeps the mutants out of your checkout; each run restores every file):
    cp -a . /tmp/mutwt && rm -f /tmp/mutwt/.git
    bench/certify_mutants.py --dir /tmp/mutwt --core 0 --out /tmp/mutants \\
        src/certify/game/rules.rs src/certify/game/mod.rs
Outcomes are appended to OUT/<file with / as _>.jsonl, one JSON object per mutant.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import time

PROFILE = [
    "--config", 'profile.mut.inherits="dev"',
    "--config", "profile.mut.opt-level=0",
    "--config", "profile.mut.debug=false",
    "--config", "profile.mut.incremental=true",
    "--config", "profile.mut.overflow-checks=false",
    "--config", "profile.mut.debug-assertions=false",
    "--config", 'profile.mut.package."*".opt-level=3',
]
BUILD = ["test", "--profile", "mut", "--lib", "--test", "tests", "--no-run"]
# The certify tests, without the two 10^5-vertex matching scales (seconds each at opt-level 0,
# and matching is also judged on small random graphs) and the `check` campaigns, which reach
# the checker only through whole campaigns.
TEST = ["test", "--profile", "mut", "--lib", "--test", "tests", "certify", "--",
        "--skip", "_of_100k_vertices", "--skip", "check::certify::", "--skip", "check_stats::"]
# Builders of certificates (not the checker) and replacements by Default::default(), which do
# not compile for the checker's types.
SKIP = r"Default::default\(\)|Recorder|\bstrategy_from_fn|moves_from_fn|start_position"


def run(core, cmd, timeout):
    """Runs cargo pinned to `core`; returns (exit code or None on timeout, output, seconds)."""
    start = time.time()
    # cargo runs in a process group of its own so that a timeout kills the test binary too:
    # killing cargo alone left a looping mutant's tests running (one reached 15 GB, another
    # held the core for 44 minutes).
    p = subprocess.Popen(["taskset", "-c", str(core), "cargo"] + PROFILE + cmd,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out, time.time() - start
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, "", time.time() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", required=True, help="a scratch copy of the checkout")
    ap.add_argument("--core", type=int, default=0)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", help="regex: only mutants whose name matches")
    ap.add_argument("--skip", default=SKIP, help="regex: mutants left out")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    out = os.path.abspath(args.out)
    os.chdir(args.dir)
    for f in args.files:
        listed = subprocess.run(["cargo", "mutants", "--list", "--json", "--diff", "--file", f],
                                capture_output=True, text=True, check=True).stdout
        with open(f"{out}/{f.replace('/', '_')}.jsonl", "a") as log:
            for m in json.loads(listed):
                if re.search(args.skip, m["name"]) or (
                        args.only and not re.search(args.only, m["name"])):
                    continue
                original = open(f).read()
                try:
                    p = subprocess.run(["patch", "-s", f], input=m["diff"], text=True,
                                       capture_output=True)
                    if p.returncode != 0:
                        rec = {"outcome": "patch-failed", "detail": p.stdout + p.stderr}
                    else:
                        rc, text, built = run(args.core, BUILD, 300)
                        if rc != 0:
                            rec = {"outcome": "unviable" if rc is not None else "timeout",
                                   "build_s": round(built, 1)}
                        else:
                            rc, text, tested = run(args.core, TEST, 120)
                            rec = {
                                "outcome": "timeout" if rc is None
                                else "missed" if rc == 0 else "caught",
                                "build_s": round(built, 1),
                                "test_s": round(tested, 1),
                                "failed": sorted(set(re.findall(
                                    r"^test (\S+) \.\.\. FAILED", text, re.M)))[:6],
                            }
                finally:
                    with open(f, "w") as w:
                        w.write(original)
                log.write(json.dumps({"name": m["name"], **rec}) + "\n")
                log.flush()


if __name__ == "__main__":
    main()
