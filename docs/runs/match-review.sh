#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-29-match-review.md (issue 71): the starter bot
# (harness/examples/starter_bot.py) against the bot, PAIRS deal pairs of seed 71 with every
# game's official log kept, then the whole match reviewed by `harness replay DIR --review`
# (the table printed, the review as JSON, the page with each costliest decision's game
# page beside it), the review timed as a whole process (/usr/bin/time: wall and CPU).
# Usage: docs/runs/match-review.sh [PAIRS]   (default 100: 200 games; about a minute)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-100}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/match-review
rm -rf "$out/logs"
mkdir -p "$out"
"$h" match "cmd:python3 harness/examples/starter_bot.py" bot --deals "$pairs" --seed 71 \
  --no-progress --logs "$out/logs" > "$out/match.txt"
tail -n 3 "$out/match.txt"
echo "files: $(find "$out/logs" -type f | wc -l) ($(find "$out/logs" -name '*.log' | wc -l) logs)"
/usr/bin/time -f "review: %e s wall, %U s user, %S s system, %M KB" \
  "$h" replay "$out/logs" --review --json "$out/review.json" --html "$out/review.html" \
  2>&1 | tee "$out/review.txt"
