#!/usr/bin/env bash
# Issue 79's first map: ladder 1's five levels, the rungs the engine's switches already make
# between them, and the ten sample AIs, in one league (every pair on the same seat-swapped
# deals, PAIRS pairs, seed 41; Bradley-Terry ratings), clock off. Where today's levels
# leave a wall (level 2 to 3) or no step (4 to 5), which of these fills it.
# The candidates: greedy scoring with the equilibrium bid; the table's scoring with the
# beginner's overbid (the whole gain); our opponent model's bid without the win search
# (`win=0`), with the table's and with greedy scoring.
# EXTRA: more players (space-separated specs), e.g. levels with a noisier value
# (`bot:bidder=equilibrium,win=0,noise=5000,clock=0`; the page's `bot:level=4,noise=N` was
# that player); the output file is then named by TAG.
# Usage: [EXTRA="SPEC ..." TAG=NAME] docs/runs/ladder-candidates.sh [PAIRS]
#   (default 50; about a minute of 2 cores, two with the noisy levels)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-50}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/ladder-candidates
mkdir -p "$out"
players=()
# Ladder 1's five levels (before issue 79's eight), as the switches they set.
players+=(
  bot:bidder=whole,win=0,scoring=greedy,clock=0
  bot:bidder=own,win=0,scoring=greedy,clock=0
  bot:bidder=own,win=0,clock=0
  bot:bidder=equilibrium,win=0,clock=0
  bot:clock=0
)
players+=(
  bot:bidder=equilibrium,win=0,scoring=greedy,clock=0
  bot:bidder=whole,win=0,scoring=table,clock=0
  bot:win=0,clock=0
  bot:win=0,scoring=greedy,clock=0
)
# shellcheck disable=SC2206
players+=(${EXTRA:-})
for n in 1 2 3 4 5 6 7 8 9 10; do players+=("sample:$n"); done
name=league${TAG:+-$TAG}-$pairs
"$h" league "${players[@]}" --deals "$pairs" --seed 41 --no-progress --html "$out/$name.html" |
  tee "$out/$name.txt"
