#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-29-stronger.md#lookahead (issue 70): the value network
# one auction ahead (search::lookahead at 582e14e: each of N sampled deals of the next
# round settled as the rollouts settle an auction, the network after it) against the
# network alone, on the benchmark database of issue 69 (docs/runs/distill.sh, steps 3-4:
# target/learn/bench.ylb): the decision error by round group. The lookahead left the code
# when it lost (44e7a21): this builds the harness of 582e14e in a worktree.
# Usage: docs/runs/lookahead.sh   (about 10 minutes of 2 cores)
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 582e14e)/harness
out=target/learn
"$h" measure benchmark "$out/bench.ylb" --valuation net=data/value-net.bin --valuation ahead=16 \
  --valuation ahead=64 | tee "$out/lookahead.txt"
