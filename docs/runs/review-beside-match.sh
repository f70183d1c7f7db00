#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-review-levels.md#review-levels (the review beside a match, issue 57): review-time.sh
# (games of the bot against level 4 logged, then each reviewed by `harness replay LOG
# --review`, timed as a whole process with /usr/bin/time) while a match of the bot against
# the table + equilibrium design plays in the background on every core; prints the load
# before and after, each review's times, then the median and the largest. The bound is
# 5 s a review. Takes about 3 minutes on 2 cores.
# Usage: [SAME_SESSION=1] docs/runs/review-beside-match.sh [PAIRS]   (default 10: 20 reviews)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-10}
cargo build --release -q -p harness
out=target/runs/review-beside-match
mkdir -p "$out"
# The match beside: one game per core, for longer than the reviews take; stopped after.
# In a session of its own, as a match started in another terminal is (where the kernel
# groups each session's threads, the reviews then share the cores with the match's group
# as a whole); SAME_SESSION=1 keeps it in this one, its two threads beside each review's.
beside=(setsid)
[ "${SAME_SESSION:-0}" = 1 ] && beside=()
"${beside[@]}" target/release/harness match bot:clock=0 bot:bidder=equilibrium,win=0,clock=0 \
  --deals 100000 --seed 5 --threads 0 --no-progress > "$out/match.txt" 2>&1 &
match=$!
trap 'kill "$match" 2>/dev/null || true' EXIT
sleep 3
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
docs/runs/review-time.sh "$pairs"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
kill -0 "$match" 2>/dev/null || { echo "the match stopped before the reviews ended" >&2; exit 1; }
