#!/usr/bin/env bash
# Reproduces docs/results.md#ladder (issue 79): the eight skill levels, clock off, as the
# play page runs them (`bot:level=N,clock=0`):
#  1. each level against the one below, 100 seat-swapped deal pairs of seed 40 (raw and
#     luck-adjusted; the same games as docs/runs/ladder-steps.sh's rungs); with
#     STEPS_SEED=N on deals of seed N instead (the noises were set on seed 40);
#  2. level 1 against the ten sample AIs, 100 pairs of seed 40 (`harness tournament`);
#  3. the league of the eight levels and the ten sample AIs, 50 pairs per pairing, seed 41
#     (`harness league`, Bradley-Terry): the play page's ratings. Its output is kept as
#     harness/play/ladder-league.txt, and the test `the_menu_s_ratings_are_the_kept_league_s`
#     checks the menu's numbers against it; copy a new run there to move them.
# Resumable: each part's output is kept under target/runs/ladder-levels and not run again.
# Takes about 15 minutes of 2 cores (the league's 15,300 games and the top step's 200
# games of the full bot are most of it).
# Usage: nice docs/runs/ladder-levels.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/runs/ladder-levels
mkdir -p "$out"
# STEPS_SEED: the steps on other deals (a check of the noises, which were set on seed 40).
seed=${STEPS_SEED:-40}
suffix=
[[ $seed == 40 ]] || suffix=-seed$seed
cargo build --release -q -p harness
# A copy: a build while this runs does not change the player under it.
cp target/release/harness "$out/harness"
h=$out/harness
for level in 2 3 4 5 6 7 8; do
  f=$out/level$level-level$((level - 1))$suffix.txt
  if [[ ! -s $f ]]; then
    "$h" match "bot:level=$level,clock=0" "bot:level=$((level - 1)),clock=0" \
      --deals 100 --seed "$seed" --no-progress >"$f.tmp"
    mv "$f.tmp" "$f"
  fi
  echo "level $level against level $((level - 1)):"
  grep -E "^X:|^luck-adjusted:" "$f" | sed 's/^/  /'
done
f=$out/level1-samples.txt
if [[ ! -s $f ]]; then
  "$h" tournament --bot bot:level=1,clock=0 --deals 100 --seed 40 --no-progress >"$f.tmp"
  mv "$f.tmp" "$f"
fi
echo "level 1 against the ten sample AIs:"
cat "$f"
players=()
for n in 1 2 3 4 5 6 7 8; do players+=("bot:level=$n,clock=0"); done
for n in 1 2 3 4 5 6 7 8 9 10; do players+=("sample:$n"); done
f=$out/league.txt
if [[ ! -s $f ]]; then
  "$h" league "${players[@]}" --deals 50 --seed 41 --no-progress \
    --html "$out/league.html" >"$f.tmp"
  mv "$f.tmp" "$f"
fi
echo "the league (kept as harness/play/ladder-league.txt):"
sed -n '/^points/,$p' "$f"
