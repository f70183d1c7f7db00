#!/usr/bin/env bash
# Reproduces docs/results.md#tune (issue 56): every constant set by hand tuned at once by
# SPSA, and each one's effect over its range read back from the tune's games.
#  - the parameters: every tunable of the engine (`yacht-bot --tunables`: key, default,
#    range, step) and the two measured switches set by hand, the equilibrium prior and the
#    draw;
#  - the pool, as the finals: the equilibrium bidder and eq-other-table twice each, the
#    maximin reference, adapt-gain, and the six distinct public bots of the 2025 contest
#    (bw_105780_1780 is bw_8.14_1710's program), built outside the project with
#    ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR;
#  - the clock off (fixed rollout counts: the same games on any machine), luck-adjusted.
# Then each parameter's effect over its range, overall and against the two equilibrium
# designs alone (`harness tune --effects`).
# Usage: docs/runs/tune.sh BOTS_DIR [ITERATIONS [PAIRS [SEED [UNTIL]]]]   (default 240, 8, 91, all)
#   UNTIL: stop after that many iterations (the schedule stays ITERATIONS'); run again with a
#   larger UNTIL, or none, and the tune goes on from its log (target/runs/tune/tune-SEED.jsonl).
# Takes about 70 minutes of 2 cores at the defaults (docs/results.md#tune's figures: UNTIL 120).
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=$(cd "$1" && pwd)
iterations=${2:-240}
pairs=${3:-8}
seed=${4:-91}
until=${5:+--until $5}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/tune
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
other=contest:eq-other-table
pool=("$eq" "$other" bot:bidder=maximin,win=10,clock=0 contest:adapt-gain "$eq" "$other")
for name in 1850 1630 8.14 8.14_1710 8.15 main; do
  pool+=("cmd:$bots/bw_$name")
done
args=()
for opponent in "${pool[@]}"; do
  args+=(--opponent "$opponent")
done
log=$out/tune-$seed.jsonl
"$h" tune --tunables --param eqprior=30:0:80:20 --param draw=10:0:40:10 \
  --base bot:clock=0 "${args[@]}" --iterations "$iterations" --pairs "$pairs" --seed "$seed" \
  --r-end 0.05 --log "$log" $until --no-progress 2> "$out/tune-$seed.progress" | tee "$out/tune-$seed.txt"
"$h" tune --effects --log "$log" | tee "$out/effects-$seed.txt"
