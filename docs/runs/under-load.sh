#!/usr/bin/env bash
# Runs a test command again and again beside busy loops, one per core unless BUSY says
# otherwise, and counts the runs that pass (issue 76: a test passes on a busy machine or it
# is a defect), every test binary run even after one fails. Each run's output goes to target/runs/under-load/LABEL/run-N.txt; the tally,
# with the tests that failed in each failing run, to target/runs/under-load/LABEL/tally.txt.
# The test binaries are built first, alone (the build is not what is measured).
# Usage: [BUSY=N] docs/runs/under-load.sh LABEL RUNS -- CARGO_TEST_ARGS...
#   e.g. docs/runs/under-load.sh play 20 -- -p yacht-play --test suite
#        docs/runs/under-load.sh opened-log 30 -- -p yacht-play --test suite api::an_opened_log
#        docs/runs/under-load.sh workspace 3 -- --workspace
set -euo pipefail
cd "$(dirname "$0")/../.."
label=${1:?usage: docs/runs/under-load.sh LABEL RUNS -- CARGO_TEST_ARGS...}
runs=${2:?runs}
shift 2
[[ ${1:-} == -- ]] && shift
busy=${BUSY:-$(nproc)}
out=target/runs/under-load/$label
mkdir -p "$out"
cargo test --profile ci "$@" --no-run -q 2>"$out/build.txt"

busy_pids=()
busy_stop() {
  if ((${#busy_pids[@]})); then kill "${busy_pids[@]}" 2>/dev/null || true; fi
  busy_pids=()
}
trap busy_stop EXIT
for ((i = 0; i < busy; i++)); do sh -c 'while :; do :; done' & busy_pids+=($!); done

passed=0
: >"$out/tally.txt"
for ((n = 1; n <= runs; n++)); do
  start=$SECONDS
  if cargo test --profile ci --no-fail-fast "$@" >"$out/run-$n.txt" 2>&1; then
    passed=$((passed + 1))
    echo "run $n: passed in $((SECONDS - start)) s" | tee -a "$out/tally.txt"
  else
    failed=$(grep -E '^    [^ ]+$' "$out/run-$n.txt" | sort -u | tr -d ' ' | paste -sd' ' -)
    echo "run $n: FAILED in $((SECONDS - start)) s: ${failed:-see run-$n.txt}" | tee -a "$out/tally.txt"
  fi
done
echo "$label: $passed of $runs runs passed with $busy busy loops" | tee -a "$out/tally.txt"
