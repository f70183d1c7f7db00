#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-tune-any.md#tune-any (issue 63): a contestant's program tuned through its
# command line. The starter bot (harness/examples/starter_bot.py) bids a share of what the
# better bundle gains it, `--share` (default 0.2); `harness tune` moves it as `{share}`
# against four sample AIs (two that bid their whole gap, sample:2 and sample:7, and two
# defensive ones, sample:6 and sample:9; one an iteration, in turn), four iterations at a
# time, luck-adjusted. Then the tuned share meets the default on deals the tune never saw
# (seed SPRT_SEED; the tune's deals come from its own seed): head to head by an SPRT, as
# fishtest confirms an SPSA, and against the tune's own pool by the gauntlet's paired SPRT
# (both against the same four sample AIs on the same GAUNTLET_PAIRS deal pairs).
# Usage: docs/runs/tune-starter.sh [ITERATIONS [PAIRS [SEED [SPRT_SEED [MAX_PAIRS [GAUNTLET_PAIRS]]]]]]
#   (default 40, 8, 1, 2, 1000, 100). About 15 minutes of 2 cores at the defaults; run it
#   again after an interruption and the tune goes on from its log and its games.
set -euo pipefail
cd "$(dirname "$0")/../.."
iterations=${1:-40}
pairs=${2:-8}
seed=${3:-1}
sprt_seed=${4:-2}
max=${5:-1000}
gauntlet=${6:-100}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/tune-starter
mkdir -p "$out"
bot="cmd:python3 harness/examples/starter_bot.py"
pool=()
for opponent in sample:2 sample:6 sample:7 sample:9; do
  pool+=(--opponent "$opponent")
done
"$h" tune --base "$bot --share {share}" --param share=0.2:0:1:0.05 "${pool[@]}" \
  --iterations "$iterations" --pairs "$pairs" --batch 4 --r-end 0.1 --seed "$seed" \
  --log "$out/tune-$seed.jsonl" --no-progress 2> "$out/tune-$seed.progress" | tee "$out/tune-$seed.txt"
tuned=$(sed -n 's/^tuned: //p' "$out/tune-$seed.txt")
echo "tuned: $tuned"
"$h" sprt "$tuned" "$bot" --adjusted --nelo0 0 --nelo1 5 --batch 50 --max-deals "$max" \
  --seed "$sprt_seed" --results "$out/sprt-$seed-$sprt_seed.jsonl" | tee "$out/sprt-$seed-$sprt_seed.txt"
"$h" gauntlet --bot "$tuned" --baseline "$bot" "${pool[@]}" --nelo0 0 --nelo1 5 \
  --deals "$gauntlet" --seed "$sprt_seed" --no-progress | tee "$out/gauntlet-$seed-$sprt_seed.txt"
