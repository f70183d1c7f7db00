//! `harness measure benchmark`: any valuation of the win curves judged on a benchmark
//! database (`harness label --futures 4x`, positions never trained on), by how close its
//! curves are and by what its bids lose.
//!
//! At each of the benchmark's auctions (rounds 2–10, where the bot's curves come from
//! rollouts or the network), a valuation makes both curves (we get A, we get B). They are
//! compared with the benchmark's reference curves (the database's rollouts at several
//! times the default's count, on futures of their own) in two ways:
//! - **fidelity**, as `harness measure net-fidelity`: the mean absolute error of each
//!   curve, and of the difference between the two, at transfers of ±12,000 points;
//! - **decision error**, as GNU Backgammon judges its networks on its benchmark
//!   databases: the win probability the bid chosen on the valuation's curves loses, valued
//!   on the reference curves, next to the bid chosen on the reference curves themselves.
//!   Two decisions: the **maximin** bid (what the bot bids before its model of the
//!   opponent holds, and the equilibrium's answer: the best worst case over every
//!   opponent bid) and the **answer** to the bid the opponent actually made, as the bot
//!   answers a model that predicts it (`bid::winbid::best_win_response_with`, its hedge
//!   included). Both among the bot's own candidate bids.
//!
//! The reference's own sampling noise is in every error alike; the decisions' errors are
//! zero where a valuation picks the reference's bid.

use std::path::PathBuf;

use rayon::prelude::*;

use crate::learning::labels::{children_of, grid_curve, read_labels, Labelled};
use yacht::engine::bid::winbid::{best_win_response_with, win_objective};
use yacht::engine::learned::net::{embedded, from_file, Net};
use yacht::engine::model::opponent::{Atom, Predictive};
use yacht::engine::safety::payoff::{Curves, Limits};
use yacht::engine::search::endgame::{net_rollouts_for_round, rollouts_for_round};
use yacht::engine::search::positions::{auction_curves, Valuation};
use yacht::engine::search::wincurve::{net_curve, WinCurve};
use yacht::engine::tunables::Tuned;
use yacht::engine::BotConfig;
use yacht::rules::auction::{Group, SealedBid};

/// The transfers the curves' fidelity is read at, points (net-fidelity's).
pub use super::net_fidelity::DELTAS_POINTS;

/// A way of making an auction's two win curves.
#[derive(Clone, Debug)]
pub enum Judged {
    /// The default bot's rollout count in the auction's round, divided by `divisor`.
    Rollouts { divisor: usize },
    /// The few rollouts the network's bot plays after its rounds (a few milliseconds a
    /// bid: `net_rollouts_for_round`), times `times`, in every round.
    Fast { times: usize },
    /// A network in every round (`None`: the embedded one).
    Net {
        path: Option<String>,
        net: &'static Net,
    },
    /// A network in its rounds (to `last`, or `NET_LAST_ROUND`'s default) and its few
    /// rollouts after, as `bot:curves=net` bids.
    Hybrid {
        path: Option<String>,
        net: &'static Net,
        last: Option<u8>,
    },
}

impl Judged {
    /// `rollouts`, `rollouts/K`, `fast`, `fast*K`, `net`, `net=PATH`, `hybrid`, `hybrid=PATH`,
    /// and a hybrid's last network round after `@` (`hybrid=PATH@5`).
    pub fn parse(text: &str) -> Result<Judged, String> {
        if let Some((hybrid, last)) = text.split_once('@') {
            let last: u8 = last
                .parse()
                .ok()
                .filter(|r| (1..=10).contains(r))
                .ok_or_else(|| format!("{text:?}: @LAST, a round 1-10"))?;
            return match Judged::parse(hybrid)? {
                Judged::Hybrid { path, net, .. } => Ok(Judged::Hybrid {
                    path,
                    net,
                    last: Some(last),
                }),
                _ => Err(format!("{text:?}: @LAST follows a hybrid")),
            };
        }
        let (kind, arg) = match text.split_once(['=', '/', '*']) {
            Some((k, a)) => (k, Some(a)),
            None => (text, None),
        };
        let net = |arg: Option<&str>| -> Result<(Option<String>, &'static Net), String> {
            match arg {
                Some(path) => Ok((
                    Some(path.to_string()),
                    from_file(path).map_err(|e| e.to_string())?,
                )),
                None => Ok((
                    None,
                    embedded().ok_or("the embedded network does not read")?,
                )),
            }
        };
        // The K of `rollouts/K` or `fast*K` (1 without it): a count of at least 1.
        let count = |arg: Option<&str>, form: &str| -> Result<usize, String> {
            let k = match arg {
                Some(k) => k
                    .parse()
                    .map_err(|_| format!("{text:?}: {form}, K a count"))?,
                None => 1,
            };
            if k == 0 {
                return Err(format!("{text:?}: {form} with K at least 1"));
            }
            Ok(k)
        };
        match kind {
            "rollouts" => count(arg, "rollouts/K").map(|divisor| Judged::Rollouts { divisor }),
            "fast" => count(arg, "fast*K").map(|times| Judged::Fast { times }),
            "net" => net(arg).map(|(path, net)| Judged::Net { path, net }),
            "hybrid" => net(arg).map(|(path, net)| Judged::Hybrid { path, net, last: None }),
            _ => Err(format!(
                "{text:?}: a valuation is rollouts, rollouts/K, fast, fast*K, net, net=PATH, hybrid or hybrid=PATH"
            )),
        }
    }

    /// A short name for the table.
    pub fn name(&self) -> String {
        let stem = |p: &Option<String>| {
            p.as_deref().map_or("embedded".to_string(), |p| {
                std::path::Path::new(p)
                    .file_stem()
                    .map_or(p.to_string(), |s| s.to_string_lossy().into_owned())
            })
        };
        match self {
            Judged::Rollouts { divisor: 1 } => "rollouts".into(),
            Judged::Rollouts { divisor } => format!("rollouts/{divisor}"),
            Judged::Fast { times: 1 } => "fast".into(),
            Judged::Fast { times } => format!("fast*{times}"),
            Judged::Net { path, .. } => format!("net:{}", stem(path)),
            Judged::Hybrid {
                path, last: None, ..
            } => format!("hybrid:{}", stem(path)),
            Judged::Hybrid {
                path,
                last: Some(r),
                ..
            } => format!("hybrid:{}@{r}", stem(path)),
        }
    }

    /// The curves of `p`'s auction.
    pub fn curves(&self, p: &Labelled) -> [WinCurve; 2] {
        let q = &p.position;
        match self {
            Judged::Rollouts { divisor } => {
                let n = rollouts_for_round(&BotConfig::DEFAULT, usize::from(q.round)) / divisor;
                auction_curves(
                    &q.me,
                    &q.opp,
                    q.round,
                    &q.a,
                    &q.b,
                    Valuation::Rollouts(n.max(1)),
                )
            }
            Judged::Fast { times } => {
                let n = net_rollouts_for_round(usize::from(q.round)) * times;
                auction_curves(
                    &q.me,
                    &q.opp,
                    q.round,
                    &q.a,
                    &q.b,
                    Valuation::Rollouts(n.max(1)),
                )
            }
            Judged::Net { net, .. } => {
                children_of(q).map(|(me, opp)| net_curve(net, &me, &opp, q.round + 1))
            }
            Judged::Hybrid { net, last, .. } => {
                let mut tuned = Tuned::DEFAULT;
                if let Some(r) = last {
                    // Checked where it was parsed.
                    let _ = tuned.set("netlast", &r.to_string());
                }
                tuned.scoped(|| {
                    auction_curves(&q.me, &q.opp, q.round, &q.a, &q.b, Valuation::Net(net))
                })
            }
        }
    }
}

/// The errors of one valuation, summed over positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    pub positions: usize,
    /// Σ mean |W − W_ref| over both curves and every transfer.
    pub level: f64,
    /// Σ mean |(W_A − W_B) − (W_A − W_B)_ref| over every transfer.
    pub difference: f64,
    /// Σ win probability the maximin bid loses, on the reference curves.
    pub maximin: f64,
    /// Positions whose maximin bid is not the reference's.
    pub maximin_other: usize,
    /// Σ hedged win objective the answer to the opponent's bid loses; over `answered`.
    pub answer: f64,
    pub answer_other: usize,
    pub answered: usize,
}

impl Errors {
    fn add(&mut self, e: &Errors) {
        self.positions += e.positions;
        self.level += e.level;
        self.difference += e.difference;
        self.maximin += e.maximin;
        self.maximin_other += e.maximin_other;
        self.answer += e.answer;
        self.answer_other += e.answer_other;
        self.answered += e.answered;
    }

    pub fn mean_level(&self) -> f64 {
        self.level / self.positions.max(1) as f64
    }
    pub fn mean_difference(&self) -> f64 {
        self.difference / self.positions.max(1) as f64
    }
    pub fn mean_maximin(&self) -> f64 {
        self.maximin / self.positions.max(1) as f64
    }
    pub fn mean_answer(&self) -> f64 {
        self.answer / self.answered.max(1) as f64
    }
}

/// A model that predicts the opponent's bid exactly, as the bot's does once it holds.
fn predicting(bid: SealedBid) -> Predictive {
    Predictive {
        atoms: vec![Atom {
            group: bid.group,
            amount: bid.amount,
            weight: 1.0,
        }],
        unexplained: 0.0,
        read: 0.0,
        observed: 12,
    }
}

/// One position's errors of `curves` against `reference`.
pub fn judge(
    curves: &[WinCurve; 2],
    reference: &[WinCurve; 2],
    swing_points: f64,
    opp: Option<SealedBid>,
) -> Errors {
    let (mut level, mut difference) = (0.0, 0.0);
    for &d in &DELTAS_POINTS {
        let (a, b) = (curves[0].at(d), curves[1].at(d));
        let (ra, rb) = (reference[0].at(d), reference[1].at(d));
        level += 0.5 * ((a - ra).abs() + (b - rb).abs());
        difference += ((a - b) - (ra - rb)).abs();
    }
    let n = DELTAS_POINTS.len() as f64;
    let ours = Curves {
        a: &curves[0],
        b: &curves[1],
        swing_points,
    };
    let theirs = Curves {
        a: &reference[0],
        b: &reference[1],
        swing_points,
    };
    let choose = |c: &Curves, p: &Predictive| {
        let r = best_win_response_with(c, p, None, &Limits::NONE);
        (r.group, r.amount)
    };
    let none = Predictive::default();
    let (mine, best) = (choose(&ours, &none), choose(&theirs, &none));
    let worst = |(g, x): (Group, u32)| theirs.worst_case(g, x);
    let mut e = Errors {
        positions: 1,
        level: level / n,
        difference: difference / n,
        maximin: (worst(best) - worst(mine)).max(0.0),
        maximin_other: usize::from(mine != best),
        ..Errors::default()
    };
    if let Some(bid) = opp {
        let p = predicting(bid);
        let (mine, best) = (choose(&ours, &p), choose(&theirs, &p));
        let value = |(g, x): (Group, u32)| win_objective(&theirs, &p, g, x);
        e.answer = (value(best) - value(mine)).max(0.0);
        e.answer_other = usize::from(mine != best);
        e.answered = 1;
    }
    e
}

/// Every valuation's errors by round (2..=10), each against the reference.
pub fn benchmark(
    positions: &[Labelled],
    transfers: &[f64],
    judged: &[Judged],
    threads: usize,
) -> Result<Vec<(u8, Vec<Errors>)>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    let per_position: Vec<(u8, Vec<Errors>)> = pool.install(|| {
        positions
            .par_iter()
            .filter(|p| (2..=10).contains(&p.position.round))
            .map(|p| {
                let reference = [0, 1].map(|g| grid_curve(transfers, &p.children[g].win));
                let errors = judged
                    .iter()
                    .map(|j| judge(&j.curves(p), &reference, p.swing_points, p.position.opp_bid))
                    .collect();
                (p.position.round, errors)
            })
            .collect()
    });
    let mut rounds: Vec<(u8, Vec<Errors>)> = (2..=10)
        .map(|r| (r, vec![Errors::default(); judged.len()]))
        .collect();
    for (round, errors) in per_position {
        for (sum, e) in rounds[usize::from(round) - 2].1.iter_mut().zip(&errors) {
            sum.add(e);
        }
    }
    rounds.retain(|(_, e)| e.first().is_some_and(|e| e.positions > 0));
    Ok(rounds)
}

/// The round groups the summary adds up.
pub const ROUND_GROUPS: [(u8, u8); 3] = [(2, 4), (5, 7), (8, 10)];

/// The benchmark's table: by round, then by round group and over all; for each valuation
/// the maximin bid's and the answer's decision error (win probability a decision, and the
/// share of decisions unlike the reference's), and the curves' errors.
pub fn format_benchmark(
    rounds: &[(u8, Vec<Errors>)],
    judged: &[Judged],
    reference: &str,
) -> String {
    let names: Vec<String> = judged.iter().map(Judged::name).collect();
    let mut out = format!(
        "against {reference}: decision error (win probability a decision loses on the reference curves, \
         and in brackets the share of decisions unlike the reference's), then the curves' mean absolute \
         error at transfers of -12,000 to +12,000 points (level; A-B: of the two curves' difference)\n"
    );
    let mut section = |title: &str, cell: &dyn Fn(&Errors) -> String| {
        out.push_str(&format!("\n{title}\n{:>7} {:>9}", "rounds", "positions"));
        for n in &names {
            out.push_str(&format!(" {n:>18}"));
        }
        out.push('\n');
        let mut line = |label: String, errors: &[Errors]| {
            out.push_str(&format!("{label:>7} {:>9}", errors[0].positions));
            for e in errors {
                out.push_str(&format!(" {:>18}", cell(e)));
            }
            out.push('\n');
        };
        for (round, errors) in rounds {
            line(round.to_string(), errors);
        }
        let sum = |keep: &dyn Fn(u8) -> bool| {
            let mut total = vec![Errors::default(); names.len()];
            for (round, errors) in rounds.iter().filter(|(r, _)| keep(*r)) {
                let _ = round;
                for (t, e) in total.iter_mut().zip(errors) {
                    t.add(e);
                }
            }
            total
        };
        for (lo, hi) in ROUND_GROUPS {
            let total = sum(&|r| (lo..=hi).contains(&r));
            if total[0].positions > 0 {
                line(format!("{lo}-{hi}"), &total);
            }
        }
        line("all".into(), &sum(&|_| true));
    };
    section("maximin bid, decision error", &|e| {
        format!(
            "{:.5} ({:>4.1}%)",
            e.mean_maximin(),
            100.0 * e.maximin_other as f64 / e.positions.max(1) as f64
        )
    });
    section("answer to the opponent's bid, decision error", &|e| {
        format!(
            "{:.5} ({:>4.1}%)",
            e.mean_answer(),
            100.0 * e.answer_other as f64 / e.answered.max(1) as f64
        )
    });
    section("curves' error, level / A-B", &|e| {
        format!("{:.4} / {:.4}", e.mean_level(), e.mean_difference())
    });
    out
}

/// The benchmark's positions: every labels file given.
pub fn read_benchmark(paths: &[PathBuf]) -> Result<(Vec<f64>, Vec<Labelled>, String), String> {
    let (header, positions) = read_labels(paths)?;
    let what = format!(
        "{} ({} futures a child; commit {})",
        header.command,
        match header.run.futures {
            crate::learning::labels::FutureCount::Fixed(n) => n.to_string(),
            crate::learning::labels::FutureCount::TimesDefault(k) => format!("{k}x the default's"),
        },
        header.commit
    );
    Ok((header.run.transfers_points, positions, what))
}
