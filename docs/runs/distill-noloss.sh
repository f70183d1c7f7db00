#!/usr/bin/env bash
# The no-loss test of issue 69: the bot of this checkout (the distilled network's curves)
# paired deal by deal with the default at BASE (3185f0d: rollouts in rounds 2-10), against
# the two designs the finals are made of, the equilibrium bidder (seed 6901) and the
# equilibrium on another table (`contest:eq-other-table`, seed 6902); PAIRS deal pairs
# each, the clock off (fixed work: the same games on any machine, whatever its load).
# Each arm is played in 4 shards, each kept once whole: run again, the script plays only
# the shards it lacks. `harness compare` gives the paired difference, raw and
# luck-adjusted; each arm's report its CPU per decision by round.
# The base's arms cost about 50 minutes of one core each at 1,000 pairs, the new bot's a
# minute or two.
# Usage: docs/runs/distill-noloss.sh [PAIRS [BASE [NEW]]]   (default 1000 3185f0d bot:clock=0)
# ONLY=base plays the base's arms alone (they do not change with this checkout).
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
base=${2:-3185f0d}
new=${3:-bot:clock=0}
shards=4
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h_base=$(build_at "$base")/harness
h_new=$([[ ${ONLY:-} == base ]] || build_at .)/harness
out=target/runs/distill-noloss
mkdir -p "$out"
run() { # NAME HARNESS PLAYER OPPONENT SEED
  for k in $(seq 1 $shards); do
    local f=$out/$1-$k.jsonl
    local want=$((2 * ((pairs - k + shards) / shards)))
    [[ -s $f && $(wc -l < "$f") -eq $want ]] && continue
    "$2" match "$3" "$4" --deals "$pairs" --seed "$5" --shard "$k/$shards" --time-scale 20 \
      --no-progress --results "$f" > "$out/$1-$k.txt"
  done
}
for arm in eq:6901 other:6902; do
  o=${arm%:*}
  seed=${arm#*:}
  case $o in
    eq) opponent=bot:bidder=equilibrium,win=0,clock=0 ;;
    other) opponent=contest:eq-other-table ;;
  esac
  run "base-$o" "$h_base" bot:clock=0 "$opponent" "$seed"
  [[ ${ONLY:-} == base ]] && continue
  run "new-$o" "$h_new" "$new" "$opponent" "$seed"
  "$h_new" compare "$out"/new-"$o"-*.jsonl --against "$out"/base-"$o"-*.jsonl | tee "$out/compare-$o.txt"
done
