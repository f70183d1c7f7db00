#!/usr/bin/env bash
# Issue 79's test of a ladder: each rung against the one below, PAIRS seat-swapped deal
# pairs of seed 40 (luck-adjusted beside raw), clock off; the rungs are the arguments,
# weakest first (default: the first guess of docs/experiments/2026-12-03-ladder-candidates.md,
# level 1, the equilibrium design at 11,000 down to 1,400 points of noise, the default;
# `bot:level=1..8,clock=0` are issue 79's levels).
# Usage: docs/runs/ladder-steps.sh [PAIRS [SPEC ...]]   (default 100; about a minute of 2 cores)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-100}
shift || true
rungs=("$@")
if [[ ${#rungs[@]} -eq 0 ]]; then
  rungs=(bot:bidder=whole,win=0,scoring=greedy,clock=0)
  for n in 11000 8500 6200 4150 2650 1400; do rungs+=("bot:bidder=equilibrium,win=0,noise=$n,clock=0"); done
  rungs+=(bot:clock=0)
fi
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/ladder-steps
mkdir -p "$out"
for ((i = 1; i < ${#rungs[@]}; i++)); do
  upper=${rungs[$i]}
  lower=${rungs[$((i - 1))]}
  f=$out/$(echo "$upper-over-$lower" | tr ':=,' '___')-$pairs.txt
  [[ -s $f ]] || "$h" match "$upper" "$lower" --deals "$pairs" --seed 40 --no-progress >"$f"
  echo "rung $((i + 1)) ($upper) against rung $i ($lower):"
  grep -E "^X:|^luck-adjusted:" "$f" | sed 's/^/  /'
done
