#!/usr/bin/env bash
# Reproduces docs/results.md#review (the levels): each skill level (1..5, clock off, as the
# play page runs them) against sample AI 6 over DEALS deal pairs, every game logged and
# reviewed (`harness measure reviews`): error per decision, accuracy, marks per game, luck,
# and the losses' quantiles the marks' thresholds were set on. The error rates are
# review::marks::LEVEL_ERROR_RATES.
# Takes about 10 minutes on 2 cores with the default 50 pairs (100 games a level).
# Usage: docs/runs/review-levels.sh [DEALS]
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-50}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/review-levels
rm -rf "$out" && mkdir -p "$out"
for level in 1 2 3 4 5; do
  "$h" match "bot:level=$level,clock=0" sample:6 --deals "$deals" --seed 48 --no-progress \
    --logs "$out/level$level" > "$out/match-level$level.txt"
done
"$h" measure reviews "$out"/level1 "$out"/level2 "$out"/level3 "$out"/level4 "$out"/level5 \
  --json "$out/reviews.json" | tee "$out/reviews.txt"
