#!/usr/bin/env bash
# Reproduces the per-seed runs behind docs/experiments/2026-11-26-default-05639a23.md (the bot against
# `bot:bidder=equilibrium,win=0`, seeds 3-6, 500 deal pairs each; seed 3: 62.10%) and
# docs/experiments/2026-11-26-eq-other-table.md#eq-other-table (the bot against `contest:eq-other-table`, seeds 3-5; seed 3:
# 60.50%, paired -1.60 [-6.04, +2.84] next to the equilibrium bidder on the same deals), with
# the decisions of 57c4df2 (the harness of 6b20369, which has contest:eq-other-table and
# pairs two opponents on the same deals; the bot is the same, bench 05639a23c90e1bab).
# The pooled figures (62.20% [60.78, 63.62] over seeds 3-6; 62.10% and paired +0.00
# [-2.54, +2.54] over seeds 3-5) pooled these runs outside the repository: that step was not
# kept (fbf986d), and `harness compare` and `harness merge` refuse runs of different seeds.
# Seed 3's commands are recorded (f735602, 6b20369); seeds 4-6 are assumed to be the same
# command with another --seed (fbf986d kept only the figures).
# The commit is checked out as a git worktree under target/runs/src/ and built there.
# Takes about 3 hours on 2 cores (an estimate: 35d90d3's 500 pairs against the equilibrium
# bidder took 1,412 s on 2 cores; seven such runs, two at a time with --threads 1).
# Usage: docs/runs/head-to-head-seeds.sh [COMMIT]   (default 6b20369; "." is this checkout)
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:-6b20369}
out=target/runs/head-to-head-seeds
mkdir -p "$out"

# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at "$commit")/harness

pids=()
run() { # NAME OPPONENT SEED: the bot against OPPONENT, 500 pairs, in the background
  "$h" match bot:clock=0 "$2" --deals 500 --seed "$3" --time-scale 4 --threads 1 --no-progress \
    --results "$out/$1.jsonl" > "$out/$1.txt" 2>&1 &
  pids+=($!)
}
wait_all() { for pid in "${pids[@]}"; do wait "$pid"; done; pids=(); }
run eq-3 bot:bidder=equilibrium,win=0 3
run other-3 contest:eq-other-table 3
wait_all
run eq-4 bot:bidder=equilibrium,win=0 4
run other-4 contest:eq-other-table 4
wait_all
run eq-5 bot:bidder=equilibrium,win=0 5
run other-5 contest:eq-other-table 5
wait_all
run eq-6 bot:bidder=equilibrium,win=0 6
wait_all
for s in 3 4 5 6; do
  echo "== seed $s against the equilibrium bidder"
  cat "$out/eq-$s.txt"
done
for s in 3 4 5; do
  echo "== seed $s against contest:eq-other-table, paired with the equilibrium bidder's deals"
  "$h" compare "$out/other-$s.jsonl" --against "$out/eq-$s.jsonl"
done
