#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-futures-lean.md#futures-lean (issue 48): the rollouts' P(win) leaned by
# what the game has shown of the opponent (`bot:lean=1`, src/engine/search/lean.rs): since
# the second fit, the auctions left times the probability that the opponent is not a
# win-seeker (src/engine/model/design.rs). The first lean's figures (ac0510f) are this
# script at that commit.
#  1. the fit (seed 70, TRAIN deal pairs against each of the default mix, adapt-gain left
#     out of the fit): the default
#     bot's forecasts (`harness measure odds --forecasts`), then `harness measure lean`
#     (the weights written into LEAN_WEIGHTS);
#  2. the odds, held out (seed HELD, 71 unless given, ODDS deal pairs): the default bot and `bot:lean=1`
#     against the equilibrium bidder, eq-other-table, the maximin reference, adapt-gain
#     and itself (each bot against its own kind): ECE and the level shift by opponent;
#     and the fitted weights checked on the default's held-out forecasts;
#  3. the wins, on the deals of docs/runs/luck.sh (seed 41, PAIRS pairs): against the
#     equilibrium bidder and eq-other-table, compared deal by deal (raw and luck-adjusted)
#     with the default's runs (docs/runs/defaults.sh: shared, made if absent).
# `bot:lean=1` and `harness measure lean` were removed after 430e3d2 (variants that lost
# their tests; only winners in the bot), so the script builds the harness at 430e3d2, the
# last commit with them, in a git worktree under target/runs/src/430e3d2
# (docs/runs/build-at.sh). The default plays the same games there as after the removal
# (bench f08309ae5202beeb).
# Usage: docs/runs/futures-lean.sh [PAIRS [ODDS [TRAIN [HELD]]]]   (default 500, 200, 80, 71)
# Each finished file is kept, so the script picks up where it stopped. The fit's weights
# are those in the source: a change of LEAN_WEIGHTS is a rebuild.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-500}
odds=${2:-200}
train=${3:-80}
held=${4:-71}
# shellcheck source=docs/runs/build-at.sh
source docs/runs/build-at.sh
h=$(build_at 430e3d2)/harness
source docs/runs/defaults.sh
out=target/runs/futures-lean
mkdir -p "$out"
eq=bot:bidder=equilibrium,win=0
mix() { echo "$eq;contest:eq-other-table;bot:bidder=maximin,win=10;contest:adapt-gain;$1"; }

if [[ ! -s $out/train-70.jsonl ]]; then
  "$h" measure odds --bot bot --deals "$train" --seed 70 \
    --forecasts "$out/train-70.jsonl" > "$out/odds-train-70.txt"
fi
# The fit leaves adapt-gain out: the bot beats it 91-98%, its luck-adjusted results leave
# (0, 1), and it is no design of the finals.
grep -v '"opponent":"contest:adapt-gain"' "$out/train-70.jsonl" > "$out/train-70-fit.jsonl"
"$h" measure lean "$out/train-70-fit.jsonl" | tee "$out/fit.txt"

for who in default lean; do
  bot=bot
  [[ $who == lean ]] && bot=bot:lean=1
  if ! grep -q "the model's hedge" "$out/odds-$who-$held.txt" 2>/dev/null; then
    "$h" measure odds --bot "$bot" --opponents "$(mix "$bot")" --deals "$odds" --seed "$held" \
      --forecasts "$out/held-$who-$held.jsonl" > "$out/odds-$who-$held.txt"
  fi
done
weights=$(sed -n 's/^fitted weights \[\([^]]*\)\].*/\1/p' "$out/fit.txt" | tr -d ' ')
"$h" measure lean "$out/held-default-$held.jsonl" --weights "$weights" | tee "$out/held-check-$held.txt"

base_eq=$(default_run bot-eq "$eq,clock=0" "$pairs")
base_other=$(default_run bot-other contest:eq-other-table "$pairs")
# The lean's matches, played unless a run of at least PAIRS deal pairs is kept.
lean_run() {
  [[ -s $3 && $(wc -l < "$3") -ge $((2 * pairs)) ]] || seed41_match bot:clock=0,lean=1 "$1" "$2" "$3"
}
lean_run "$eq,clock=0" "$pairs" "$out/lean-eq.jsonl"
lean_run contest:eq-other-table "$pairs" "$out/lean-other.jsonl"
"$h" compare "$out/lean-eq.jsonl" --against "$base_eq" | tee "$out/compare-eq.txt"
"$h" compare "$out/lean-other.jsonl" --against "$base_other" | tee "$out/compare-other.txt"
