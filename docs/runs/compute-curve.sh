#!/usr/bin/env bash
# Reproduces docs/results.md#compute-curve (issue 56): what more or fewer rollouts are worth.
# The clock off (`clock=0`: fixed counts, the same games on any machine), the rollouts of
# every win search scaled by 1/4, 1/2, 2 and 4 (`bot:rollouts=N`, round 2's count; later
# rounds in proportion), each against the equilibrium bidder and `contest:eq-other-table`
# on the deals of seed 41, compared deal by deal (raw and luck-adjusted, `harness compare`)
# with the default's runs (docs/runs/defaults.sh: x1, shared with the other scripts).
# Usage: docs/runs/compute-curve.sh [PAIRS [COMMIT [SCALES]]]
#   PAIRS deal pairs per run (default 1000); COMMIT the bot measured (default ".", this
#   checkout; a commit is built in a worktree, docs/runs/build-at.sh); SCALES the multiples
#   of the default count, in the order played (default "0.25 0.5 2 4").
# A run whose results file holds all its games is kept: the script picks up where it stopped.
# The x1 run of each opponent costs about 30 minutes on 2 cores at 1,000 pairs; a scale
# costs about that times itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
commit=${2:-.}
scales=${3:-0.25 0.5 2 4}
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
base_eq=$(default_run bot-eq "$eq" "$pairs")
base_other=$(default_run bot-other contest:eq-other-table "$pairs")
for scale in $scales; do
  n=$(rollouts "$scale")
  run "$out/x$scale-eq.jsonl" "bot:clock=0,rollouts=$n" "$eq"
  "$h" compare "$out/x$scale-eq.jsonl" --against "$base_eq" > "$out/compare-x$scale-eq.txt"
  run "$out/x$scale-other.jsonl" "bot:clock=0,rollouts=$n" contest:eq-other-table
  "$h" compare "$out/x$scale-other.jsonl" --against "$base_other" > "$out/compare-x$scale-other.txt"
done
for f in "$out"/compare-*.txt; do
  echo "== $f"
  cat "$f"
done
