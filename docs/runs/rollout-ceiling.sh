#!/usr/bin/env bash
# Issue 78's ceiling by round: the default plays OPP on PAIRS seat-swapped deal pairs of
# SEED (its own games, move for move); at one bid a game, in a round drawn from the game's
# seed among FROM..12, every candidate bid (the bot's own, 3/4 and 5/4 of its amount, the
# equilibrium bid, and the best responses to the opponent's bid: a point more, a point less)
# is valued by policy rollouts on two halves of FUTURES futures each, played to the end by
# a copy of our bot and a copy of the stand-in (the probe of `rollout:SPEC`,
# harness/src/rollout/probe.rs). `harness measure ceiling` reads what choosing among them
# by rollouts gains, by round and summed over a game, without its selection bias.
# STAND_IN (default: OPP itself, the oracle: a measurement, the stand-in bids what the
# opponent bids) or bot:clock=0 (our bot as the stand-in).
# FAIR=1: each candidate valued also by our own model's prediction of the opponent (its bid
# drawn from our bot's predictive distribution, its play our bot's; FUTURES futures of a
# third seed) and the fair chooser scored on the oracle's futures: about twice the CPU.
# Usage: [OPP=SPEC] [SEED=N] [STAND_IN=SPEC] [FAIR=1] docs/runs/rollout-ceiling.sh [PAIRS [FUTURES [FROM]]]
# About 25 minutes of 2 cores for 200 pairs of 64 futures from round 1 (a probe from
# round 1 is 6 candidates x 128 futures of a whole game: about 8 s of CPU); with FAIR=1
# about 50.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-200}
futures=${2:-64}
from=${3:-1}
eq=bot:bidder=equilibrium,win=0,clock=0
opp=${OPP:-$eq}
seed=${SEED:-7713}
stand_in=${STAND_IN:-$opp}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/rollout-ceiling
mkdir -p "$out"
fair=${FAIR:-0}
tag=${opp//[:=,]/_}$([[ $stand_in == "$opp" ]] || echo "-by-${stand_in//[:=,]/_}")$([[ $fair == 1 ]] && echo -fair || true)
f=$out/$tag-s$seed-f$futures-from$from-$pairs.jsonl
if ! [[ -s $f && $(wc -l <"$f") -eq $((2 * pairs)) ]]; then
  rm -f "$f"
  YACHT_ROLLOUT_PROBE=$f YACHT_ROLLOUT_PROBE_FAIR=$fair YACHT_ROLLOUT_FROM=$from \
    YACHT_ROLLOUT_FUTURES=$futures \
    "$h" match "rollout:$stand_in" "$opp" --deals "$pairs" --seed "$seed" --no-progress \
    --time-scale 100 >"${f%.jsonl}.txt"
fi
grep -E "^X:" "${f%.jsonl}.txt" || true
"$h" measure ceiling "$f"
