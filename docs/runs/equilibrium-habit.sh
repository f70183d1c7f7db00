#!/usr/bin/env bash
# Reproduces the head to head of docs/experiments/2026-11-27-equilibrium-habit.md#equilibrium-habit (and its rows in
# docs/results.md: head-to-head, maximin-reference, eq-other-table, reader-test, real-bots):
# both arms the build of cd211f3, `bot:clock=0` (before; written `bot:clock=0,eqprior=0`,
# the same bot there, so that later commits can run it) against `bot:clock=0,eqprior=30`
# (after, the default since b69b545), seed 41, `--time-scale 20`, then `harness compare after
# --against before` per opponent: the equilibrium bidder (1,000 pairs), contest:eq-other-table
# (500 pairs, seeds 41 and 42), the maximin reference (300 pairs, seeds 41 and 42), the reader
# (100 pairs, the reader with the same eqprior as the bot); with OUT_DIR, the public bot
# bw_1850 (200 pairs, seed 31) and the other six public bots for the new default (30 pairs
# each, `--threads 2`; their `--time-scale 20` is assumed from docs/results.md#real-bots).
# The two seeds' figures "averaged" are the mean of the two compare lines.
# OUT_DIR holds the public bots, built outside the repository with
# ../shared/tools/build-contest-bots.sh GIT_DIR OUT_DIR (docs/results.md#real-bots).
# The commit is checked out as a git worktree under target/runs/src/ and built there.
# Takes about 4.5 hours on 2 cores, about 5 with OUT_DIR (an estimate: 35d90d3's 500 pairs
# against the equilibrium bidder took 1,412 s on 2 cores; 5,200 such pairs here, the two
# arms at once with --threads 1; the reader plays a second search).
# Usage: docs/runs/equilibrium-habit.sh [COMMIT [OUT_DIR]]   (default cd211f3; "." is this
# checkout)
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:-cd211f3}
bots=${2:-}
if [[ -n $bots ]]; then bots=$(cd "$bots" && pwd); fi
out=target/runs/equilibrium-habit
mkdir -p "$out"

# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at "$commit")/harness

arms() { # NAME DEALS SEED OPPONENT [OPPONENT_AFTER]: both arms at once, then the paired difference
  local name=$1 deals=$2 seed=$3 opp=$4 opp_after=${5:-$4} pids=()
  "$h" match bot:clock=0,eqprior=0 "$opp" --deals "$deals" --seed "$seed" --time-scale 20 --threads 1 \
    --no-progress --results "$out/before-$name.jsonl" > "$out/before-$name.txt" 2>&1 &
  pids+=($!)
  "$h" match bot:clock=0,eqprior=30 "$opp_after" --deals "$deals" --seed "$seed" --time-scale 20 \
    --threads 1 --no-progress --results "$out/after-$name.jsonl" > "$out/after-$name.txt" 2>&1 &
  pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid"; done
  echo "== $name: $opp, $deals pairs, seed $seed: after --against before"
  "$h" compare "$out/after-$name.jsonl" --against "$out/before-$name.jsonl"
}
arms equilibrium 1000 41 bot:bidder=equilibrium,win=0,clock=0
arms eqother-41 500 41 contest:eq-other-table
arms eqother-42 500 42 contest:eq-other-table
arms maximin-41 300 41 bot:bidder=maximin,win=10,clock=0
arms maximin-42 300 42 bot:bidder=maximin,win=10,clock=0
arms reader 100 41 reader:clock=0,eqprior=0 reader:clock=0,eqprior=30
if [[ -n $bots ]]; then
  arms bw_1850 200 31 "cmd:$bots/bw_1850"
  for name in 1630 8.14 8.14_1710 8.15 105780_1780 main; do
    echo "== the new default against bw_$name, 30 pairs, seed 31"
    "$h" match bot:clock=0,eqprior=30 "cmd:$bots/bw_$name" --deals 30 --seed 31 --time-scale 20 \
      --threads 2 --no-progress | tee "$out/after-bw_$name.txt"
  done
fi
