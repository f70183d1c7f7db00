#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-27-futures-edge.md#futures-edge (issue 48): the win curves' futures carrying
# the edge our asks have shown this game (`bot:edge=1`) against the default.
#  1. the odds, held out (seed 66): `harness measure odds` for each, 100 deal pairs against
#     each of the default mix (the equilibrium bidder, eq-other-table, the maximin
#     reference, adapt-gain, the bot): ECE and the logistic shift by opponent;
#  2. the wins, on the deals of docs/runs/luck.sh (seed 41, 1,000 pairs): against the
#     equilibrium bidder and against eq-other-table, each compared deal by deal (raw and
#     luck-adjusted) with the default's runs (docs/runs/defaults.sh: shared, made if absent).
# Takes about 1.5 hours on 2 cores.
# `bot:edge=1` was removed after 430e3d2 (variants that lost their tests; only winners in
# the bot), so the script builds the harness at 430e3d2, the last commit with it, in a git
# worktree under target/runs/src/430e3d2 (docs/runs/build-at.sh). The default plays the
# same games there as after the removal (bench f08309ae5202beeb).
# Usage: docs/runs/futures-edge.sh [PAIRS [ODDS_PAIRS]]   (default 1000 and PAIRS / 10)
# A finished odds file is kept, so the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
source docs/runs/defaults.sh
out=target/runs/futures-edge
mkdir -p "$out"
odds=${2:-$((pairs / 10))}
cp "$(default_odds "$odds")" "$out/odds-default.txt"
if ! grep -q "the model's hedge" "$out/odds-edge.txt" 2>/dev/null; then
  "$h" measure odds --bot bot:edge=1 --deals "$odds" --seed 66 > "$out/odds-edge.txt"
fi
eq=bot:bidder=equilibrium,win=0,clock=0
base_eq=$(default_run bot-eq "$eq" "$pairs")
base_other=$(default_run bot-other contest:eq-other-table "$pairs")
seed41_match bot:clock=0,edge=1 "$eq" "$pairs" "$out/edge-eq.jsonl"
seed41_match bot:clock=0,edge=1 contest:eq-other-table "$pairs" "$out/edge-other.jsonl"
"$h" compare "$out/edge-eq.jsonl" --against "$base_eq" | tee "$out/compare-eq.txt"
"$h" compare "$out/edge-other.jsonl" --against "$base_other" | tee "$out/compare-other.txt"
