#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-futures-lean-design.md#futures-lean-design's no-loss checks (issue 48): the leaned
# futures (`bot:lean=1`) against the default on the same deals (seed 41, PAIRS deal pairs,
# `clock=0` for our side), against the opponents the issue says the lean must not lose to:
#  - the maximin reference and adapt-gain, paired with the default deal by deal
#    (`harness compare`, raw and luck-adjusted);
#  - the reader (a copy of the bot, of the same switches, that knows our next bid): each
#    arm against its own reader, goal >= 50%;
#  - the seven public bots of the 2025 contest (built outside the project with
#    ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR), paired with the default.
#    They run as programs on the judge's clock, so `--time-scale 20` (as
#    docs/results.md#real-bots) keeps a starved process on a loaded machine from counting
#    as late.
# `bot:lean=1` was removed after 430e3d2 (variants that lost their tests; only winners in
# the bot), so the script builds the harness at 430e3d2, the last commit with it, in a git
# worktree under target/runs/src/430e3d2 (docs/runs/build-at.sh). The default plays the
# same games there as after the removal (bench f08309ae5202beeb).
# Usage: docs/runs/lean-noloss.sh BOTS_DIR [PAIRS]   (PAIRS default 100)
# Each finished file is kept, so the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=${1:?usage: docs/runs/lean-noloss.sh BOTS_DIR [PAIRS]}
pairs=${2:-100}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
out=target/runs/lean-noloss
mkdir -p "$out"

# `arm NAME PLAYER OPPONENT [OPTIONS]`: one arm's match on the deals of seed 41, kept in
# $out/NAME.jsonl (results) and $out/NAME.txt (report).
arm() {
  local name=$1 player=$2 opponent=$3
  shift 3
  [[ -s $out/$name.txt ]] && grep -q '^aborts' "$out/$name.txt" && return
  "$h" match "$player" "$opponent" --deals "$pairs" --seed 41 --no-progress \
    --results "$out/$name.jsonl" "$@" > "$out/$name.txt"
}

# Paired against a common opponent: the default's run beside the lean's.
paired() {
  local tag=$1 opponent=$2
  shift 2
  arm "default-$tag" bot:clock=0 "$opponent" "$@"
  arm "lean-$tag" bot:clock=0,lean=1 "$opponent" "$@"
  "$h" compare "$out/lean-$tag.jsonl" --against "$out/default-$tag.jsonl" > "$out/compare-$tag.txt"
  cat "$out/compare-$tag.txt"
}

paired bot_bidder_max bot:bidder=maximin,win=10,clock=0
paired contest_adapt- contest:adapt-gain
arm default-reader bot:clock=0 reader:clock=0
arm lean-reader bot:clock=0,lean=1 reader:clock=0,lean=1
grep -H '^X:' "$out/default-reader.txt" "$out/lean-reader.txt"
for name in 1850 1630 8.14 8.14_1710 8.15 105780_1780 main; do
  paired "bw_$name" "cmd:$bots/bw_$name" --time-scale 20 --threads 1
done
