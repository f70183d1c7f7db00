#!/usr/bin/env bash
# Reproduces docs/results.md#review (the levels, issues 57, 65 and 79; every cell:
# docs/experiments/2026-11-28-review-levels.md#level-bounds): each skill level (1..8,
# clock off, as the play page runs them) against the ten sample AIs and against the bot at
# full strength (`bot:clock=0`), DEALS deal pairs of seed 81 each (2 x DEALS games a cell),
# every game logged and reviewed with the review's default valuation (the value network,
# review::decisions::review_valuation), and each candidate measure of a side's errors fitted
# as a level estimate (`harness measure levels`): by level and opponent the mean estimate,
# the share of games estimated within one level, and the mean measure. The chosen measure's
# centres ("open 4p(1-p)") are review::marks::LEVEL_ERROR_RATES.
# Resumable: a cell whose logs are all kept (target/runs/review-levels/OPPONENT/levelL) is reviewed
# again, not replayed; a cell cut short is played again whole.
# With the default 25 pairs: 4,400 games (eight levels); about an hour of 2 cores
# (a game of the bot at full strength is about 0.5 s of CPU a side, a review about 0.15 s).
# With SEED other than 81 (a held-out test of the review's LEVEL_BOUNDS, fitted on seed 81,
# the report's "the review's bounds" table), the games go to target/runs/review-levels-SEED.
# OPPONENTS (`;`-separated specs) replaces the eleven: issue 79's held-out test is
# OPPONENTS="contest:eq-other-table;contest:adapt-gain" docs/runs/review-levels.sh 25 82
# (two designs the bounds were not fitted on, on other deals).
# The levels are those of the checkout (issue 79's eight; ladder 1's five were measured
# at 8720dd7: run this script in a worktree of that commit).
# Usage: nice [OPPONENTS=...] docs/runs/review-levels.sh [DEALS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-25}
seed=${2:-81}
cargo build --release -q -p harness
out=target/runs/review-levels
[ "$seed" = 81 ] || out=target/runs/review-levels-$seed
mkdir -p "$out"
# A copy: a build while this runs does not change the players under it.
cp target/release/harness "$out/harness"
h=$out/harness
opponents=${OPPONENTS:-"sample:1;sample:2;sample:3;sample:4;sample:5;sample:6;sample:7;sample:8;sample:9;sample:10;bot:clock=0"}
"$h" measure levels --opponents "$opponents" --deals "$deals" --seed "$seed" --out "$out" \
  --json "$out/games.json" | tee "$out/report.txt"
