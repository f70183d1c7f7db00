#!/usr/bin/env bash
# Issue 78's first screen of the ceiling: the rollout player (`rollout:SPEC`,
# harness/src/player/rollout.rs) against the equilibrium bidder, paired deal by deal with
# the default on the same deals (seed 7711: the games of docs/runs/luck-net.sh, played
# here again if missing), luck-adjusted beside raw (`harness compare`).
# Each arm: the bot's bids from round FROM chosen among four candidates (its own, 3/4 and
# 5/4 of its amount, the equilibrium bid) by FUTURES futures played to the end by a copy
# of the bot and a copy of SPEC on the opponent's inputs:
#   oracle: SPEC is the opponent's own design (exact: it is deterministic);
#   fair:   SPEC is our bot itself (what any bot could play);
#   exploiter: the other side: the equilibrium design rolled out (its bids chosen so by
#           futures that know our default: rollout@bidder=equilibrium,win=0:bot:clock=0)
#           against our default, compared from our default's side with the plain design.
# A measurement, not a player the judge would time: the rollout player's round-10 bid takes
# about half a second of CPU, so its matches scale every deadline by 20 (--time-scale).
# OPP=contest:eq-other-table (any in-process player that can be copied) plays the oracle
# and fair arms against that opponent instead, paired with the default against it on the
# same deals (seed 7712 unless SEED says otherwise).
# Usage: [OPP=SPEC] [SEED=N] docs/runs/rollout-screen.sh ARM [PAIRS [FROM [FUTURES [GATE]]]]
#   (ARM oracle|fair|exploiter; defaults 300 pairs, round 10, 64 futures, gate 0: another
#   candidate replaces the bot's bid when its mean is higher by GATE standard errors)
# About 4 minutes of 2 cores for the oracle arm with the defaults (fair 6.5, exploiter 3.3;
# 256 futures 16; from round 8 about 12).
set -euo pipefail
cd "$(dirname "$0")/../.."
arm=${1:?usage: docs/runs/rollout-screen.sh oracle|fair [PAIRS [FROM [FUTURES]]]}
pairs=${2:-300}
from=${3:-10}
futures=${4:-64}
gate=${5:-0}
cargo build --release -q -p harness
h=target/release/harness
eq=bot:bidder=equilibrium,win=0,clock=0
opp=${OPP:-$eq}
if [[ $opp == "$eq" ]]; then seed=${SEED:-7711} tag=; else seed=${SEED:-7712} tag=-${opp//[:=,]/_}; fi
case $arm in
  oracle) players=("rollout:$opp" "$opp") ;;
  fair) players=(rollout:bot:clock=0 "$opp") ;;
  exploiter) players=(bot:clock=0 rollout@bidder=equilibrium,win=0:bot:clock=0) ;;
  *) echo "ARM is oracle, fair or exploiter" >&2; exit 2 ;;
esac
out=target/runs/rollout-screen
mkdir -p "$out"
base=$out/default$tag-$pairs.jsonl
if ! [[ -s $base && $(wc -l <"$base") -eq $((2 * pairs)) ]]; then
  "$h" match bot:clock=0 "$opp" --deals "$pairs" --seed "$seed" --no-progress --results "$base" \
    >"${base%.jsonl}.txt"
fi
f=$out/$arm$tag-from$from-f$futures$([[ $gate == 0 ]] || echo "-g$gate")-$pairs.jsonl
if ! [[ -s $f && $(wc -l <"$f") -eq $((2 * pairs)) ]]; then
  YACHT_ROLLOUT_FROM=$from YACHT_ROLLOUT_FUTURES=$futures YACHT_ROLLOUT_GATE=$gate \
    "$h" match "${players[@]}" --deals "$pairs" --seed "$seed" --no-progress --time-scale 20 \
    --results "$f" >"${f%.jsonl}.txt"
fi
grep -E "^X:|^luck-adjusted|decisions X by round|^ +(8|9|10|11|12) " "${f%.jsonl}.txt" || true
"$h" compare "$f" --against "$base"
