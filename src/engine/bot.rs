//! The bot: tracks the game from typed commands and answers them. Never prints.

use super::config::{Bidder, BotConfig};
use super::table_player::{Reply, TablePlayer};
use crate::engine::bid::response::{best_response, best_response_within};
use crate::engine::bid::winbid::{
    best_win_response, best_win_response_with, opponent_maximin, Draw,
};
use crate::engine::model::features::RoundFeatures;
use crate::engine::model::opponent::{Atom, OpponentModel, Predictive, MIN_OBSERVED_ROUNDS};
use crate::engine::safety::account::{Account, Pricing, Settlement};
use crate::engine::safety::payoff::{Curves, Limits};
use crate::engine::search::anytime::SearchStats;
use crate::engine::search::endgame::{net_of, win_search_timed, WinSearch};
use crate::engine::track::view::GameView;
use crate::engine::value::bidding::{bundle_values, equilibrium_bid, own_gain_points};
use crate::engine::value::choice::warm_up;
use crate::engine::value::noise::{counts_key, noisy_points};
use crate::rules::dice::Counts;

use crate::clock::{AnswerStart, StopClock};
use crate::protocol::{Command, Group, Owed};
use crate::rng::Pcg64;

/// A bot playing one game at a time (`READY` starts a new one).
#[derive(Clone, Debug)]
pub struct Bot {
    config: BotConfig,
    /// The tracked game and the table's scorings; the bids are decided here.
    player: TablePlayer,
    model: OpponentModel,
    /// The open auction's features and pricing, kept for the model's update and the
    /// account's settlement at `GET`.
    pending: Option<Pending>,
    /// What deviating from the safe bids has earned this game ([`crate::engine::safety::account`]).
    account: Account,
    /// The private generator (see [`BotConfig::rng_seed`]).
    rng: Pcg64,
    /// What each rollout search of this game played, by round (for `bench`'s report).
    searches: Vec<(u8, SearchStats)>,
    /// Whether this game has said that the wall clock cut a search (said once a game).
    wall_cut_reported: bool,
    /// The bids the last bid was drawn among, each as likely (empty when it was not drawn).
    drawn_among: Vec<(Group, u32)>,
}

impl Default for Bot {
    fn default() -> Self {
        Bot::new(BotConfig::default())
    }
}

impl Bot {
    pub fn new(config: BotConfig) -> Bot {
        let config = config.leveled();
        // The model's priors and the accounts' allowances are read as they are built.
        config.tuned.scoped(|| Bot {
            config,
            player: TablePlayer::new(config),
            model: OpponentModel::for_config(&config),
            pending: None,
            account: Account::default(),
            rng: Pcg64::seed_from_u64(config.rng_seed.unwrap_or_else(entropy_seed)),
            searches: Vec::new(),
            wall_cut_reported: false,
            drawn_among: Vec::new(),
        })
    }

    /// What each rollout search of the current game played, by round.
    pub fn searches(&self) -> &[(u8, SearchStats)] {
        &self.searches
    }

    /// The tracked game.
    pub fn view(&self) -> &GameView {
        self.player.view()
    }

    /// Handles one command, its search charged by the thread's CPU clock alone (the
    /// harness's in-process players).
    pub fn handle(&mut self, command: &Command) -> Reply {
        self.handle_read_at(command, None)
    }

    /// Handles one command read at `read` (the protocol loop's reading of both clocks as
    /// the line arrived): the search also keeps to the wall-clock budget from then
    /// ([`BotConfig::wall_budget_ms`]). The first time in a game that the wall clock cuts a
    /// search, the reply says so.
    pub fn handle_read_at(&mut self, command: &Command, read: Option<AnswerStart>) -> Reply {
        let tuned = self.config.tuned;
        tuned.scoped(|| self.handle_tuned(command, read))
    }

    /// [`Bot::handle_read_at`] with the configuration's tunables installed.
    fn handle_tuned(&mut self, command: &Command, read: Option<AnswerStart>) -> Reply {
        match *command {
            Command::Ready => {
                self.model = OpponentModel::for_config(&self.config);
                self.pending = None;
                self.account = Account::default();
                self.searches.clear();
                self.wall_cut_reported = false;
                warm_up();
                // The network is read (the export: decoded from its source's text) before
                // the first bid that needs it, within READY's 3 s rather than a bid's 0.5 s.
                let _ = net_of(&self.config);
            }
            Command::Get {
                got: _,
                opp_group,
                opp_amount,
            } => {
                if let (Some(pending), Some(ours)) = (self.pending.take(), self.view().my_bid) {
                    self.account
                        .settle(&pending.settlement, ours, (opp_group, opp_amount));
                    self.model
                        .observe(pending.features, opp_group, opp_amount, ours);
                }
            }
            _ => {}
        }
        if matches!(command, Command::Roll { .. }) {
            self.drawn_among.clear();
        }
        let (config, model, account, rng, pending, searches, drawn_among) = (
            &self.config,
            &self.model,
            &self.account,
            &mut self.rng,
            &mut self.pending,
            &mut self.searches,
            &mut self.drawn_among,
        );
        let mut wall_cut = None;
        let mut reply = self.player.handle(command, |view| {
            let draw = Draw::new(rng, config.draw_permille).map(|d| d.recording(drawn_among));
            let (group, amount, p) = decide_bid_with(view, config, model, account, draw, read);
            if let Some(stats) = p.as_ref().and_then(|p| p.search) {
                searches.push((view.round, stats));
                if stats.stopped_by == Some(StopClock::Wall) {
                    wall_cut = Some((view.round, stats));
                }
            }
            *pending = p;
            (group, amount)
        });
        if let (Some((round, stats)), false, Some(read)) = (wall_cut, self.wall_cut_reported, read)
        {
            self.wall_cut_reported = true;
            reply.warnings.push(format!(
                "the wall clock cut the win search in round {round} ({} of {} rollouts; \
                 {} ms of wall time for {} ms of CPU time since the command): the machine \
                 is busy; said once a game",
                stats.rollouts,
                stats.base,
                read.wall.elapsed().as_millis(),
                read.cpu.elapsed().as_millis(),
            ));
        }
        reply
    }

    /// The bids this auction's bid was drawn among, each as likely: empty when it was not
    /// drawn (the bid is a function of the game), set from its `ROLL` until the next.
    pub fn drawn_among(&self) -> &[(Group, u32)] {
        &self.drawn_among
    }

    /// The open auction's bid replaced by `(group, amount)` (a policy rollout's
    /// alternative, between the `BID` and the `GET`): the bot plays on as if it had bid so
    /// (its view, its account and its opponent model read it at `GET`).
    pub fn bid_instead(&mut self, group: Group, amount: u32) {
        self.player.bid_instead(group, amount);
        self.drawn_among.clear();
    }

    /// A legal answer for a line whose keyword owed one but which did not parse.
    pub fn answer_malformed(&mut self, owed: Owed) -> Reply {
        if owed == Owed::Bid {
            self.pending = None;
        }
        let tuned = self.config.tuned;
        tuned.scoped(|| self.player.answer_malformed(owed))
    }

    /// The opponent model (for reports).
    pub fn model(&self) -> &OpponentModel {
        &self.model
    }

    /// The safe-exploitation account (for reports and tests).
    pub fn account(&self) -> &Account {
        &self.account
    }

    /// How the open auction's bid was reached (for `harness replay --explain`): the bid,
    /// the safe bid it was held to, the model's unlimited answer in points, whether the
    /// auction was priced in win probability, and what the model predicted. Call it
    /// between the `BID` and the `GET`; `None` before a bid or for a bidder without a model.
    pub fn explain_open_bid(&self) -> Option<BidExplanation> {
        self.config.tuned.scoped(|| self.explain_open_bid_tuned())
    }

    fn explain_open_bid_tuned(&self) -> Option<BidExplanation> {
        let pending = self.pending.as_ref()?;
        Some(BidExplanation {
            ours: self.view().my_bid?,
            safe: pending.settlement.reference,
            model_points: pending.settlement.model_points,
            swing_points: pending.settlement.pricing.swing_points(),
            win_round: matches!(pending.settlement.pricing, Pricing::Win { .. }),
            predictive: self.model.predict(&pending.features),
        })
    }

    /// The win probability the bot's own curves give its open bid against `theirs`, the
    /// bid the opponent actually made: its forecast of the game once the auction is
    /// settled (`harness measure odds` checks it against the results). Call it between
    /// the `BID` and the `GET`. `None` outside the win rounds, before a bid, or for a
    /// bidder without a model.
    pub fn win_of_open_bid(&self, theirs: (Group, u32)) -> Option<f64> {
        let pending = self.pending.as_ref()?;
        let (group, amount) = self.view().my_bid?;
        let Pricing::Win { a, b, swing_points } = &pending.settlement.pricing else {
            return None;
        };
        let curves = Curves {
            a,
            b,
            swing_points: *swing_points,
        };
        Some(curves.win_probability(group, amount, theirs.0, theirs.1))
    }

    /// The win probability another configuration's curves (`other`: another curve source)
    /// give the bot's open bid against `theirs`, at the same position: the forecast
    /// [`Bot::win_of_open_bid`] would be with those curves (`harness measure odds --beside`).
    /// `None` where that configuration finds the game decided, or outside the win rounds.
    pub fn win_of_open_bid_beside(&self, theirs: (Group, u32), other: &BotConfig) -> Option<f64> {
        let view = self.view();
        let (group, amount) = view.my_bid?;
        let (a, b) = view.roll?;
        let (a, b) = (a.counts(), b.counts());
        other.tuned.scoped(|| {
            let [ca, cb] = win_search_timed(view, other, &a, &b, None).0.curves()?;
            let curves = Curves {
                a: &ca,
                b: &cb,
                swing_points: bundle_values(&view.me, &view.opp, &a, &b).swing_points() as f64,
            };
            Some(curves.win_probability(group, amount, theirs.0, theirs.1))
        })
    }

    /// The open auction's bid next to the best answer to `theirs`, the bid the opponent
    /// actually made, all valued on the curves the bid was priced with (a measurement:
    /// `harness measure regret`). Call it between the `BID` and the `GET`. `None` outside the win
    /// rounds, before a bid, or for a bidder without a model.
    pub fn regret_of_open_bid(&self, theirs: (Group, u32)) -> Option<BidRegret> {
        self.config
            .tuned
            .scoped(|| self.regret_of_open_bid_tuned(theirs))
    }

    fn regret_of_open_bid_tuned(&self, theirs: (Group, u32)) -> Option<BidRegret> {
        let pending = self.pending.as_ref()?;
        let ours = self.view().my_bid?;
        let Pricing::Win { a, b, swing_points } = &pending.settlement.pricing else {
            return None;
        };
        let curves = Curves {
            a,
            b,
            swing_points: *swing_points,
        };
        let valued = |(group, amount): (Group, u32)| ValuedBid {
            group,
            amount,
            win: curves.outcome(group, amount, theirs.0, theirs.1),
        };
        let answer = |predictive: &Predictive, limits: &Limits| {
            let r = best_win_response_with(&curves, predictive, None, limits);
            valued((r.group, r.amount))
        };
        let predictive = self.model.predict(&pending.features);
        let unhedged = Predictive {
            unexplained: 0.0,
            read: 0.0,
            ..predictive.clone()
        };
        let known = Predictive {
            atoms: vec![Atom {
                group: theirs.0,
                amount: theirs.1,
                weight: 1.0,
            }],
            unexplained: 0.0,
            read: 0.0,
            observed: predictive.observed.max(MIN_OBSERVED_ROUNDS),
        };
        Some(BidRegret {
            round: self.view().round,
            hedge: predictive.hedge(),
            read: predictive.read,
            played: valued(ours),
            undrawn: answer(&predictive, &limits_for(&self.config, &self.account, true)),
            unlimited: answer(&predictive, &Limits::NONE),
            unhedged: answer(&unhedged, &Limits::NONE),
            oracle: answer(&known, &Limits::NONE),
        })
    }
}

/// A bid and its value (win probability on the auction's curves) against the opponent's
/// actual bid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValuedBid {
    pub group: Group,
    pub amount: u32,
    pub win: f64,
}

/// One win-round bid ([`Bot::regret_of_open_bid`]) beside the bids each part of the
/// decision would have made without the next: the draw, the safety limits, the hedge,
/// and the model's uncertainty about the opponent's bid (the oracle knows it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidRegret {
    pub round: u8,
    /// The weight the bid gave the worst case (unexplained and reader), and the reader's.
    pub hedge: f64,
    pub read: f64,
    /// The bid played.
    pub played: ValuedBid,
    /// The best response within the limits, without the draw against a suspected reader.
    pub undrawn: ValuedBid,
    /// The best response with no limit on its risk.
    pub unlimited: ValuedBid,
    /// The same with no hedge: the habits and the switch component alone.
    pub unhedged: ValuedBid,
    /// The best response to the opponent's actual bid.
    pub oracle: ValuedBid,
}

/// A seed no other process can reproduce: the standard library's per-process random
/// hash keys (from the operating system), the time and the process id.
fn entropy_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    hasher.write_u64(nanos);
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// How one bid of the model bidder was reached ([`Bot::explain_open_bid`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BidExplanation {
    /// The bid played.
    pub ours: (Group, u32),
    /// The safe bid the limits hold it to (the equilibrium, or the maximin on win curves).
    pub safe: (Group, u32),
    /// The model's best response in points, with no limit on its risk.
    pub model_points: (Group, u32),
    /// The swing `S` the auction was priced with, points.
    pub swing_points: f64,
    /// Whether the bid was chosen on win curves (else in points).
    pub win_round: bool,
    /// The model's prediction of the opponent's bid.
    pub predictive: Predictive,
}

/// What a modelling bid leaves for its `GET`: the features (to update the model with the
/// opponent's bid) and the pricing and reference bid (to settle the account).
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub features: RoundFeatures,
    /// What the win search played (rounds priced by rollouts).
    pub search: Option<SearchStats>,
    pub settlement: Settlement,
}

/// The bid for the open auction (deterministic) with a fresh account, and what the
/// auction leaves for its `GET` when the bidder models the opponent.
pub fn decide_bid(
    view: &GameView,
    config: &BotConfig,
    model: &OpponentModel,
) -> (Group, u32, Option<Pending>) {
    decide_bid_with(view, config, model, &Account::default(), None, None)
}

/// [`decide_bid`] within `account`'s budget, drawing among near-best bids with `draw`
/// against a suspected reader; `read`, when the command was read, adds the wall-clock
/// budget to the search's ([`win_search_timed`]).
/// What bundle A is worth more than B, `points`, as a level with a noisier value sees it
/// ([`BotConfig::noise_points`]), keyed by the two players and the bundles.
fn noisy_bundles(points: i64, view: &GameView, config: &BotConfig, a: &Counts, b: &Counts) -> i64 {
    let key = [
        u64::from(view.me.used),
        counts_key(&view.me.held),
        u64::from(view.opp.used),
        counts_key(a),
        counts_key(b),
    ];
    noisy_points(
        points,
        config.noise_points,
        config.rng_seed.unwrap_or(0),
        &key,
    )
}

pub fn decide_bid_with(
    view: &GameView,
    config: &BotConfig,
    model: &OpponentModel,
    account: &Account,
    draw: Option<Draw>,
    read: Option<AnswerStart>,
) -> (Group, u32, Option<Pending>) {
    let Some((a, b)) = view.roll else {
        return (Group::A, 0, None);
    };
    let (a, b) = (a.counts(), b.counts());
    match config.bidder {
        Bidder::Equilibrium => {
            let values = bundle_values(&view.me, &view.opp, &a, &b);
            let swing_points = noisy_bundles(values.swing_points(), view, config, &a, &b);
            let (group, amount) = equilibrium_bid(swing_points);
            (group, amount, None)
        }
        Bidder::OwnGain | Bidder::Whole => {
            // The equilibrium's arithmetic on its own gain alone (`own_gain_points` is half
            // the swing), or all of that gain.
            let gain_points = own_gain_points(&view.me, &a, &b, config.scoring);
            let gain_points = noisy_bundles(gain_points, view, config, &a, &b);
            let share = if config.bidder == Bidder::Whole { 4 } else { 1 };
            let (group, amount) = equilibrium_bid(gain_points.saturating_mul(share));
            (group, amount, None)
        }
        Bidder::Maximin => {
            let swing_points = bundle_values(&view.me, &view.opp, &a, &b).swing_points();
            let (search, _) = win_search_timed(view, config, &a, &b, read);
            let (group, amount) = match search.curves() {
                Some([ca, cb]) => {
                    let curves = Curves {
                        a: &ca,
                        b: &cb,
                        swing_points: swing_points as f64,
                    };
                    // No observed rounds: the objective is the worst case alone.
                    let r = best_win_response(&curves, &Predictive::default());
                    (r.group, r.amount)
                }
                None => equilibrium_bid(swing_points),
            };
            (group, amount, None)
        }
        Bidder::Model => {
            let mut features = RoundFeatures::compute(view, &a, &b);
            let swing_points = features.swing_points;
            let (search, search_stats) = win_search_timed(view, config, &a, &b, read);
            let decided_slack = match search {
                WinSearch::Decided { slack_points } => Some(slack_points),
                _ => None,
            };
            let curves = search.curves();
            // What an opponent that bids for the win without a model would ask here: the
            // model's switch component expects it from `MAXIMIN_SWITCH_ROUND` on.
            if let (true, Some([ca, cb])) = (config.maximin_model, &curves) {
                features.maximin_bid = Some(opponent_maximin(&Curves {
                    a: ca,
                    b: cb,
                    swing_points,
                }));
            }
            let predictive = model.predict(&features);
            let model_points = best_response(swing_points, &predictive);
            let (response, pricing) = match curves {
                Some([ca, cb]) => {
                    let curves = Curves {
                        a: &ca,
                        b: &cb,
                        swing_points,
                    };
                    let limits = limits_for(config, account, true);
                    let response = best_win_response_with(&curves, &predictive, draw, &limits);
                    (
                        response,
                        Pricing::Win {
                            a: ca,
                            b: cb,
                            swing_points,
                        },
                    )
                }
                None => {
                    let mut limits = limits_for(config, account, false);
                    // In a decided game a deviation that cannot open it again cannot cost
                    // the win: the limits, which guard wins against an opponent that
                    // punishes the model, widen to what keeps it decided.
                    if let Some(slack_points) = decided_slack {
                        limits = limits.widened_to(slack_points);
                    }
                    (
                        best_response_within(swing_points, &predictive, &limits),
                        Pricing::Points { swing_points },
                    )
                }
            };
            let pending = Pending {
                features,
                search: search_stats,
                settlement: Settlement {
                    pricing,
                    reference: response.reference,
                    model_points: (model_points.group, model_points.amount),
                },
            };
            (response.group, response.amount, Some(pending))
        }
    }
}

/// The limits on a bid in a win (`win`) or expected-score round: the account's, or none
/// when `config` turns safety off.
fn limits_for(config: &BotConfig, account: &Account, win: bool) -> Limits {
    if config.safety {
        let limits = account.limits(win);
        if config.regret_limit {
            limits
        } else {
            Limits {
                regret_points: f64::INFINITY,
                ..limits
            }
        }
    } else {
        Limits::NONE
    }
}
