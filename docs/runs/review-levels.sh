#!/usr/bin/env bash
# Reproduces docs/results.md#review (the levels, issues 57 and 65; every cell:
# docs/experiments/2026-11-28-review-levels.md#level-bounds): each skill level (1..5,
# clock off, as the play page runs them) against the ten sample AIs and against the bot at
# full strength (`bot:clock=0`), DEALS deal pairs of seed 81 each (2 x DEALS games a cell),
# every game logged and reviewed with the review's default valuation (the value network,
# review::decisions::review_valuation), and each candidate measure of a side's errors fitted
# as a level estimate (`harness measure levels`): by level and opponent the mean estimate,
# the share of games estimated within one level, and the mean measure. The chosen measure's
# centres ("open 4p(1-p)") are review::marks::LEVEL_ERROR_RATES.
# Resumable: a cell whose logs are all kept (target/runs/levels/OPPONENT/levelL) is reviewed
# again, not replayed; a cell cut short is played again whole.
# With the default 25 pairs: 2,750 games; about 40 minutes of 2 cores shared with other work
# (a level-5 or bot game is about 0.5 s of CPU a side, a review about 0.15 s).
# With SEED other than 81 (a held-out test of the review's LEVEL_BOUNDS, fitted on seed 81,
# the report's "the review's bounds" table), the games go to target/runs/levels-SEED.
# Usage: nice docs/runs/review-levels.sh [DEALS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-25}
seed=${2:-81}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/levels
[ "$seed" = 81 ] || out=target/runs/levels-$seed
mkdir -p "$out"
opponents="sample:1;sample:2;sample:3;sample:4;sample:5;sample:6;sample:7;sample:8;sample:9;sample:10;bot:clock=0"
"$h" measure levels --opponents "$opponents" --deals "$deals" --seed "$seed" --out "$out" \
  --json "$out/games.json" | tee "$out/report.txt"
