#!/usr/bin/env bash
# Reproduces docs/results.md#review (the time of a review): 10 games of the bot against
# the equilibrium design (seed 47, clock off) logged, then `harness replay LOG --review` on each, timed as
# a whole process (wall and CPU); prints each review's times, then the median and the
# largest. Takes about a minute on 2 cores (review-beside-match.sh runs it beside a match).
# Usage: docs/runs/review-time.sh [PAIRS]   (default 5: 10 games)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-5}
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/review-time
rm -rf "$out" && mkdir -p "$out/logs"
"$h" match bot:clock=0 bot:bidder=equilibrium,win=0,clock=0 --deals "$pairs" --seed 47 --no-luck \
  --no-progress --logs "$out/logs" > "$out/match.txt"
for log in "$out"/logs/*.log; do
  /usr/bin/time -f "%e %U %S" -o "$out/t" "$h" replay "$log" --review > /dev/null
  read -r wall user sys < "$out/t"
  echo "$wall $(python3 -c "print(round($user + $sys, 2))") $(basename "$log")"
done | tee "$out/times.txt"
python3 - "$out/times.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
wall = sorted(float(r[0]) for r in rows); cpu = sorted(float(r[1]) for r in rows)
print(f"{len(rows)} reviews: wall median {statistics.median(wall):.2f} s, largest {wall[-1]:.2f} s; "
      f"CPU median {statistics.median(cpu):.2f} s, largest {cpu[-1]:.2f} s")
PY
