#!/usr/bin/env bash
# Reproduces docs/results.md#wall-clock (issue 45): the bot under the judge's CPU-time
# referee and under a wall-clock referee (the official testing tool's 0.5 s), both bots as
# programs pinned to one core, on a quiet machine and with two busy loops per core; then
# its decisions on an idle core with and without the wall budget.
# Takes about 45 minutes on 2 cores (four runs of 200 games on one core, two of 100).
# Usage: docs/runs/wall-clock.sh [DEALS] [OLD_BOT]   (DEALS pairs per run, default 100;
# OLD_BOT: another yacht-bot binary, e.g. a build of an earlier commit, to compare bids with)
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-100}
old_bot=${2:-}
cargo build --release -q -p harness -p yacht-auction
bot=$PWD/target/release/yacht-bot
h=$PWD/target/release/harness
out=${OUT:-target/runs/wall-clock}
mkdir -p "$out"

busy_pids=()
busy_start() {
  for cpu in 0 0 1 1; do taskset -c "$cpu" sh -c 'while :; do :; done' & busy_pids+=($!); done
}
busy_stop() {
  if ((${#busy_pids[@]})); then kill "${busy_pids[@]}" 2>/dev/null || true; fi
  busy_pids=()
}
trap busy_stop EXIT

pinned() { # CLOCK LABEL
  echo "== $2: referee clock $1, both bots pinned to core 0, $deals deal pairs"
  "$h" match "cmd:taskset -c 0 $bot" "cmd:taskset -c 0 $bot" --deals "$deals" --seed 45 \
    --threads 1 --deadline-clock "$1" --no-progress > "$out/$2.txt" 2>&1
  grep -E "^(games|aborts)|ROLL|SCORE" "$out/$2.txt"
}
pinned wall quiet-wall
pinned cpu quiet-cpu
busy_start
pinned wall busy-wall
pinned cpu busy-cpu
busy_stop

# Decisions on an idle core: our bot pinned to core 0, the referee and its opponent (the
# equilibrium bidder, in-process) on core 1; the same seed for the bot's private draws.
same_bids() { # LABEL BOT_COMMAND...
  local label=$1; shift
  rm -rf "$out/logs-$label"
  taskset -c 1 "$h" match "cmd:taskset -c 0 $*" bot:bidder=equilibrium,win=0 \
    --deals $((deals / 2)) --seed 46 --threads 1 --no-progress --logs "$out/logs-$label" \
    > "$out/idle-$label.txt" 2>&1
}
x_bids() { # LOG_DIR: X's bid lines, one per answer, in deal and seat order
  for f in "$1"/deal*-x-first.log "$1"/deal*-x-second.log; do
    case $f in *-x-first.log) seat=FIRST ;; *) seat=SECOND ;; esac
    grep "^BID $seat " "$f" | sed "s|^|$(basename "$f") |"
  done
}
same_bids wall "$bot --seed 7"
same_bids nowall "$bot --seed 7 --wall-budget-ms 0"
compare() { # A B
  x_bids "$out/logs-$1" > "$out/bids-$1.txt"
  x_bids "$out/logs-$2" > "$out/bids-$2.txt"
  local total same
  total=$(wc -l < "$out/bids-$1.txt")
  same=$(paste -d'\n' "$out/bids-$1.txt" "$out/bids-$2.txt" | paste - - | awk -F'\t' '$1==$2' | wc -l)
  echo "== idle core, $((deals)) games against the equilibrium bidder: $1 and $2 bid the same in $same of $total answers"
}
compare wall nowall
if [[ -n $old_bot ]]; then
  same_bids old "$old_bot --seed 7"
  compare wall old
fi
grep -h "^aborts" "$out"/idle-*.txt
