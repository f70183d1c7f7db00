#!/usr/bin/env bash
# Rebuilds the value network from a clone (issue 61): the self-play positions, then the
# training; writes data/value-net.bin, its recipe data/value-net.json, and the reference
# values tests/suite/value_net.rs checks the bot's own evaluation against.
#  1. `harness positions`: the equilibrium bidder against itself (table scoring, |S|/4:
#     the futures the rollouts play), DEALS deals of seed 1001 (never a seed the figures
#     are measured on), one game a deal (the seat-swapped game of a player against itself
#     is the same game), every position before a roll with the result and the luck to come;
#  2. harness/learn/train.py (PyTorch; pip install -r harness/learn/requirements.txt, or
#     PYTHON=a python that has them), seed 1.
# About 15 minutes of games on 2 cores at 100,000 deals, and 10 of training on one.
# Usage: docs/runs/value-net.sh [DEALS [EPOCHS]]   (default 100000 12)
# A positions file that holds all its deals is kept: the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-100000}
epochs=${2:-12}
py=${PYTHON:-python3}
cargo build --release -q -p harness
out=target/learn
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
positions=(positions "$eq" "$eq" --deals "$deals" --seed 1001 --out "$out/gen0.csv")
target/release/harness "${positions[@]}"
"$py" harness/learn/train.py "$out/gen0.csv" --out data/value-net.bin --seed 1 \
    --epochs "$epochs" --reference tests/fixtures/value-net-reference.csv \
    --data-command "harness ${positions[*]}"
