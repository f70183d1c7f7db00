#!/usr/bin/env bash
# Reproduces docs/results.md#tune's second stage (issue 56): the tuned set of a tune
# (docs/runs/tune.sh) head to head against today's default, luck-adjusted, on deals the tune
# never saw (seed 92; the tune's deals come from its own seed), as fishtest confirms an SPSA.
# Usage: docs/runs/tune-confirm.sh [TUNE_SEED [SPRT_SEED [MAX_PAIRS]]]   (default 91, 92, 2000)
# Run it again after an interruption and it resumes from its last batch.
set -euo pipefail
cd "$(dirname "$0")/../.."
tune_seed=${1:-91}
seed=${2:-92}
max=${3:-2000}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/tune
"$h" tune --effects --log "$out/tune-$tune_seed.jsonl" > "$out/effects-$tune_seed.txt"
# The effects' second line: "theta after iteration K: bot:...".
tuned=$(sed -n 2p "$out/effects-$tune_seed.txt" | sed 's/^theta after iteration [0-9]*: //')
echo "tuned: $tuned"
progress=$out/sprt-tuned-$tune_seed-$seed.txt
resume=()
if [[ -s $progress ]] && grep -q ' resume ' "$progress"; then
  resume=(--resume "$(grep ' resume ' "$progress" | tail -1 | sed 's/.* resume //')")
fi
"$h" sprt "$tuned" bot:clock=0 --adjusted --nelo0 0 --nelo1 5 --batch 50 --max-deals "$max" \
  --seed "$seed" --results "$out/sprt-tuned-$tune_seed-$seed.jsonl" "${resume[@]}" \
  | tee -a "$progress"
