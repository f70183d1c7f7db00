#!/usr/bin/env bash
# The shifted-network fixture of tests/suite/value_net.rs (issue 78): a small network with a
# learned shift of its mean (YVN3, harness/learn/distill.py --shift), trained from a random
# start (its shift is not zero) on a few played-futures labels, and its reference values:
# the bot must evaluate it as the trainer does.
# Needs PyTorch (pip install -r harness/learn/requirements.txt). About a minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
py=${PYTHON:-python3}
cargo build --release -q -p harness
out=target/learn/fixture
mkdir -p "$out"
labels=$out/played-small.ylb
eq=bot:bidder=equilibrium,win=0,clock=0
if ! [[ -e $labels.done ]]; then
  rm -f "$labels"
  YACHT_ROLLOUT_LABEL=$labels YACHT_ROLLOUT_LABEL_EVERY=1 YACHT_ROLLOUT_FUTURES=4 \
    target/release/harness match "rollout:$eq" "$eq" --deals 4 --seed 8700 --no-progress \
    --time-scale 100 --no-luck >/dev/null
  touch "$labels.done"
fi
"$py" harness/learn/distill.py "$labels" --out tests/fixtures/value-net-shifted-small.bin \
  --manifest "$out/value-net-shifted-small.json" --hidden 8 --components 4 --shift \
  --epochs 3 --holdout 2 --seed 1 --threads 1 \
  --reference tests/fixtures/value-net-shifted-small-reference.csv
rm -f tests/fixtures/value-net-shifted-small-reference.fnv
