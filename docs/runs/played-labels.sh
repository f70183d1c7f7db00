#!/usr/bin/env bash
# Issue 78: value labels from futures as they are played. Games of our default against a
# field (the equilibrium bidder, eq-other-table, adapt-gain, itself) in chunks of PAIRS
# seat-swapped deal pairs; in each game, one auction in two of rounds 1-10 has both its
# children (we get A, we get B, nobody paying) valued by FUTURES futures played to the end
# by a copy of our default and a copy of the opponent (label mode of the rollout player,
# harness/src/rollout/played.rs), in `harness label`'s format (YLB1), one file a chunk.
# The field's futures are its own players': a value for a field of such designs, the
# finals' (the designs themselves stand in, as the opponent they are; self-play stands in
# our bot). Resumable: a chunk with its .done marker is kept, an unfinished one labelled
# again from its start.
# Usage: docs/runs/played-labels.sh [CHUNKS [PAIRS [FUTURES [SEED]]]]
# About 1 s of CPU a position at 32 futures; a chunk of 20 pairs (about 200 positions)
# takes 2 minutes of 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
chunks=${1:-30}
pairs=${2:-20}
futures=${3:-32}
seed=${4:-8800}
cargo build --release -q -p harness
h=target/release/harness
out=target/learn/played
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
field=("$eq" contest:eq-other-table "$eq" contest:adapt-gain bot:clock=0 contest:eq-other-table)
for ((c = 0; c < chunks; c++)); do
  i=$((c % ${#field[@]}))
  opp=${field[$i]}
  s=$((seed + c))
  f=$out/c$s-f$futures-p$pairs.ylb
  [[ -e $f.done ]] && continue
  rm -f "$f"
  YACHT_ROLLOUT_LABEL=$f YACHT_ROLLOUT_LABEL_SOURCE=$i YACHT_ROLLOUT_FUTURES=$futures \
    "$h" match "rollout:$opp" "$opp" --deals "$pairs" --seed "$s" --no-progress \
    --time-scale 100 --no-luck >"${f%.ylb}.txt"
  touch "$f.done"
  echo "$(date +%T) chunk $c ($opp, seed $s): $(stat -c %s "$f") bytes"
done
