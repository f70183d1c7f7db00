#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-whole-model-intervals.md#whole-model-intervals (issue 48): the bid model's central
# 50% and 90% intervals against the seven public contest bots, read two ways by `harness
# measure odds` (25 deal pairs each, seed 63, the deals of docs/runs/repertoire.sh): on the
# atoms the decisions read (`Predictive::holds`), and on the whole model as its likelihood
# scores a bid (`Predictive::holds_in_full`: the atoms, and spread evenly over 0..=100000
# their slip and the unexplained weight). For the default, the fitted widths and tails,
# and those with the repertoire.
# `bot:width=1,tail=1` and `palette=1` were removed after 430e3d2 (variants that lost
# their tests; only winners in the bot), so the script builds the harness at 430e3d2, the
# last commit with them, in a git worktree under target/runs/src/430e3d2
# (docs/runs/build-at.sh). The default plays the same games there as after the removal
# (bench f08309ae5202beeb).
# Usage: docs/runs/bid-intervals.sh BOTS_DIR   (BOTS_DIR: the bots built outside the
# project with ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR)
# Each finished file is kept, so the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=${1:?usage: docs/runs/bid-intervals.sh BOTS_DIR}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
source docs/runs/defaults.sh
out=target/runs/bid-intervals
mkdir -p "$out"
for bot in bot bot:width=1,tail=1 bot:width=1,tail=1,palette=1; do
  f=$out/odds-public-$(echo "$bot" | tr ':=,' '___').txt
  grep -q "whole model" "$f" 2>/dev/null || "$h" measure odds --bot "$bot" \
    --opponents "$(public_bots "$bots")" --deals 25 --seed 63 > "$f"
  echo "== $bot"
  grep -A7 "^the model's prediction" "$f" | tail -n 7 | sed 's|cmd:[^ ]*/bw_|bw_|'
done
