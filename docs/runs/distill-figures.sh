#!/usr/bin/env bash
# The figures of docs/results.md that the distilled default (issue 69) measured again, at
# this checkout, clock off unless said (the same games on any machine):
#  - the head to head with the equilibrium bidder on the deals of seed 41 (1,000 pairs, as
#    results.md#head-to-head played the rollouts' default);
#  - the win-aware reference `bot:bidder=maximin,win=10` (300 pairs each of seeds 41, 42);
#  - the equilibrium on another table (500 pairs each of seeds 41, 42);
#  - the reader test (`reader`, a copy of the bot reading our bids; 100 pairs of seed 41);
#  - the gauntlet against the contest-like population and the ten sample AIs (100 pairs of
#    seed 1 each, the equilibrium bidder its baseline; its SPRT);
#  - the timing with the clock on: the bot against itself as two programs pinned to one core
#    (`taskset -c 0`, 100 pairs of seed 51), each answer's CPU and wall time.
# A finished run is kept: the script picks up where it stopped. About 10 minutes on 2 cores.
# OUT=NAME writes to target/runs/NAME (a later default's figures beside these).
# Usage: [OUT=NAME] docs/runs/distill-figures.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p harness -p yacht-auction
h=target/release/harness
out=target/runs/${OUT:-distill-figures}
mkdir -p "$out"
run() { # NAME ARGS...
  local name=$1
  shift
  if [[ ! -s $out/$name.txt ]]; then
    "$h" "$@" --no-progress > "$out/$name.txt.part"
    mv "$out/$name.txt.part" "$out/$name.txt"
  fi
  echo "== $name"
  grep -E '^(X:|luck-adjusted|aborts|paired|SPRT)' "$out/$name.txt" || true
}
run eq-41 match bot:clock=0 bot:bidder=equilibrium,win=0,clock=0 --deals 1000 --seed 41 --time-scale 20 --threads 1
for s in 41 42; do
  run maximin-$s match bot:clock=0 bot:bidder=maximin,win=10,clock=0 --deals 300 --seed $s --time-scale 20 --threads 1
  run other-$s match bot:clock=0 contest:eq-other-table --deals 500 --seed $s --time-scale 20 --threads 1
done
run reader-41 match bot:clock=0 reader:clock=0 --deals 100 --seed 41 --time-scale 20
run gauntlet gauntlet --bot bot:clock=0 --baseline bot:bidder=equilibrium --samples --deals 100 --seed 1 --time-scale 4 --threads 1
bot=$PWD/target/release/yacht-bot
[[ -s $out/timing.txt ]] || taskset -c 0 "$h" match "cmd:$bot" "cmd:$bot" --deals 100 --threads 1 --seed 51 --no-progress > "$out/timing.txt"
echo "== timing"
grep -E '^(games|aborts|response X ROLL)' "$out/timing.txt"
