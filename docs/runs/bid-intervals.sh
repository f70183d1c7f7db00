#!/usr/bin/env bash
# Reproduces docs/experiments.md#whole-model-intervals (issue 48): the bid model's central
# 50% and 90% intervals against the seven public contest bots, read two ways by `harness
# measure odds` (25 deal pairs each, seed 63, the deals of docs/runs/repertoire.sh): on the
# atoms the decisions read (`Predictive::holds`), and on the whole model as its likelihood
# scores a bid (`Predictive::holds_in_full`: the atoms, and spread evenly over 0..=100000
# their slip and the unexplained weight). For the default, the fitted widths and tails,
# and those with the repertoire.
# Usage: docs/runs/bid-intervals.sh BOTS_DIR   (BOTS_DIR: the bots built outside the
# project with ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR)
# Each finished file is kept, so the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=${1:?usage: docs/runs/bid-intervals.sh BOTS_DIR}
cargo build --release -q -p harness
h=target/release/harness
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
