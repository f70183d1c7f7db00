#!/usr/bin/env bash
# The public bots of issue 69: the default of this checkout (the distilled network's curves,
# `bot:clock=0`) against the seven public bots of the 2025 contest, PAIRS deal pairs of
# seed 41 each, as docs/results.md#real-bots played the rollouts' default at 8c38a6f
# (`--time-scale 20`: the programs run on the judge's clock, and a starved process on a
# busy machine must not count as late); each bot's result, its aborts, and the deals lost in
# both seats (the rollouts' default lost deal 58 to 1850, 87 to 1630 and 4 to 8.15).
# The bots are built outside the project: ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR.
# SPEC=SPEC OUT=NAME play another bot (e.g. a variant of issue 70) into target/runs/NAME.
# Usage: [SPEC=... OUT=...] docs/runs/distill-public.sh BOTS_DIR [PAIRS]   (PAIRS default 100)
# A finished run is kept: the script picks up where it stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
bots=$(cd "${1:?usage: docs/runs/distill-public.sh BOTS_DIR [PAIRS]}" && pwd)
pairs=${2:-100}
cargo build --release -q -p harness
h=target/release/harness
spec=${SPEC:-bot:clock=0}
out=target/runs/${OUT:-distill-public}
mkdir -p "$out"
for name in 1850 1630 8.14 8.14_1710 8.15 105780_1780 main; do
  f=$out/bw_$name.jsonl
  [[ -s $f && $(wc -l < "$f") -eq $((2 * pairs)) ]] ||
    "$h" match "$spec" "cmd:$bots/bw_$name" --deals "$pairs" --seed 41 \
      --time-scale 20 --threads 1 --no-progress --results "$f" > "$out/bw_$name.txt"
  lost=$(python3 - "$f" <<'PY'
import json, sys
halves = {}
for line in open(sys.argv[1]):
    g = json.loads(line)
    halves[g["deal"]] = halves.get(g["deal"], 0) + g["x_points"]
print(" ".join(str(d) for d, p in sorted(halves.items()) if p == 0) or "none")
PY
)
  echo "bw_$name: $(grep -m1 '^X:' "$out/bw_$name.txt" | cut -d';' -f2) aborts: $(grep -m1 '^aborts' "$out/bw_$name.txt" | cut -d: -f2); deals lost in both seats: $lost"
done
