#!/usr/bin/env bash
# Reproduces docs/results.md#value-net's calibration (issue 61): the P(win) of the bot's
# curves (`bot:curves=net`) at its bids against what happened (`harness measure odds`):
#  1. against itself, 1,000 deal pairs of seed 67: ECE by round group against the result
#     and against the luck-adjusted result, and the level shift (0 for a true forecaster);
#  2. against the equilibrium bidder, eq-other-table and itself, 500 deal pairs each of
#     seed 66: the level shift by opponent (the curves value both sides as equal players);
#  3. the same three, 100 deal pairs each of seed 68, with the rollouts' curves valued at
#     the same positions and bids (`--beside bot:curves=rollouts`): Brier and ECE side by
#     side. The rollouts at every auction cost most of this script's time.
# Usage: docs/runs/value-net-odds.sh [COMMIT]   (default ".": this checkout)
# About 25 minutes of 2 cores; a finished report is kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at "${1:-.}")/harness
out=target/runs/value-net
mkdir -p "$out"
three="bot:bidder=equilibrium,win=0;contest:eq-other-table;bot:curves=net"
odds() { # NAME ARGS...
  local name=$1
  shift
  [[ -s $out/$name.txt ]] || "$h" measure odds --bot bot:curves=net "$@" > "$out/$name.txt"
  sed -n '/^by round group/,/^$/p;/^beside/,/^$/p;/level shift of P(win) in the rollouts. rounds, luck/,/^$/p' \
    "$out/$name.txt"
}
odds odds-self --opponents bot:curves=net --deals 1000 --seed 67 --svg "$out/odds-self"
odds odds-three --opponents "$three" --deals 500 --seed 66
odds odds-beside --opponents "$three" --deals 100 --seed 68 --beside bot:curves=rollouts
