#!/usr/bin/env bash
# Rebuilds the distilled value network from a clone (issue 69): the games, the training
# database, the benchmark database, the training, and the benchmark's table.
#  1. `harness positions`: seeded games whose auctions are labelled: the equilibrium bidder
#     against itself (40,000 deals of seed 1001, the futures the rollouts play), and the
#     fast bot of then (`bot:curves=net` at 3185f0d) against the equilibrium bidder and four
#     contest styles (seeds 1011-1015), so that the positions the bot meets are covered;
#  2. `harness label`: one auction in two of the self-play and every auction of the others
#     (rounds 1-10), both children rolled out on 256 common futures (seed 1);
#  3. the benchmark, never trained on: games of seeds 2101-2103, one auction in six of
#     rounds 2-10 (about 300 a round), labelled at four times the default bot's rollouts
#     (seed 2), curves kept every 250 points;
#  4. harness/learn/distill.py (PyTorch; pip install -r harness/learn/requirements.txt, or
#     PYTHON=a python that has them), seed 1: data/value-net.bin, its recipe
#     data/value-net.json, and the reference values tests/suite/value_net.rs checks the
#     bot's own evaluation against;
#  5. `harness measure benchmark`: the new network (alone in every round, and as the bot
#     bids: rounds 2-8, then its few rollouts) next to the default's rollouts before it, a
#     sixteenth of them, and the network before (NET_BEFORE, default: the one of 3185f0d,
#     alone and as `curves=net` bid with it, its rounds 2-5).
# Every step keeps what it finished: run again, the script picks up where it stopped.
# With SSHLOGINFILE set (GNU parallel's --sshloginfile; each host has this clone at the
# same path, built), step 2 is spread over the hosts in SHARDS shards (default 8).
# About 2 hours of 2 cores in all (labels 1 h, benchmark 20 min, training 20 min).
# Usage: docs/runs/distill.sh [EPOCHS]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/../.."
epochs=${1:-20}
py=${PYTHON:-python3}
cargo build --release -q -p harness
h=target/release/harness
out=target/learn
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0,clock=0
net=bot:curves=net,clock=0
net_before=${NET_BEFORE:-$out/value-net-before.bin}
[[ -s $net_before ]] || git show 3185f0d:data/value-net.bin > "$net_before"

# The games are played as they were for the committed network: by the harness of 3185f0d,
# whose `bot:curves=net` is the network before this one (rounds 2-5, rollouts after).
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h_games=$(build_at 3185f0d)/harness
positions() { # FILE X Y DEALS SEED
  "$h_games" positions "$2" "$3" --deals "$4" --seed "$5" --out "$out/$1.csv" --no-progress
}
positions eq "$eq" "$eq" 40000 1001
positions net-eq "$net" "$eq" 4000 1011
positions net-adapt-gain "$net" contest:adapt-gain 1500 1012
positions net-eq-other "$net" contest:eq-other-table 1500 1013
positions net-heur-half "$net" contest:heur-half 1000 1014
positions net-table-half "$net" contest:table-half 1000 1015
positions bench-eq "$eq" "$eq" 600 2101
positions bench-net-eq "$net" "$eq" 300 2102
positions bench-net-eq-other "$net" contest:eq-other-table 300 2103

# The training database: the self-play's auctions one in two, the others' every one.
label_train() { # NAME EVERY FILE...
  local name=$1 every=$2
  shift 2
  local args=(label "$@" --rounds 1-10 --every "$every" --futures 256 --seed 1 --no-progress)
  if [[ -n ${SSHLOGINFILE:-} ]]; then
    local shards=${SHARDS:-8}
    seq 0 $((shards - 1)) | parallel --will-cite --sshloginfile "$SSHLOGINFILE" --workdir . \
      "$h" "${args[@]}" --threads 1 --shard "{}/$shards" --out "$out/$name-{}-of-$shards.ylb"
  else
    "$h" "${args[@]}" --out "$out/$name.ylb"
  fi
}
label_train train-eq 2 "$out/eq.csv"
label_train train-styles 1 "$out"/net-{eq,adapt-gain,eq-other,heur-half,table-half}.csv

"$h" label "$out"/bench-{eq,net-eq,net-eq-other}.csv --rounds 2-10 --every 6 \
  --futures 4x --transfers 250:60000 --seed 2 --no-progress --out "$out/bench.ylb"

shopt -s nullglob
train=("$out"/train-eq*.ylb "$out"/train-styles*.ylb)
"$py" harness/learn/distill.py "${train[@]}" --out data/value-net.bin --seed 1 --hidden 256 --threads 2 \
  --epochs "$epochs" --reference tests/fixtures/value-net-reference.csv \
  --data-command "docs/runs/distill.sh $epochs"

"$h" measure benchmark "$out/bench.ylb" --valuation rollouts --valuation rollouts/16 \
  --valuation "hybrid=$net_before@5" --valuation "net=$net_before" \
  --valuation net=data/value-net.bin --valuation hybrid=data/value-net.bin \
  | tee "$out/benchmark.txt"
