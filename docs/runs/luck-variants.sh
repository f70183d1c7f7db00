#!/usr/bin/env bash
# Reproduces the variants' table of docs/experiments/2026-12-02-luck-by-network.md (issue
# 77): the same 1,000 deal pairs of the default against the equilibrium bidder (seed 7711;
# `clock=0`, so every run plays the same games), the luck's settings moved from the
# environment (harness/src/review/luck.rs, LuckSettings): where the network is first read,
# the pairs of bundles drawn in its rounds, the bundles drawn in round 11, and the draws'
# terms. Prints each variant's variance factor beside issue 47's (docs/runs/luck-compare.py)
# and the luck's CPU a game (with issue 47's luck followed beside, about 0.3 ms more).
# Takes about 8 minutes on 2 cores.
# Usage: docs/runs/luck-variants.sh [PAIRS]   (default 1000)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/luck-variants
mkdir -p "$out"
for v in "YACHT_LUCK_NET_FROM=9" "YACHT_LUCK_NET_FROM=9 YACHT_LUCK_PAIRS=16 YACHT_LUCK_BUNDLES_11=8" \
  "YACHT_LUCK_NET_FROM=6" "YACHT_LUCK_NET_FROM=6 YACHT_LUCK_PAIRS=10 YACHT_LUCK_BUNDLES_11=7" \
  "YACHT_LUCK_NET_FROM=7 YACHT_LUCK_PAIRS=12 YACHT_LUCK_BUNDLES_11=8" \
  "YACHT_LUCK_NET_FROM=6 YACHT_LUCK_PAIRS=16 YACHT_LUCK_BUNDLES_11=8" \
  "YACHT_LUCK_NET_FROM=6 YACHT_LUCK_DRAWS=0"; do
  name=$(echo "$v" | tr ' =' '_-')
  f=$out/$name.jsonl
  if ! [[ -s $f && $(wc -l <"$f") -eq $((2 * pairs)) ]]; then
    env $v "$h" match bot:clock=0 bot:bidder=equilibrium,win=0,clock=0 --deals "$pairs" \
      --seed 7711 --no-progress --luck-table --results "$f" >"$out/$name.txt"
  fi
  echo "$v: $(python3 docs/runs/luck-compare.py "$f" | sed -n '1p;4p' | tr -s ' ' | tr '\n' ' ')"
done | tee "$out/summary.txt"
