#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-27-skill-levels.md#ladder: the levels' decisions of 5f75979, clock off: each level
# against the one below (200 deal pairs, seed 40), level 1 against the ten sample AIs (100
# pairs, seed 40), and the league of the five levels and the ten sample AIs (50 pairs per
# pairing, seed 41) whose Bradley-Terry ratings the play page shows.
# The commit is checked out as a git worktree under target/runs/src/ and built there.
# Takes about 25 minutes on 2 cores (an estimate: the league took 741 s; level 5 against
# level 4 plays the full bot's search, about 10 minutes; the other runs take seconds).
# Usage: docs/runs/ladder.sh [COMMIT]   (default 5f75979; "." is this checkout)
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:-5f75979}
out=target/runs/ladder
mkdir -p "$out"

# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at "$commit")/harness

for pair in "5 4" "4 3" "3 2" "2 1"; do
  set -- $pair
  echo "== level $1 against level $2"
  "$h" match "bot:level=$1,clock=0" "bot:level=$2,clock=0" --deals 200 --seed 40 --no-progress \
    | tee "$out/level$1-level$2.txt"
done
echo "== level 1 against the ten sample AIs"
"$h" tournament --bot bot:level=1,clock=0 --deals 100 --seed 40 --no-progress | tee "$out/level1-samples.txt"
echo "== the league"
players=()
for n in 1 2 3 4 5; do players+=("bot:level=$n,clock=0"); done
for n in 1 2 3 4 5 6 7 8 9 10; do players+=("sample:$n"); done
"$h" league "${players[@]}" --deals 50 --seed 41 --no-progress --html "$out/league.html" | tee "$out/league.txt"
