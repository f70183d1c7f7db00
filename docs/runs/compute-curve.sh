#!/usr/bin/env bash
# Reproduces docs/results.md#compute-curve (issue 56): what more or fewer rollouts are worth.
# The clock off (`clock=0`: fixed counts, the same games on any machine), the rollouts of
# every win search scaled by 1/4, 1/2, 2 and 4 (`bot:rollouts=N`, round 2's count; later
# rounds in proportion), each against the equilibrium bidder and `contest:eq-other-table`
# on the deals of seed 41, compared deal by deal (raw and luck-adjusted, `harness compare`)
# with the default's runs (docs/runs/defaults.sh: x1, shared with the other scripts).
# Usage: docs/runs/compute-curve.sh [PAIRS [COMMIT [SCALES [OPPONENTS]]]]
#   PAIRS deal pairs per run (default 1000); COMMIT the bot measured (default ".", this
#   checkout; a commit is built in a worktree, docs/runs/build-at.sh); SCALES the multiples
#   of the default count, in the order played (default "0.25 0.5 2 4"); OPPONENTS "eq",
#   "other" or both (default "eq other").
# docs/results.md#compute-curve's figures: docs/runs/compute-curve.sh 500 . "0.5 0.25" eq
# A run whose results file holds all its games is kept: the script picks up where it stopped.
# The x1 run of each opponent costs about 30 minutes on 2 cores at 1,000 pairs; a scale
# costs about that times itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
commit=${2:-.}
scales=${3:-0.25 0.5 2 4}
opponents=${4:-eq other}
source docs/runs/build-at.sh
h=$(build_at "$commit")/harness
source docs/runs/defaults.sh
out=target/runs/compute-curve
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
rollouts() { python3 -c "print(round(1800 * $1))"; }
run() { # FILE PLAYER OPPONENT
  [[ -s $1 && $(wc -l < "$1") -ge $((2 * pairs)) ]] || seed41_match "$2" "$3" "$pairs" "$1"
}
declare -A opponent_of=([eq]=$eq [other]=contest:eq-other-table)
declare -A base_name=([eq]=bot-eq [other]=bot-other)
for o in $opponents; do
  base=$(default_run "${base_name[$o]}" "${opponent_of[$o]}" "$pairs")
  for scale in $scales; do
    n=$(rollouts "$scale")
    run "$out/x$scale-$o.jsonl" "bot:clock=0,rollouts=$n" "${opponent_of[$o]}"
    "$h" compare "$out/x$scale-$o.jsonl" --against "$base" > "$out/compare-x$scale-$o.txt"
  done
done
for f in "$out"/compare-*.txt; do
  echo "== $f"
  cat "$f"
done
