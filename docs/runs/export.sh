#!/usr/bin/env bash
# Reproduces docs/results.md#export at 3a5f02f: the export's decisions (`main bench 6` of the
# judge's build and `yacht-bot --table data.bin bench 6`, both `39ce04fbefd0fb40`), its
# start-up pinned to one core (0.47-0.50 s of CPU, user + sys, over 5 runs; spawn to OK p50
# 482 ms, max 496 ms over 20) and its sizes (main.rs 419,921 bytes, data.bin 8,537,890).
# The commit is checked out as a git worktree under target/runs/src/ and built there; the
# export goes to target/runs/export/COMMIT/. Needs GNU time (/usr/bin/time) and taskset.
# Takes about 10 minutes on 2 cores (an estimate: no duration was recorded; the export
# simulates 200,000 games for its row weights, then the judge's build and two bench 6).
# Usage: docs/runs/export.sh [COMMIT]   (default 3a5f02f; "." is this checkout)
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:-3a5f02f}
out=$PWD/target/runs/export
dir=$out/${commit/#./checkout}
mkdir -p "$out"

# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
bin=$(build_at "$commit")

echo "== harness export $dir"
"$bin/harness" export "$dir"
wc -c "$dir/src/main.rs" "$dir/data.bin"
echo "== the judge's build"
(cd "$dir" && cargo rustc -r -q -- -Copt-level=3 -Ctarget-cpu=native --cfg online_judge --cfg nypc)
echo "== main bench 6, then yacht-bot --table data.bin bench 6 (the signatures must be equal)"
(cd "$dir" && ./target/release/main bench 6)
"$bin/yacht-bot" --table "$dir/data.bin" bench 6
echo "== start-up, pinned: user and system seconds of READY then FINISH, 5 runs"
for _ in 1 2 3 4 5; do
  (cd "$dir" && /usr/bin/time -f "%U %S" taskset -c 0 sh -c 'printf "READY\nFINISH\n" | ./target/release/main' > /dev/null)
done
echo "== harness measure startup 20, pinned"
taskset -c 0 "$bin/harness" measure startup 20 --program "$dir/target/release/main" --dir "$dir"
