#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-tune-any.md#tune-any's planted optimum (issue 63): a program that plays
# best at a known value of its parameter, tuned through its command line. The program
# (harness/tests/data/planted_bot.py) plays as the starter bot but blunders at a scoring
# (the lowest score instead of the highest) with probability 1.5 |x - 0.6|, so its best x
# is 0.6; the tune starts it at 0.2 against sample AI 2, 16 iterations of 4 deal pairs a
# point, four at a time (harness/tests/suite/tune.rs runs seed 1 of it). Then the
# program's score at a few x on the same 20 deal pairs, to show the slope it climbs.
# Usage: docs/runs/tune-planted.sh [SEEDS...]   (default 1 2 3 4 5; about 20 s of 2 cores each)
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds=("$@")
((${#seeds[@]})) || seeds=(1 2 3 4 5)
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/tune-planted
mkdir -p "$out"
program="cmd:python3 harness/tests/data/planted_bot.py --x"
for seed in "${seeds[@]}"; do
  rm -rf "$out/planted-$seed.jsonl" "$out/planted-$seed.games"
  "$h" tune --base "$program {x}" --param x=0.2:0:1:0.1 --opponent sample:2 \
    --iterations 16 --pairs 4 --batch 4 --r-end 0.1 --seed "$seed" --time-scale 20 \
    --log "$out/planted-$seed.jsonl" --no-progress 2> /dev/null \
    | sed -n "s/^tuned: /seed $seed: /p"
done
for x in 0.2 0.3 0.4 0.5 0.6 0.7 0.8; do
  echo "x = $x: $("$h" match "$program $x" sample:2 --deals 20 --seed 7 --time-scale 20 \
    --no-progress | grep '^luck-adjusted' | cut -d'(' -f1)"
done
