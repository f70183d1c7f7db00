#!/usr/bin/env bash
# Reproduces docs/experiments.md#value-net's variants (issue 61): networks trained on the
# positions of docs/runs/value-net.sh (run it first: target/learn/gen0.csv) with other
# sizes and losses, each played against the equilibrium bidder on the deals of seed 41
# (PAIRS deal pairs, clock off), paired with the rollouts' curves (docs/runs/value-net-noloss.sh's
# arm); then the hybrid's settings on the committed network. Each variant's curves:
#  - alone in rounds 2-10 (`netlast=10`): h64 (the committed one), h128, nll (no
#    cross-entropy), bce (no likelihood), h128k8 (128 units, 8 components, 20 epochs);
#  - the hybrid (the network to round NETLAST, rollouts after): netlast 4, 5 (the
#    default), 6; rollouts x2 (`netroll=200`); and, built at d77c598 (the last commit with
#    it), the network blended into the rollout rounds (`netblend=0.3`, 0.6), against
#    eq-other-table;
#  - against eq-other-table: netlast 4, rollouts x1.4 (`netroll=140`), an ensemble of four
#    networks (`train.py --members 4`, seeds 1-4; against the equilibrium bidder too);
#  - three times the data (200,000 more deals of seed 1002), the hybrid;
#  - trained on rounds 3-7 only (`--rounds 3-7`, the rounds the hybrid asks of it), 64, 128
#    and 256 units: their curves against 4x the rollouts' (`harness measure net-fidelity`).
# Usage: docs/runs/value-net-variants.sh [PAIRS]   (default 1000; PYTHON as value-net.sh)
# A finished file is kept: the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-1000}
py=${PYTHON:-python3}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/value-net
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
[[ -s target/learn/gen0.csv ]] || { echo "run docs/runs/value-net.sh first" >&2; exit 1; }
train() { # NAME OPTIONS...
  local name=$1
  shift
  [[ -s $out/$name.bin ]] || "$py" harness/learn/train.py target/learn/gen0.csv \
    --out "$out/$name.bin" --seed 1 "$@" > "$out/$name.train.txt"
}
arm() { # NAME PLAYER [OPPONENT [BASE [HARNESS]]]
  local f=$out/$1.jsonl opponent=${3:-$eq} base=${4:-rollouts-eq} harness=${5:-$h}
  [[ -s $f && $(wc -l < "$f") -eq $((2 * pairs)) ]] ||
    "$harness" match "$2" "$opponent" --deals "$pairs" --seed 41 --time-scale 20 --no-progress \
      --results "$f" > "$out/$1.txt"
  echo "$1: $(grep -m1 'luck-adjusted' "$out/$1.txt")"
  # The rollouts' arm: docs/runs/value-net-noloss.sh's.
  [[ -s $out/$base.jsonl ]] && "$h" compare "$f" --against "$out/$base.jsonl" | tail -1
}
train h64 --hidden 64
train h128 --hidden 128
train nll --bce-weight 0
train bce --nll-weight 0
train h128k8 --hidden 128 --components 8 --epochs 20
for v in h64 h128 nll bce h128k8; do arm "alone-$v" "bot:net=$out/$v.bin,netlast=10,clock=0"; done
for last in 4 5 6; do arm "hybrid-last$last" "bot:curves=net,netlast=$last,clock=0"; done
arm hybrid-roll200 bot:curves=net,netroll=200,clock=0
# Against eq-other-table: netlast 4, 40% more rollouts in rounds 6-10, an ensemble of four
# networks (seeds 1-4).
train ens4 --hidden 64 --members 4
other=contest:eq-other-table
arm hybrid-last4-other bot:curves=net,netlast=4,clock=0 "$other" rollouts-other
arm hybrid-roll140-other bot:curves=net,netroll=140,clock=0 "$other" rollouts-other
arm hybrid-ens4-other "bot:net=$out/ens4.bin,clock=0" "$other" rollouts-other
arm hybrid-ens4 "bot:net=$out/ens4.bin,clock=0"
# Three times the data: 200,000 more deals of seed 1002 (about 40 minutes of one core).
[[ -s target/learn/gen0b.csv && $(wc -l < target/learn/gen0b.csv) -ge 2400002 ]] ||
  "$h" positions "$eq" "$eq" --deals 200000 --seed 1002 --out target/learn/gen0b.csv --no-progress
[[ -s $out/more-h64.bin ]] || "$py" harness/learn/train.py target/learn/gen0.csv \
  target/learn/gen0b.csv --out "$out/more-h64.bin" --seed 1 > "$out/more-h64.train.txt"
arm hybrid-more "bot:net=$out/more-h64.bin,clock=0"
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
hb=$(build_at d77c598)/harness
for w in 0.3 0.6; do
  arm "hybrid-blend$w-other" "bot:curves=net,netblend=$w,clock=0" \
    contest:eq-other-table rollouts-other "$hb"
done
for n in 64 128 256; do train "early-h$n" --hidden "$n" --rounds 3-7 --epochs 20; done
E=bot:bidder=equilibrium,win=0,clock=0
[[ -s target/learn/heldout.csv ]] ||
  "$h" positions "$E" "$E" --deals 2000 --seed 2002 --out target/learn/heldout.csv --no-progress
"$h" measure net-fidelity target/learn/heldout.csv --net "$out/h64.bin" --net "$out/early-h64.bin" \
  --net "$out/early-h128.bin" --net "$out/early-h256.bin" --every 20 --limit 400 --reference 4 \
  | tee "$out/fidelity.txt"
