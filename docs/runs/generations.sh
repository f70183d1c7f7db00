#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-generations.md (issue 62): the network improved on its
# own games, generation by generation, as TD-Gammon and Leela were, each kept only if it
# beats the best before it.
# Generation 0 is data/value-net.bin (docs/runs/value-net.sh: the equilibrium bidder's
# self-play, 100,000 deals of seed 1001, target/learn/gen0.csv). Generation k (k >= 1):
#  1. positions (games$k.csv) of the best generation so far (b) playing with its network in every round
#     the rollouts served (`bot:net=GEN_b,netlast=10,clock=0`: the generation's own value
#     decides its own play) against itself, DEALS deals of seed 2999+k, one game a deal;
#  2. a network trained (harness/learn/train.py, seed 1, as generation 0) on a window:
#     generation 0's positions and every generation's games since (OWN=1: on the new games
#     alone);
#  3. its luck-adjusted SPRT against generation b, both playing the network alone, on the
#     deals of seed 4000+k (never used for training): [0, 5] nElo, alpha = beta = 0.05, at
#     most 4,000 deal pairs; H1 accepted makes it the best.
#  4. the best generation, if it is not generation 0, as the hybrid (`bot:net=GEN,clock=0`:
#     the network in rounds 2-5, rollouts after) against the equilibrium bidder on the deals
#     of seed 41 (PAIRS pairs), paired with the default (docs/runs/value-net-noloss.sh's
#     rollouts arm, target/runs/value-net/rollouts-eq.jsonl).
# Usage: docs/runs/generations.sh [GENERATIONS [DEALS [PAIRS]]]   (default 2 20000 1000)
# PYTHON as docs/runs/value-net.sh. Each finished file is kept: the script picks up where
# it stopped. About 30 minutes of 2 cores a generation at the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
generations=${1:-2}
deals=${2:-20000}
pairs=${3:-1000}
py=${PYTHON:-python3}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/generations
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
[[ -s target/learn/gen0.csv ]] || docs/runs/value-net.sh
cp -n data/value-net.bin "$out/gen0.bin"
alone() { echo "bot:net=$out/gen$1.bin,netlast=10,clock=0"; }
window=(target/learn/gen0.csv)
commands="harness positions $eq $eq --deals 100000 --seed 1001 --out target/learn/gen0.csv"
best=0
for ((k = 1; k <= generations; k++)); do
  games=$out/games$k.csv
  positions=(positions "$(alone $best)" "$(alone $best)" --deals "$deals" --seed $((2999 + k))
    --out "$games" --no-progress)
  "$h" "${positions[@]}"
  commands="$commands; harness ${positions[*]}"
  if [[ ${OWN:-0} == 1 ]]; then window=("$games"); else window+=("$games"); fi
  [[ -s $out/gen$k.bin ]] || "$py" harness/learn/train.py "${window[@]}" \
    --out "$out/gen$k.bin" --seed 1 --data-command "$commands" > "$out/gen$k.train.txt"
  [[ -s $out/sprt$k.txt ]] || "$h" sprt "$(alone $k)" "$(alone $best)" --adjusted \
    --nelo0 0 --nelo1 5 --seed $((4000 + k)) --batch 250 --max-deals 4000 \
    --time-scale 20 > "$out/sprt$k.txt"
  echo "generation $k against generation $best: $(tail -1 "$out/sprt$k.txt")"
  if grep -q '^H1 accepted' "$out/sprt$k.txt"; then best=$k; fi
done
echo "best: generation $best"
if ((best > 0)); then
  f=$out/hybrid$best-eq.jsonl
  [[ -s $f && $(wc -l < "$f") -eq $((2 * pairs)) ]] ||
    "$h" match "bot:net=$out/gen$best.bin,clock=0" "$eq" --deals "$pairs" --seed 41 \
      --time-scale 20 --no-progress --results "$f" > "${f%.jsonl}.txt"
  grep -m1 'luck-adjusted' "${f%.jsonl}.txt"
  base=target/runs/value-net/rollouts-eq.jsonl
  [[ -s $base ]] && "$h" compare "$f" --against "$base" | tail -1
fi
