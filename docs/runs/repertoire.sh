#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-repertoire.md#repertoire (issue 48): the public contest bots' amounts,
# and the bid model's intervals against them with the repertoire component
# (`bot:palette=1`, src/engine/model/repertoire.rs), beside the fitted widths and tails.
#  1. how the public bots bid: 2 deal pairs of seed 63 against each, the games' official
#     logs; per bot, the share of its bids that repeat an amount it bid before in the same
#     game, and the share that are multiples of 1,000;
#  2. `harness measure odds` against the seven (25 deal pairs each, seed 63): the share of
#     their amounts in the model's central 50% and 90%, for the default, `palette=1`,
#     `width=1,tail=1` and all three.
# `bot:palette=1`, `width=1` and `tail=1` were removed after 430e3d2 (variants that lost
# their tests; only winners in the bot), so the script builds the harness at 430e3d2, the
# last commit with them, in a git worktree under target/runs/src/430e3d2
# (docs/runs/build-at.sh). The default plays the same games there as after the removal
# (bench f08309ae5202beeb).
# Usage: docs/runs/repertoire.sh BOTS_DIR   (BOTS_DIR: the bots built outside the project
# with ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR)
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=${1:?usage: docs/runs/repertoire.sh BOTS_DIR}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
source docs/runs/defaults.sh
out=target/runs/repertoire
mkdir -p "$out"

for name in 1850 1630 8.14 8.14_1710 8.15 105780_1780 main; do
  logs=$out/logs-$name
  [[ -d $logs ]] || "$h" match bot:clock=0 "cmd:$bots/bw_$name" --deals 2 --seed 63 \
    --no-progress --logs "$logs" > /dev/null
  # The public bot is the side whose command names bw_; a repeat is an amount it bid
  # before in the same game.
  cat "$logs"/*.log | awk -v name="$name" '
    /^\[FIRST "COMMAND/ { side = /bw_/ ? "FIRST" : "SECOND"; delete seen }
    $1 == "BID" && $2 == side {
      bids++; if ($4 in seen) repeats++; seen[$4] = 1; if ($4 % 1000 == 0) round++
    }
    END { printf "bw_%s: %d bids, %.2f repeat an amount of the game, %.2f multiples of 1,000\n",
          name, bids, repeats / bids, round / bids }'
done | tee "$out/amounts.txt"

for bot in bot bot:palette=1 bot:width=1,tail=1 bot:width=1,tail=1,palette=1; do
  f=$out/odds-public-$(echo "$bot" | tr ':=,' '___').txt
  [[ -s $f ]] || "$h" measure odds --bot "$bot" --opponents "$(public_bots "$bots")" \
    --deals 25 --seed 63 > "$f"
  echo "$bot"
  grep "bids .*P(group)" "$f" | sed 's|cmd:[^ ]*/||'
done | tee "$out/intervals.txt"
