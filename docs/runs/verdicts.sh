#!/usr/bin/env bash
# Reproduces the second past verdict re-read with the luck correction (docs/experiments/2026-11-27-equilibrium-habit.md#luck-reread;
# the luck correction itself: docs/results.md#luck):
# the equilibrium habit (eqprior=30, the default) against the model without it (eqprior=0),
# both against contest:eq-other-table on seed 41, 1,000 pairs (the first, against the
# equilibrium bidder, is docs/runs/luck.sh's). The default's run is shared
# (docs/runs/defaults.sh), made here if absent.
# Takes about 25 minutes on 2 cores (12 if the default's run is there).
# Usage: docs/runs/verdicts.sh [PAIRS]   (default 1000)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
cargo build --release -q -p harness
h=target/release/harness
source docs/runs/defaults.sh
out=target/runs/verdicts
mkdir -p "$out"
base=$(default_run bot-other contest:eq-other-table "$pairs")
seed41_match bot:clock=0,eqprior=0 contest:eq-other-table "$pairs" "$out/eqprior0-other.jsonl"
"$h" compare "$base" --against "$out/eqprior0-other.jsonl" | tee "$out/habit-other-compare.txt"
