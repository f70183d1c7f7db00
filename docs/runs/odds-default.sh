#!/usr/bin/env bash
# Reproduces docs/results.md#odds (issue 77): the default bot's P(win) at its win-round
# auctions against what happened (`harness measure odds`), luck-adjusted by the network's
# luck (harness/src/review/luck.rs):
#  1. against itself, 1,000 deal pairs of seed 67: ECE by round group, against the result
#     and the luck-adjusted result, and the level shift (0 for a true forecaster);
#     its pictures the two default-self SVGs of the docs' odds folder;
#  2. against the equilibrium bidder and contest:eq-other-table, 500 deal pairs each of
#     seed 66: the level shift by opponent; its pictures the two default-designs SVGs.
# Each forecast is kept in target/runs/odds-default/*.jsonl to re-read. A finished report
# is kept, so the script picks up where it stopped. About 10 minutes on 2 cores.
# Usage: docs/runs/odds-default.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/odds-default
pictures=docs/odds
mkdir -p "$out"
odds() { # NAME ARGS...
  local name=$1
  shift
  if ! [[ -s $out/$name.txt ]]; then
    "$h" measure odds "$@" --svg "$pictures/default-$name" --forecasts "$out/$name.jsonl" \
      >"$out/$name.tmp"
    mv "$out/$name.tmp" "$out/$name.txt"
  fi
  cat "$out/$name.txt"
}
odds self --opponents bot --deals 1000 --seed 67
odds designs --opponents "bot:bidder=equilibrium,win=0;contest:eq-other-table" --deals 500 --seed 66
