#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-27-fitted-tails.md#fitted-tails (issue 48): the opponent model's widths and
# tails fitted to each opponent (`bot:width=1,tail=1`) against the default (the widths
# alone: docs/runs/fitted-widths.sh).
#  1. the bid predictions' coverage (the share of the opponent's amounts in the model's
#     central 50% and 90%) against the seven public bots of the 2025 contest (built
#     outside the project with ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR;
#     25 deal pairs each, seed 63, as docs/runs/fitted-widths.sh) and against the default
#     mix (PAIRS/10 deal pairs each, seed 66);
#  2. the wins on the deals of seed 41 against the equilibrium bidder and eq-other-table,
#     compared deal by deal with the default's runs (docs/runs/defaults.sh, made if
#     absent).
# Took 58 minutes on 2 cores with PAIRS 500 (with another measurement beside it for 15).
# `bot:width=1,tail=1` were removed after 430e3d2 (variants that lost their tests; only
# winners in the bot), so the script builds the harness at 430e3d2, the last commit with
# them, in a git worktree under target/runs/src/430e3d2 (docs/runs/build-at.sh). The
# default plays the same games there as after the removal (bench f08309ae5202beeb).
# Usage: docs/runs/fitted-tails.sh BOTS_DIR [PAIRS]   (default 1000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=$(cd "${1:?usage: docs/runs/fitted-tails.sh BOTS_DIR [PAIRS]}" && pwd)
pairs=${2:-1000}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
source docs/runs/defaults.sh
out=target/runs/fitted-tails
mkdir -p "$out"
public=$(public_bots "$bots")
"$h" measure odds --bot bot:width=1,tail=1 --opponents "$public" --deals 25 --seed 63 > "$out/odds-public.txt"
"$h" measure odds --bot bot:width=1,tail=1 --deals $((pairs / 10)) --seed 66 > "$out/odds-mix.txt"
eq=bot:bidder=equilibrium,win=0,clock=0
base_eq=$(default_run bot-eq "$eq" "$pairs")
base_other=$(default_run bot-other contest:eq-other-table "$pairs")
seed41_match bot:clock=0,width=1,tail=1 "$eq" "$pairs" "$out/tail-eq.jsonl"
seed41_match bot:clock=0,width=1,tail=1 contest:eq-other-table "$pairs" "$out/tail-other.jsonl"
"$h" compare "$out/tail-eq.jsonl" --against "$base_eq" | tee "$out/compare-eq.txt"
"$h" compare "$out/tail-other.jsonl" --against "$base_other" | tee "$out/compare-other.txt"
