#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-review-levels.md#review-levels and docs/results.md#review (the levels, issue 57): each skill level (1..5, clock off,
# as the play page runs them) against sample AIs 1, 3, 6 and 10 and against the bot, DEALS
# deal pairs of seed 81 each (2 x DEALS games), every game logged and reviewed, and each
# candidate measure of a side's errors fitted as a level estimate (`harness measure levels`):
# by level and opponent the mean estimate, the share of games estimated within one level,
# and the mean measure. The chosen measure's centres are review::marks::LEVEL_ERROR_RATES.
# Kept logs (target/runs/levels/OPPONENT/levelL) are reviewed again, not replayed.
# Takes about an hour of 2 cores with the default 25 pairs (50 games a cell, 1,250 games).
# Usage: docs/runs/review-levels.sh [DEALS]
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-25}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/levels
mkdir -p "$out"
"$h" measure levels --deals "$deals" --seed 81 --out "$out" --json "$out/games.json" \
  | tee "$out/report.txt"
