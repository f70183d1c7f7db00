#!/usr/bin/env bash
# Reproduces the README's two commands timed from a fresh clone at one commit:
# - docs/results.md#sample-ais: at 0d6238b `cargo build --release -p harness` 81 s (a0f4d0b's
#   73 s), then the tournament 232.9 s of games, 100% against each; `.ci/run` at fbb9af4 813 s
#   (clippy 98 s, the test build 304 s);
# - docs/experiments/2026-11-26-default-05639a23.md (head to head): a8b90db (387 s with the build, 311.9 s of games; `.ci/run`
#   552 s) and 0928d5d (400 s, 314.2 s of games; `.ci/run` 591 s);
# - docs/experiments/2026-11-26-default-05639a23.md (timing): 97e5ac2 with two busy loops beside it (BUSY=2; 617 s with the
#   build, 474 s of games, no aborts).
# The clone is `git clone` of this repository into target/runs/fresh-clone/COMMIT (its own
# target/, so the first build solves the value table; crates come from cargo's cache if
# they are there). `.ci/run` installs chromium and chromium-driver with apt-get from
# 4007760 on if they are missing (as root).
# Takes about 20 minutes on 2 cores (an estimate from the figures above: build 75-81 s,
# tournament 233-314 s, .ci/run 552-813 s; about 10 minutes with STEPS=tournament).
# Usage: [BUSY=N] [STEPS=tournament|ci|both] docs/runs/fresh-clone.sh COMMIT
#   (BUSY: busy loops running beside the steps, default 0; STEPS default both)
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:?usage: docs/runs/fresh-clone.sh COMMIT}
busy=${BUSY:-0}
steps=${STEPS:-both}
out=$PWD/target/runs/fresh-clone
clone=$out/$commit
mkdir -p "$out"
rm -rf "$clone"
git clone -q --no-checkout "$PWD" "$clone"
git -C "$clone" checkout -q --detach "$commit"
unset CARGO_TARGET_DIR

busy_pids=()
busy_stop() {
  if ((${#busy_pids[@]})); then kill "${busy_pids[@]}" 2>/dev/null || true; fi
  busy_pids=()
}
trap busy_stop EXIT
for ((i = 0; i < busy; i++)); do sh -c 'while :; do :; done' & busy_pids+=($!); done

timed() { # LABEL COMMAND...: runs COMMAND in the clone, its output in $out/COMMIT-LABEL.txt
  local label=$1 start=$SECONDS; shift
  (cd "$clone" && "$@") > "$out/$commit-$label.txt" 2>&1 || { cat "$out/$commit-$label.txt"; exit 1; }
  echo "== $commit, $busy busy loops: $* took $((SECONDS - start)) s"
}
if [[ $steps != ci ]]; then
  timed build cargo build --release -p harness
  timed tournament cargo run --release -p harness -- tournament
  cat "$out/$commit-tournament.txt"     # the table ends with the time of the games
fi
if [[ $steps != tournament ]]; then
  rm -rf "$clone/target"          # .ci/run as on a fresh clone: every build from nothing
  timed ci .ci/run
  grep -E "Finished|test result" "$out/$commit-ci.txt" | tail -n 40 || true
fi
