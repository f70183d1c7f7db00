#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-26-default-05639a23.md (sample AIs): the bot against the ten sample AIs at 4c92dde (100%
# against all ten, the bid scores by sample AI), side by side with the same command at
# 9a41e53 (the decisions of 6ea541e; 1,889 of 2,000 games with the same totals), and the
# one-core time of docs/experiments/2026-11-26-default-05639a23.md (head to head) (`harness tournament` pinned, 589.3 s).
# Each commit is checked out as a git worktree under target/runs/src/ and built there.
# Takes about 25 minutes on 2 cores (an estimate: two tournaments of about 590 s each on
# one core, and two builds).
# Usage: docs/runs/samples.sh [NEW_COMMIT [OLD_COMMIT]]   (defaults 4c92dde and 9a41e53;
# "." is this checkout). The clock is on, so games where the bot draws its bid differ from
# run to run (its private generator is seeded by the operating system).
set -euo pipefail
cd "$(dirname "$0")/../.."
new=${1:-4c92dde}
old=${2:-9a41e53}
out=target/runs/samples
mkdir -p "$out"

# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh

for commit in "$new" "$old"; do
  bin=$(build_at "$commit")
  name=${commit/#./checkout}
  echo "== $commit: taskset -c 1 harness tournament --threads 1"
  start=$SECONDS
  taskset -c 1 "$bin/harness" tournament --threads 1 --no-progress \
    --results "$out/$name.jsonl" > "$out/$name.txt" 2>&1 || { cat "$out/$name.txt"; exit 1; }
  cat "$out/$name.txt"
  echo "== $commit: $((SECONDS - start)) s"
done
bin=$(build_at "$new")
echo "== harness compare $new --against $old"
"$bin/harness" compare "$out/${new/#./checkout}.jsonl" --against "$out/${old/#./checkout}.jsonl"
