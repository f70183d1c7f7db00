#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-27-fitted-widths.md#fitted-widths (issue 48): the opponent model's widths
# fitted to each opponent (`bot:width=1`) against the default.
#  1. the bid predictions' coverage (the share of the opponent's amounts in the model's
#     central 50% and 90%): against the seven public bots of the 2025 contest (built
#     outside the project with ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR;
#     25 deal pairs each, seed 63, as docs/experiments/2026-11-27-odds.md#odds) and against the default mix
#     (100 deal pairs each, seed 66);
#  2. the wins, on the deals of docs/runs/luck.sh (seed 41, 1,000 pairs), against the
#     equilibrium bidder and eq-other-table, compared deal by deal with the default's runs
#     (docs/runs/defaults.sh: shared with luck.sh and futures-edge.sh, made if absent).
# Takes about an hour on 2 cores.
# `bot:width=1` was removed after 430e3d2 (variants that lost their tests; only winners in
# the bot), so the script builds the harness at 430e3d2, the last commit with it, in a git
# worktree under target/runs/src/430e3d2 (docs/runs/build-at.sh). The default plays the
# same games there as after the removal (bench f08309ae5202beeb).
# Usage: docs/runs/fitted-widths.sh BOTS_DIR [PAIRS]   (default 1000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=$(cd "${1:?usage: docs/runs/fitted-widths.sh BOTS_DIR [PAIRS]}" && pwd)
pairs=${2:-1000}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
source docs/runs/defaults.sh
out=target/runs/fitted-widths
mkdir -p "$out"
public=$(public_bots "$bots")
for bot in bot bot:width=1; do
  tag=${bot//[:=,]/-}
  "$h" measure odds --bot "$bot" --opponents "$public" --deals 25 --seed 63 > "$out/odds-public-$tag.txt"
done
cp "$(default_odds $((pairs / 10)))" "$out/odds-mix-bot.txt"
"$h" measure odds --bot bot:width=1 --deals $((pairs / 10)) --seed 66 > "$out/odds-mix-bot-width-1.txt"
eq=bot:bidder=equilibrium,win=0,clock=0
base_eq=$(default_run bot-eq "$eq" "$pairs")
base_other=$(default_run bot-other contest:eq-other-table "$pairs")
seed41_match bot:clock=0,width=1 "$eq" "$pairs" "$out/width-eq.jsonl"
seed41_match bot:clock=0,width=1 contest:eq-other-table "$pairs" "$out/width-other.jsonl"
"$h" compare "$out/width-eq.jsonl" --against "$base_eq" | tee "$out/compare-eq.txt"
"$h" compare "$out/width-other.jsonl" --against "$base_other" | tee "$out/compare-other.txt"
