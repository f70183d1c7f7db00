#!/usr/bin/env bash
# docs/experiments/2026-11-28-generations.md (issue 62), after docs/runs/generations.sh:
#  - each generation ALONE (the network in every round, `netlast=10`) against the
#    equilibrium bidder, 1,000 deal pairs of seed 41, paired with the default;
#  - the best generation as the HYBRID (`bot:net=GEN`: the network in rounds 2-5, rollouts
#    after) against contest:eq-other-table, 1,000 deal pairs of seed 41, paired with the
#    default (generation 0's hybrid is docs/runs/value-net-noloss.sh's `curves=net` arm).
# The default's arms are docs/runs/value-net-noloss.sh's (target/runs/value-net/rollouts-*).
# Usage: docs/runs/generations-designs.sh [GENERATIONS [BEST [PAIRS]]]  (default 2 1 1000)
# Each finished file is kept. About 20 minutes of 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
generations=${1:-2}
best=${2:-1}
pairs=${3:-1000}
h=target/release/harness
out=target/runs/generations
eq=bot:bidder=equilibrium,win=0,clock=0
other=contest:eq-other-table
arm() { # FILE X Y BASELINE
  local f=$1
  [[ -s $f && $(wc -l < "$f") -eq $((2 * pairs)) ]] ||
    "$h" match "$2" "$3" --deals "$pairs" --seed 41 --time-scale 20 --no-progress \
      --results "$f" > "${f%.jsonl}.txt"
  echo "$(basename "$f"): $(grep -m1 'luck-adjusted' "${f%.jsonl}.txt")"
  [[ -s $4 ]] && "$h" compare "$f" --against "$4" | tail -1
}
for ((k = 0; k <= generations; k++)); do
  arm "$out/alone$k-eq.jsonl" "bot:net=$out/gen$k.bin,netlast=10,clock=0" "$eq" \
    target/runs/value-net/rollouts-eq.jsonl
done
arm "$out/hybrid$best-other.jsonl" "bot:net=$out/gen$best.bin,clock=0" "$other" \
  target/runs/value-net/rollouts-other.jsonl
