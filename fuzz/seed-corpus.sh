#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from examples/ and tests/bad_inputs/, and the certificate
# corpus from certificates of the instances georeduce::fuzzing checks against (each file is
# one selector byte, the instance's index, then the certificate JSON).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/georeduce
[ -x "$bin" ] || cargo build --release
for t in dsl qdimacs json_instance certificate; do mkdir -p "fuzz/corpus/$t"; done
cp examples/*.geo examples/*.qbf examples/games/*.geo tests/bad_inputs/*.geo tests/bad_inputs/*.qbf fuzz/corpus/dsl/
cp examples/*.qdimacs tests/bad_inputs/*.qdimacs fuzz/corpus/qdimacs/
cp tests/bad_inputs/*.json fuzz/corpus/json_instance/
for f in examples/*.geo examples/*.qbf examples/games/*.geo; do
  "$bin" parse --json "$f" > "fuzz/corpus/json_instance/$(basename "$f").json"
done
# The order of georeduce::fuzzing's certificate instances.
i=0
for f in examples/games/dvg.geo examples/games/ueg.geo examples/games/uvg.geo \
         examples/fraenkel-simonson.qbf examples/hampath.geo examples/vertex-cover.geo; do
  for style in "" "--strategy"; do
    out="fuzz/corpus/certificate/$(basename "$f")${style}.cert"
    if "$bin" certify $style "$f" -o /tmp/georeduce-seed.json >/dev/null 2>&1; then
      { printf "\\x$(printf %02x $i)"; cat /tmp/georeduce-seed.json; } > "$out"
    fi
  done
  i=$((i + 1))
done
for t in dsl qdimacs json_instance certificate; do
  echo "$t: $(ls "fuzz/corpus/$t" | wc -l) seeds"
done
