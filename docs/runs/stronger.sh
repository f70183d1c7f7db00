#!/usr/bin/env bash
# Issue 70's screen: a variant of the bot (`bot:clock=0,KEY=VALUE...`) paired deal by deal
# with the default of this checkout on the same deals, against the two designs the finals
# are made of: the equilibrium bidder (seed 7001) and the equilibrium on another table
# (`contest:eq-other-table`, seed 7002); PAIRS deal pairs each, the clock off (the same
# games on any machine), luck-adjusted beside raw (`harness compare`). The default's runs
# are played once and kept (target/runs/stronger/default-*.jsonl); each variant's too.
# About a minute of 2 cores a variant at 1,000 pairs.
# BASE=COMMIT plays the default's arm with the harness of COMMIT (docs/runs/build-at.sh), so
# that a variant is measured against the default at the start of the issue (8d885a0).
# ARMS="maximin adapt reader" plays the no-loss opponents instead (seeds 7004-7006): the
# win-aware maximin reference, contest:adapt-gain, and the reader (a copy of each arm's own
# bot reading its bids).
# Usage: [BASE=COMMIT] [ARMS=...] docs/runs/stronger.sh NAME SPEC [PAIRS]
#   e.g. BASE=8d885a0 docs/runs/stronger.sh wscore bot:clock=0,wscore=1
set -euo pipefail
cd "$(dirname "$0")/../.."
name=${1:?usage: docs/runs/stronger.sh NAME SPEC [PAIRS]}
spec=${2:?usage: docs/runs/stronger.sh NAME SPEC [PAIRS]}
pairs=${3:-1000}
cargo build --release -q -p harness
h=target/release/harness
base=${BASE:-.}
h_base=$h
if [[ $base != . ]]; then
  # shellcheck source=docs/runs/build-at.sh
  source docs/runs/build-at.sh
  h_base=$(build_at "$base")/harness
fi
out=target/runs/stronger
mkdir -p "$out"
play() { # HARNESS FILE PLAYER OPPONENT SEED
  local h=$1
  shift
  [[ -s $1 && $(wc -l < "$1") -eq $((2 * pairs)) ]] && return
  "$h" match "$2" "$3" --deals "$pairs" --seed "$4" --time-scale 20 --no-progress \
    --results "$1" > "${1%.jsonl}.txt"
}
opponent_of() { # ARM SPEC: the arm's opponent for the player SPEC
  case $1 in
    eq) echo bot:bidder=equilibrium,win=0,clock=0 ;;
    other) echo contest:eq-other-table ;;
    maximin) echo bot:bidder=maximin,win=10,clock=0 ;;
    adapt) echo contest:adapt-gain ;;
    reader) echo "reader:${2#bot:}" ;;
  esac
}
declare -A seeds=([eq]=7001 [other]=7002 [maximin]=7004 [adapt]=7005 [reader]=7006)
for o in ${ARMS:-eq other}; do
  seed=${seeds[$o]:?unknown arm $o}
  play "$h_base" "$out/default-$base-$o-$pairs.jsonl" bot:clock=0 "$(opponent_of "$o" bot:clock=0)" "$seed"
  play "$h" "$out/$name-$o-$pairs.jsonl" "$spec" "$(opponent_of "$o" "$spec")" "$seed"
  "$h" compare "$out/$name-$o-$pairs.jsonl" --against "$out/default-$base-$o-$pairs.jsonl" |
    tail -n 1 | tee "$out/$name-$o-$pairs.compare"
  grep -A12 '^decisions X by round' "$out/$name-$o-$pairs.txt" | awk 'NR > 1 {print "  round " $1 ": cpu p99 " $3 " ms"}' | tr '\n' ';'
  echo
done
