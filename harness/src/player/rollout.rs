//! The rollout player (issue 78): our bot, each of its bids in the rollout rounds chosen
//! among a few candidates by policy rollouts ([`crate::rollout`]): futures played to the
//! end by a copy of our bot and a copy of the opponent's stand-in, run on the opponent's
//! inputs as the reader runs its copy (everything a player sees is public).
//!
//! `rollout:SPEC` stands SPEC in for the opponent: the opponent's own design (`oracle`
//! futures, a measurement of what this game's value is worth against it, not a player a
//! contest allows) or our bot itself (`rollout:bot`, the `fair` futures any bot could
//! play). Tesauro and Galperin's player: the base player's best few candidates, each
//! valued by the base policy's own futures.
//!
//! The candidates: our bot's own bid, the same group at three quarters and five quarters
//! of its amount, and the equilibrium bid (the favoured bundle at a quarter of the swing).
//! The bot's own bid is kept unless another's mean over the same futures is higher, by
//! more than `YACHT_ROLLOUT_GATE` standard errors of their difference when that is set ([`choose`]).

use yacht::engine::value::bidding::{bundle_values, equilibrium_bid};
use yacht::engine::{Bot, BotConfig, Reply};
use yacht::game::Agent;
use yacht::protocol::{Answer, Command, Group, BID_MAX_POINTS};
use yacht::rules::auction::SealedBid;

use crate::rollout::probe::{ProbeCandidate, ProbeRecord, ProbeState};
use crate::rollout::{value_bids, value_bids_against, BidPosition, Valued};
use yacht::rules::auction::AUCTION_ROUNDS;

use crate::learning::bid_positions::BidPosition as LabelledPosition;
use crate::learning::labels::{record, transfer_grid, FutureCount, LabelRun};
use crate::rollout::played::{append_record, played_curves};

/// Label mode labels the auctions of rounds 1 to this (the rounds the network is trained on).
const LABEL_LAST_ROUND: u8 = 10;
/// Label mode's grid of transfers, `harness label`'s default (`--transfers 1500:30000`).
const LABEL_TRANSFER_STEP_POINTS: f64 = 1500.0;
const LABEL_TRANSFER_MAX_POINTS: f64 = 30000.0;

/// How many futures, and in which rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutSettings {
    /// Futures a candidate is valued on (the same for every candidate).
    pub futures: usize,
    /// The first round whose bid is chosen by rollouts (earlier: the bot's own bid).
    pub from_round: u8,
    /// Another candidate replaces the bot's own bid only when its mean is higher by this
    /// many standard errors of the difference (0: any higher mean). With 64 futures a
    /// win or a loss is a coarse reading, and a switch on noise costs what the bot's bid
    /// was worth.
    pub gate_se: f64,
    /// Probe mode: no bid is replaced; at one bid a game (a round from `from_round` on,
    /// drawn from the game's seed) every candidate, and the best responses to the
    /// stand-in's bid, are valued on two halves of `futures` futures each and written to
    /// this file, one JSON line a position ([`crate::rollout::probe`]).
    pub probe: Option<std::path::PathBuf>,
    /// Probe mode: also value every candidate with our own model's prediction of the
    /// opponent (*fair*): futures on a third seed in which the opponent's bid is drawn from
    /// our bot's predictive distribution (the weight it does not explain on our bot's own
    /// bid in their seat) and the opponent plays on as our bot would.
    pub probe_fair: bool,
    /// Label mode: no bid is replaced; at the auctions of rounds 1-10, one in
    /// `label_every` (drawn from the game's seed), both children (we get A, we get B) are
    /// valued by `futures` futures played by copies of our bot and the stand-in, and
    /// appended to this labels file as `harness label` writes them
    /// ([`crate::rollout::played`]).
    pub label: Option<std::path::PathBuf>,
    pub label_every: u64,
    /// The records' `source` column (which run of a training set they come from).
    pub label_source: usize,
}

impl RolloutSettings {
    /// 64 futures from round 8, any higher mean, or what `YACHT_ROLLOUT_FUTURES`,
    /// `YACHT_ROLLOUT_FROM` and `YACHT_ROLLOUT_GATE` say (research runs);
    /// `YACHT_ROLLOUT_PROBE=FILE` probes instead of playing (`YACHT_ROLLOUT_PROBE_FAIR=1`:
    /// with the fair valuation too); `YACHT_ROLLOUT_LABEL=FILE` labels instead of playing
    /// (`YACHT_ROLLOUT_LABEL_EVERY`, default 2; `YACHT_ROLLOUT_LABEL_SOURCE`, default 0).
    pub fn from_env() -> RolloutSettings {
        fn read<T: std::str::FromStr>(name: &str, default: T) -> T {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(default)
        }
        RolloutSettings {
            futures: read("YACHT_ROLLOUT_FUTURES", 64usize).max(1),
            from_round: read("YACHT_ROLLOUT_FROM", 8usize).clamp(1, 12) as u8,
            gate_se: read("YACHT_ROLLOUT_GATE", 0.0f64).clamp(0.0, 10.0),
            probe: std::env::var_os("YACHT_ROLLOUT_PROBE")
                .filter(|p| !p.is_empty())
                .map(Into::into),
            probe_fair: read("YACHT_ROLLOUT_PROBE_FAIR", 0u8) == 1,
            label: std::env::var_os("YACHT_ROLLOUT_LABEL")
                .filter(|p| !p.is_empty())
                .map(Into::into),
            label_every: read("YACHT_ROLLOUT_LABEL_EVERY", 2u64).max(1),
            label_source: read("YACHT_ROLLOUT_LABEL_SOURCE", 0usize),
        }
    }
}

/// Our bot with its bids chosen by policy rollouts.
pub struct RolloutPlayer {
    /// Our bot's configuration: the base policy, ours and our copies' in the futures.
    config: BotConfig,
    /// Our bot as it plays this game (its bids replaced by the ones chosen).
    policy: Bot,
    /// The opponent's stand-in, fed the opponent's inputs.
    shadow: Box<dyn Agent + Send>,
    /// The fair probe's stand-in: our bot in the opponent's seat, fed its inputs.
    fair: Option<Box<dyn Agent + Send>>,
    /// Each stand-in's bid in the open auction (stand-in, fair), to put right at the `GET`.
    shadow_bids: [Option<SealedBid>; 2],
    settings: RolloutSettings,
    label: String,
    game_seed: u64,
    rolls: u8,
    my_bid: Option<(Group, u32)>,
    /// The stand-in's bid in the open auction.
    predicted: Option<(Group, u32)>,
    /// Bids chosen by rollouts, and those that differ from the bot's own.
    pub chosen: u32,
    pub changed: u32,
    /// Auctions whose opponent bid was seen, and those the stand-in did not bid exactly
    /// (a stand-in in step with a deterministic opponent misses none: its futures are the
    /// opponent's own).
    pub reads: u32,
    pub misses: u32,
}

impl RolloutPlayer {
    pub fn new(
        config: BotConfig,
        shadow: Box<dyn Agent + Send>,
        settings: RolloutSettings,
        label: &str,
    ) -> RolloutPlayer {
        RolloutPlayer {
            config,
            policy: Bot::new(config),
            shadow,
            fair: settings
                .probe_fair
                .then(|| Box::new(crate::player::BotAgent::new(config)) as Box<dyn Agent + Send>),
            shadow_bids: [None, None],
            settings,
            label: label.to_string(),
            game_seed: 0,
            rolls: 0,
            my_bid: None,
            predicted: None,
            chosen: 0,
            changed: 0,
            reads: 0,
            misses: 0,
        }
    }

    /// The probe of one position (probe mode): every candidate, the best responses to the
    /// fair model's heaviest bid and to the bid made, valued on two halves of futures (and
    /// by the fair model when it is on).
    fn probe(
        &self,
        position: &BidPosition,
        mut candidates: Vec<SealedBid>,
        mut kinds: Vec<&'static str>,
        fair_bid: Option<SealedBid>,
        seed: u64,
    ) -> ProbeRecord {
        let their_bid = position.their_bid;
        let (states, round, (a, b)) = (position.states, position.round, position.roll);
        // The fair model's distribution of their bid, and the best responses to its
        // heaviest bid; then the best responses to the bid they made (the oracle's):
        // take its group by a point more, or leave it for a point less (gaining that).
        let theirs = self.fair_distribution(fair_bid);
        let mode = theirs
            .iter()
            .fold(None, |m: Option<(SealedBid, f64)>, &(b, w)| match m {
                Some((_, mw)) if mw >= w => m,
                _ => Some((b, w)),
            })
            .map(|(b, _)| b);
        let responses = |bid: SealedBid| {
            let (g, y) = (bid.group, bid.amount);
            [
                Some(SealedBid::new(g, (y + 1).min(BID_MAX_POINTS))),
                y.checked_sub(1).map(|y| SealedBid::new(g, y)),
            ]
        };
        for (kind, bid) in [("predicted", mode), ("their", Some(their_bid))] {
            let Some(bid) = bid else { continue };
            for (sign, other) in ["+1", "-1"].into_iter().zip(responses(bid)) {
                if let Some(other) = other.filter(|o| !candidates.contains(o)) {
                    candidates.push(other);
                    kinds.push(if kind == "their" {
                        if sign == "+1" {
                            "their+1"
                        } else {
                            "their-1"
                        }
                    } else if sign == "+1" {
                        "predicted+1"
                    } else {
                        "predicted-1"
                    });
                }
            }
        }
        let (g, y) = (their_bid.group, their_bid.amount);
        let futures = self.settings.futures;
        let halves = [seed, yacht::game::deal::mix(seed, 0xB)]
            .map(|s| value_bids(position, &candidates, futures, s));
        let fair_valued = match (&self.fair, fair_bid) {
            (Some(fair), Some(fair_bid)) => fair.fork().map(|stand_in| {
                let position = BidPosition {
                    me: &self.policy,
                    them: stand_in.as_ref(),
                    their_bid: fair_bid,
                    states,
                    round,
                    roll: (a, b),
                };
                let seed = yacht::game::deal::mix(seed, 0xFA1);
                value_bids_against(&position, &candidates, futures, seed, &theirs)
            }),
            _ => None,
        };
        ProbeRecord {
            game_seed: self.game_seed,
            round,
            states: [ProbeState::from(&states[0]), ProbeState::from(&states[1])],
            roll: [a, b].map(|h| yacht::rules::dice::to_digits(&h.counts())),
            futures,
            their_bid: (group_name(g), y),
            candidates: candidates
                .iter()
                .enumerate()
                .map(|(i, c)| ProbeCandidate {
                    group: group_name(c.group),
                    amount: c.amount,
                    halves: [halves[0][i].mean, halves[1][i].mean],
                    kind: kinds[i].to_string(),
                    fair: fair_valued
                        .as_ref()
                        .map(|v| [v[i].mean, v[i].difference_se]),
                })
                .collect(),
        }
    }

    /// Our model's predictive distribution of the opponent's open bid, as weighted bids:
    /// its atoms, and the weight they leave (unexplained, a reader) on `fallback`, our bot's
    /// own bid in their seat.
    fn fair_distribution(&self, fallback: Option<SealedBid>) -> Vec<(SealedBid, f64)> {
        let Some(explained) = self.policy.explain_open_bid() else {
            return fallback.map(|b| vec![(b, 1.0)]).unwrap_or_default();
        };
        let p = explained.predictive;
        let mut weighted: Vec<(SealedBid, f64)> = p
            .atoms
            .iter()
            .map(|atom| (SealedBid::new(atom.group, atom.amount), atom.weight))
            .collect();
        let left = (1.0 - weighted.iter().map(|(_, w)| w).sum::<f64>()).max(0.0);
        if let (Some(b), true) = (fallback, left > 0.0) {
            weighted.push((b, left));
        }
        weighted
    }

    /// Label mode: the position of this auction labelled by played futures and appended
    /// to the labels file, if the auction is one of those the game labels.
    fn label_position(
        &mut self,
        states: [yacht::engine::PlayerState; 2],
        round: u8,
        roll: (yacht::protocol::Hand, yacht::protocol::Hand),
        their_bid: SealedBid,
        mine: (Group, u32),
    ) {
        let Some(path) = self.settings.label.clone() else {
            return;
        };
        let drawn = yacht::game::deal::mix(self.game_seed ^ 0x1A_BE15, u64::from(round));
        if round > LABEL_LAST_ROUND || !drawn.is_multiple_of(self.settings.label_every) {
            return;
        }
        let Some(them) = self.shadow.fork() else {
            return;
        };
        let position = BidPosition {
            me: &self.policy,
            them: them.as_ref(),
            their_bid,
            states,
            round,
            roll,
        };
        let seed = yacht::game::deal::mix(self.game_seed, 0x1AB0 + u64::from(round));
        let Some(curves) = played_curves(&position, self.settings.futures, seed) else {
            return;
        };
        let transfers = transfer_grid(LABEL_TRANSFER_STEP_POINTS, LABEL_TRANSFER_MAX_POINTS);
        let labelled = LabelledPosition {
            // The deal column the trainer holds out by: the game's own, from its seed.
            deal: (self.game_seed % (1 << 24)) as usize,
            game: 0,
            round,
            me: states[0],
            opp: states[1],
            a: roll.0.counts(),
            b: roll.1.counts(),
            my_bid: Some(SealedBid::new(mine.0, mine.1)),
            opp_bid: Some(their_bid),
        };
        let run = LabelRun {
            sources: vec![format!("played:{}", self.label)],
            rounds: [1, LABEL_LAST_ROUND],
            every: self.settings.label_every as usize,
            per_round: 0,
            futures: FutureCount::Fixed(self.settings.futures),
            transfers_points: transfers.clone(),
            seed: 0,
            shard: [0, 1],
        };
        let command = format!(
            "YACHT_ROLLOUT_LABEL (futures {}, one auction in {}, source {}) by {}",
            self.settings.futures,
            self.settings.label_every,
            self.settings.label_source,
            self.label
        );
        let out = record(&labelled, self.settings.label_source, &transfers, &curves);
        if let Err(e) = append_record(&path, &run, &command, &out) {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| eprintln!("rollout labels: {e}"));
        }
    }

    /// The one round a game probes: drawn from the game's seed among `from_round..=12`.
    fn probe_round(&self) -> u8 {
        let last = AUCTION_ROUNDS as u8;
        let from = self.settings.from_round.min(last);
        let span = u64::from(last - from + 1);
        from + (yacht::game::deal::mix(self.game_seed, 0x9B0B) % span) as u8
    }

    /// The bid for the roll of `command`, by rollouts in the rollout rounds.
    fn bid(&mut self, command: &Command) -> Reply {
        let Command::Roll { a, b } = *command else {
            return self.policy.handle(command);
        };
        self.rolls += 1;
        let round = self.rolls;
        let states = [self.policy.view().me, self.policy.view().opp];
        let mut reply = self.policy.handle(command);
        let their_bid = bid_of(self.shadow.handle(command).answer);
        self.shadow_bids[0] = Some(their_bid);
        let fair_bid = self
            .fair
            .as_mut()
            .map(|fair| bid_of(fair.handle(command).answer));
        self.shadow_bids[1] = fair_bid;
        self.predicted = Some((their_bid.group, their_bid.amount));
        let Some(Answer::Bid { group, amount }) = reply.answer else {
            return reply;
        };
        self.my_bid = Some((group, amount));
        if self.settings.label.is_some() {
            self.label_position(states, round, (a, b), their_bid, (group, amount));
            return reply;
        }
        if round < self.settings.from_round {
            return reply;
        }
        if self.settings.probe.is_some() && round != self.probe_round() {
            return reply;
        }
        let Some(them) = self.shadow.fork() else {
            return reply;
        };
        let swing = bundle_values(&states[0], &states[1], &a.counts(), &b.counts()).swing_points();
        let eq = {
            let (g, x) = equilibrium_bid(swing);
            SealedBid::new(g, x)
        };
        let mut candidates = vec![SealedBid::new(group, amount)];
        let mut kinds = vec!["own"];
        for (kind, other) in [
            ("3/4", SealedBid::new(group, amount * 3 / 4)),
            (
                "5/4",
                SealedBid::new(group, (amount * 5 / 4).min(BID_MAX_POINTS)),
            ),
            ("equilibrium", eq),
        ] {
            if !candidates.contains(&other) {
                candidates.push(other);
                kinds.push(kind);
            }
        }
        let position = BidPosition {
            me: &self.policy,
            them: them.as_ref(),
            their_bid,
            states,
            round,
            roll: (a, b),
        };
        let seed = yacht::game::deal::mix(self.game_seed, u64::from(round));
        if let Some(path) = &self.settings.probe {
            let record = self.probe(&position, candidates, kinds, fair_bid, seed);
            append_probe(path, &record);
            return reply;
        }
        let valued = value_bids(&position, &candidates, self.settings.futures, seed);
        let best = choose(&valued, self.settings.gate_se);
        self.chosen += 1;
        if best.bid != candidates[0] {
            self.changed += 1;
            self.policy.bid_instead(best.bid.group, best.bid.amount);
            self.my_bid = Some((best.bid.group, best.bid.amount));
            reply.answer = Some(Answer::Bid {
                group: best.bid.group,
                amount: best.bid.amount,
            });
        }
        reply
    }
}

/// A stand-in's bid from its answer to a `ROLL` (nothing for A: an answer it owed).
fn bid_of(answer: Option<Answer>) -> SealedBid {
    match answer {
        Some(Answer::Bid { group, amount }) => SealedBid::new(group, amount),
        _ => SealedBid::new(Group::A, 0),
    }
}

fn group_name(group: Group) -> String {
    match group {
        Group::A => "A".into(),
        Group::B => "B".into(),
    }
}

/// One line appended to the probe file; the games of a match run on several threads, so
/// each line is written whole under one lock. A failed write is said once on stderr: the
/// game goes on, a probe is a measurement.
fn append_probe(path: &std::path::Path, record: &ProbeRecord) {
    use std::io::Write;
    static LOCK: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    let mut line = serde_json::to_string(record).unwrap_or_default();
    line.push('\n');
    let mut warned = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(line.as_bytes()));
    match written {
        Err(e) if !*warned => {
            eprintln!("rollout probe: cannot write {}: {e}", path.display());
            *warned = true;
        }
        _ => {}
    }
}

/// The candidate with the highest mean among those whose lead over the first (the bot's
/// own bid) is more than `gate_se` standard errors of their difference; the first when
/// none is.
pub fn choose(valued: &[Valued], gate_se: f64) -> Valued {
    let own = valued[0];
    valued[1..].iter().fold(own, |best, v| {
        let lead = v.mean - own.mean;
        if v.mean > best.mean && lead > gate_se * v.difference_se {
            *v
        } else {
            best
        }
    })
}

impl Agent for RolloutPlayer {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn reset(&mut self, game_seed: u64) {
        self.policy = Bot::new(BotConfig {
            rng_seed: Some(self.config.rng_seed.unwrap_or(game_seed)),
            ..self.config
        });
        // The stand-in's generator is not the opponent's: its private seed is not known.
        self.shadow
            .reset(game_seed.rotate_left(17) ^ 0x0F07_0BE5_EED0);
        if let Some(fair) = self.fair.as_mut() {
            fair.reset(game_seed.rotate_left(29) ^ 0xFA1E);
        }
        self.shadow_bids = [None, None];
        self.game_seed = game_seed;
        self.rolls = 0;
        self.my_bid = None;
        self.predicted = None;
    }

    fn handle(&mut self, command: &Command) -> Reply {
        match *command {
            Command::Roll { .. } => self.bid(command),
            Command::Get {
                got,
                opp_group,
                opp_amount,
            } => {
                if let Some(predicted) = self.predicted.take() {
                    self.reads += 1;
                    self.misses += u32::from(predicted != (opp_group, opp_amount));
                }
                // The opponent received the other group and saw our bid. A stand-in that bid
                // otherwise is told the bid the opponent made first, so its view (its own
                // bid score) stays the opponent's.
                let actual = SealedBid::new(opp_group, opp_amount);
                let bids = std::mem::take(&mut self.shadow_bids);
                if let Some((group, amount)) = self.my_bid.take() {
                    let get = Command::Get {
                        got: got.other(),
                        opp_group: group,
                        opp_amount: amount,
                    };
                    let fair = self.fair.as_mut().map(|f| f.as_mut());
                    for (shadow, bid) in [Some(self.shadow.as_mut()), fair].into_iter().zip(bids) {
                        let Some(shadow) = shadow else { continue };
                        if bid.is_some_and(|b| b != actual) {
                            shadow.bid_instead(actual);
                        }
                        shadow.handle(&get);
                    }
                }
                self.policy.handle(command)
            }
            Command::Score => {
                let reply = self.policy.handle(command);
                // The opponent scores now too; it sees our scoring as its SET.
                let fair = self.fair.as_mut().map(|f| f.as_mut());
                for shadow in [Some(self.shadow.as_mut()), fair].into_iter().flatten() {
                    shadow.handle(&Command::Score);
                    if let Some(Answer::Put { category, dice }) = reply.answer {
                        shadow.handle(&Command::Set { category, dice });
                    }
                }
                reply
            }
            Command::Ready => {
                self.shadow.handle(command);
                if let Some(fair) = self.fair.as_mut() {
                    fair.handle(command);
                }
                self.policy.handle(command)
            }
            Command::Set { .. } | Command::Finish => self.policy.handle(command),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht::protocol::Group;

    fn valued(amount: u32, mean: f64, difference_se: f64) -> Valued {
        Valued {
            bid: SealedBid::new(Group::A, amount),
            mean,
            difference_se,
        }
    }

    #[test]
    fn a_candidate_replaces_the_own_bid_only_past_the_gate() {
        let own = valued(100, 0.50, 0.0);
        let close = valued(75, 0.53, 0.02);
        let clear = valued(125, 0.56, 0.02);
        // Without a gate the highest mean wins.
        assert_eq!(choose(&[own, close, clear], 0.0).bid.amount, 125);
        // A lead of 1.5 and 3 standard errors: a gate of 2 keeps only the clear one.
        assert_eq!(choose(&[own, close, clear], 2.0).bid.amount, 125);
        assert_eq!(choose(&[own, close], 2.0).bid.amount, 100);
        // A candidate behind the own bid never replaces it, gate or not.
        assert_eq!(choose(&[own, valued(75, 0.40, 0.0)], 0.0).bid.amount, 100);
        // Past the gate, the highest mean among those that pass.
        let higher_but_noisy = valued(90, 0.60, 0.10);
        assert_eq!(choose(&[own, clear, higher_but_noisy], 2.0).bid.amount, 125);
    }
}
