# Sourced by the scripts of docs/runs that compare a variant with the default on the deals
# of seed 41 (luck.sh, futures-edge.sh, fitted-widths.sh, verdicts.sh): each of the
# default's runs is played once and shared. Deal i of a seed is the same whatever the run's
# size, and `harness compare` pairs the deals both runs played, so a variant's run of any
# size pairs with a larger run of the default.
#
# `default_run NAME OPPONENT PAIRS` prints the results file of `bot:clock=0` against
# OPPONENT on seed 41 with at least PAIRS deal pairs, playing it (into
# target/runs/defaults/NAME.jsonl) if no such run is kept. Needs $h, the harness binary.
default_run() {
  local name=$1 opponent=$2 pairs=$3 f
  for f in target/runs/luck/$name.jsonl target/runs/defaults/$name.jsonl; do
    if [[ -s $f && $(wc -l < "$f") -ge $((2 * pairs)) ]]; then
      echo "$f"
      return
    fi
  done
  mkdir -p target/runs/defaults
  f=target/runs/defaults/$name.jsonl
  seed41_match bot:clock=0 "$opponent" "$pairs" "$f"
  echo "$f"
}

# `seed41_match PLAYER OPPONENT PAIRS FILE.jsonl`: the match on the deals of seed 41, its
# results in FILE.jsonl and its report beside it in FILE.txt.
seed41_match() {
  "$h" match "$1" "$2" --deals "$3" --seed 41 --no-progress --results "$4" > "${4%.jsonl}.txt"
}

# `default_odds PAIRS` prints the file of `harness measure odds --bot bot` against the
# default mix on seed 66 with PAIRS deal pairs, measuring it if it is not kept.
default_odds() {
  local f=target/runs/defaults/odds-mix-$1.txt
  mkdir -p target/runs/defaults
  [[ -s $f ]] || "$h" measure odds --bot bot --deals "$1" --seed 66 > "$f"
  echo "$f"
}

# `public_bots BOTS_DIR` prints the seven public bots of the 2025 contest (built outside the
# project with ../shared/tools/build-contest-bots.sh GIT_DIR BOTS_DIR) as `cmd:` players
# joined by `;`, as `harness measure odds --opponents` takes them.
public_bots() {
  local name public=""
  for name in 1850 1630 8.14 8.14_1710 8.15 105780_1780 main; do
    public="${public:+$public;}cmd:$1/bw_$name"
  done
  echo "$public"
}
