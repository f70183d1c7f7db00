#!/usr/bin/env bash
# Reproduces docs/results.md#luck (issue 77): the luck read by the network, beside issue
# 47's by the table alone, on the same games (`--luck-table`; docs/runs/luck-compare.py
# prints both for each file):
#  1. variance: the default against the equilibrium bidder (seed 7711) and against
#     contest:eq-other-table (seed 7712), PAIRS deal pairs each;
#  2. unbiased: the default against itself with another seed (7713, PAIRS pairs; and the
#     same games with the draws' terms left out, YACHT_LUCK_DRAWS=0), and a cheap pairing
#     of two fast players, the equilibrium design against the own-gain one (ladder 1's levels 4 and 3) (seed 7714, CHEAP pairs), where the raw
#     interval is narrow;
#  3. the README's headline rerun: the default against the equilibrium bidder on the deals
#     of docs/results.md#head-to-head (1,000 pairs of seed 41, the same decisions: bench
#     e1ad26cebe39efc3), its raw result as recorded, its luck-adjusted one by both lucks;
#  4. cost: the luck's CPU a game, the default against the equilibrium bidder (300 pairs of
#     seed 7715, no --luck-table), here and at b1932db (issue 47's luck alone; built in a
#     git worktree by docs/runs/build-at.sh), one after the other on this machine.
# Each finished file is kept, so the script picks up where it stopped. About 18 minutes on
# 2 cores with the defaults.
# Usage: docs/runs/luck-net.sh [PAIRS [CHEAP]]   (default 1000, 5000)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
cheap=${2:-5000}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/luck-net
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
run() { # NAME PAIRS SEED X Y [EXTRA...]: a match with both lucks, kept once whole
  local name=$1 n=$2 seed=$3 x=$4 y=$5
  shift 5
  local f=$out/$name.jsonl
  if [[ -s $f && $(wc -l <"$f") -eq $((2 * n)) ]]; then return; fi
  "$h" match "$x" "$y" --deals "$n" --seed "$seed" --no-progress --luck-table \
    --results "$f" "$@" >"$out/$name.txt"
}
run eq "$pairs" 7711 bot:clock=0 "$eq"
run eot "$pairs" 7712 bot:clock=0 contest:eq-other-table
run self "$pairs" 7713 bot:clock=0 bot:clock=0,seed=99
export YACHT_LUCK_DRAWS=0
run self-nodraws "$pairs" 7713 bot:clock=0 bot:clock=0,seed=99
unset YACHT_LUCK_DRAWS
run cheap "$cheap" 7714 bot:bidder=equilibrium,win=0,clock=0 bot:bidder=own,win=0,clock=0
run headline 1000 41 bot:clock=0 "$eq" --time-scale 20
python3 docs/runs/luck-compare.py "$out"/{eq,eot,self,self-nodraws,cheap,headline}.jsonl | tee "$out/summary.txt"

# The cost, the new luck and the old on the same games, one run after the other.
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
old=$(build_at b1932db)/harness
cost() { # LABEL HARNESS
  "$2" match bot:clock=0 "$eq" --deals 300 --seed 7715 --no-progress \
    --results "$out/cost-$1.jsonl" >"$out/cost-$1.txt"
  python3 -c "
import json, sys
g = [json.loads(l) for l in open(sys.argv[1])]
print(f'$1: the luck {sum(x[\"luck_cpu_us\"] for x in g) / len(g) / 1000:.2f} ms of CPU a game ({len(g)} games)')
" "$out/cost-$1.jsonl"
}
{ cost new "$h"; cost old "$old"; cost new-again "$h"; } | tee "$out/cost.txt"
