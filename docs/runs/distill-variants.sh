#!/usr/bin/env bash
# The networks tried on the way to the distilled default (issue 69,
# docs/experiments/2026-11-29-distilled-net.md#distilled-net), each trained by
# harness/learn/distill.py (and train.py) of its commit on the labels of
# docs/runs/distill.sh (run it first, to step 2 at least), then judged with the kept network
# on the benchmark. 9091f3d and f3d3ee8 have the mirror's fault (a player's block 22 inputs
# wide); f3d3ee8 centres the mixture by default.
#   p1     9091f3d  128 units, free mean, 6 epochs, the self-play's labels alone
#   h128   9091f3d  128 units, free mean
#   c128   f3d3ee8  128 units, centred
#   c256   f3d3ee8  256 units, centred
# About 15 minutes of 2 cores for each of 128 units, 35 for 256.
# Usage: docs/runs/distill-variants.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
py=${PYTHON:-python3}
cargo build --release -q -p harness
out=target/learn
mkdir -p "$out/variants"
variant() { # NAME COMMIT LABELS ARGS...
  local name=$1 commit=$2 labels=$3
  shift 3
  local bin=$out/variants/$name.bin
  [[ -s $bin ]] && return
  local code=$out/variants/$commit
  mkdir -p "$code"
  for f in distill.py train.py; do git show "$commit:harness/learn/$f" > "$code/$f"; done
  # shellcheck disable=SC2086
  "$py" "$code/distill.py" $labels --out "$bin" --threads 2 "$@" > "$out/variants/$name.log"
}
both="$out/train-eq.ylb $out/train-styles.ylb"
variant p1 9091f3d "$out/train-eq.ylb" --hidden 128 --epochs 6
variant h128 9091f3d "$both" --hidden 128 --epochs 20
variant c128 f3d3ee8 "$both" --hidden 128 --epochs 20
variant c256 f3d3ee8 "$both" --hidden 256 --epochs 20
args=()
for name in p1 h128 c128 c256; do args+=(--valuation "net=$out/variants/$name.bin"); done
target/release/harness measure benchmark "$out/bench.ylb" "${args[@]}" --valuation net \
  | tee "$out/variants/benchmark.txt"
