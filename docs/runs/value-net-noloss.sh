#!/usr/bin/env bash
# Reproduces docs/results.md#value-net (issue 61): the win curves from the value network
# against the rollouts', on the same deals (seed 41, and 42 as well for eq-other-table;
# PAIRS deal pairs each, clock off: fixed counts, the same games on any machine), against
# the two designs the finals are made of: the equilibrium bidder and the equilibrium on
# another table (`contest:eq-other-table`).
#  - `bot:curves=rollouts,clock=0`: the curves of rounds 2-10 from 1,800 rollouts in round 2
#    up to 31,500 (the default before issue 61);
#  - `bot:curves=net,clock=0`: the network's curves in rounds 2-5 and a few milliseconds of
#    rollouts in rounds 6-10 (NET_LAST_ROUND, NET_ROLLOUTS_BY_ROUND);
# compared deal by deal (`harness compare`: raw and luck-adjusted), and each one's CPU per
# decision by round (the match report's table; the p99 of a round's bids and scorings).
# Usage: docs/runs/value-net-noloss.sh [PAIRS [COMMIT]]   (default 1000 .)
# The rollouts' arm costs about 50 minutes of one core per opponent at 1,000 pairs, the
# network's about a minute and a half. A finished run is kept: the script picks up where it
# stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
commit=${2:-.}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at "$commit")/harness
out=target/runs/value-net
mkdir -p "$out"
run() { # NAME PLAYER OPPONENT SEED
  local f=$out/$1.jsonl
  [[ -s $f && $(wc -l < "$f") -eq $((2 * pairs)) ]] && return
  "$h" match "$2" "$3" --deals "$pairs" --seed "$4" --time-scale 20 --no-progress \
    --results "$f" > "$out/$1.txt"
}
# The equilibrium bidder on seed 41; eq-other-table on seeds 41 and 42 (its paired
# difference is the wider: a second thousand pairs).
for arm in eq:41 other:41 other:42; do
  o=${arm%:*}
  seed=${arm#*:}
  case $o in
    eq) opponent=bot:bidder=equilibrium,win=0,clock=0 ;;
    other) opponent=contest:eq-other-table ;;
  esac
  tag=$o
  [[ $seed == 41 ]] || tag=$o-s$seed
  run "rollouts-$tag" bot:curves=rollouts,clock=0 "$opponent" "$seed"
  run "net-$tag" bot:curves=net,clock=0 "$opponent" "$seed"
  "$h" compare "$out/net-$tag.jsonl" --against "$out/rollouts-$tag.jsonl" | tee "$out/compare-$tag.txt"
  for side in rollouts net; do
    echo "$side against $tag: $(grep -m1 'games/s' "$out/$side-$tag.txt")"
    grep -A14 '^decisions X by round' "$out/$side-$tag.txt"
  done
done
