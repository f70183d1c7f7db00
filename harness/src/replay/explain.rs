//! `harness replay LOG --explain SPEC`: the bot's view of every bid of a logged game. The
//! in-process bot (configured by a `bot:` spec) is fed the commands one side received, and
//! for each auction it says what it bid, the safe bid its limits hold it to, the model's
//! unlimited answer in points, and what the model predicted the opponent would bid, next
//! to what the opponent did bid. With the configuration and seed of the logged player the
//! bids are the logged ones; with another, they are what that bot would have done there.

use std::fmt::Write as _;

use yacht::engine::bot::BidExplanation;
use yacht::engine::{Bot, BotConfig};
use yacht::protocol::{Answer, Command, Group};

use super::{GameLog, Side};
use crate::words::{fixed, signed};

/// One auction as the re-run bot saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplainedBid {
    pub round: u8,
    /// The bid the log shows for this side.
    pub logged: Option<(Group, u32)>,
    /// The re-run bot's bid.
    pub bid: Option<(Group, u32)>,
    /// How the re-run bot reached it (`None` for a bidder without a model).
    pub explanation: Option<BidExplanation>,
    /// The opponent's bid, from the `GET` that followed.
    pub opponent: Option<(Group, u32)>,
    /// The model's heaviest habits when it bid (group rule × amount rule, weight), then the
    /// weight nothing explains and the reader's.
    pub habits: Vec<(String, f64)>,
}

/// Habits shown per bid.
const HABITS_SHOWN: usize = 3;

/// The model's heaviest habits, then its unexplained and reader weights.
fn heaviest_habits(bot: &Bot) -> Vec<(String, f64)> {
    let model = bot.model();
    let weights = model.weights();
    let mut named: Vec<(String, f64)> = model
        .habits()
        .iter()
        .zip(&weights)
        .map(|(h, &w)| (format!("{:?}x{:?}", h.group, h.amount), w))
        .collect();
    named.sort_by(|p, q| q.1.total_cmp(&p.1));
    named.truncate(HABITS_SHOWN);
    let n = model.habits().len();
    for (i, name) in [(n, "unexplained"), (n + 1, "reader")] {
        named.push((name.to_string(), weights.get(i).copied().unwrap_or(0.0)));
    }
    named
}

/// Re-runs the bot configured by `config` on the commands `side` received.
pub fn explain_side(log: &GameLog, side: Side, config: BotConfig) -> Vec<ExplainedBid> {
    let mut bot = Bot::new(config);
    let mut out: Vec<ExplainedBid> = Vec::new();
    for exchange in super::side_commands(log, side) {
        let reply = bot.handle(&exchange.command);
        match exchange.command {
            Command::Roll { .. } => out.push(ExplainedBid {
                round: exchange.round,
                logged: match exchange.logged {
                    Some(Answer::Bid { group, amount }) => Some((group, amount)),
                    _ => None,
                },
                bid: match reply.answer {
                    Some(Answer::Bid { group, amount }) => Some((group, amount)),
                    _ => None,
                },
                explanation: bot.explain_open_bid(),
                opponent: None,
                habits: heaviest_habits(&bot),
            }),
            Command::Get {
                opp_group,
                opp_amount,
                ..
            } => {
                if let Some(last) = out.last_mut() {
                    last.opponent = Some((opp_group, opp_amount));
                }
            }
            _ => {}
        }
    }
    out
}

/// The weighted quantile `q` (0..=1) of the amounts the model predicts on `group`, and the
/// probability it gives that group; `None` if it predicts nothing there.
pub fn predicted_amount(explanation: &BidExplanation, group: Group, q: f64) -> Option<(u32, f64)> {
    let predictive = &explanation.predictive;
    let total: f64 = predictive.atoms.iter().map(|a| a.weight).sum();
    if total <= 0.0 {
        return None;
    }
    let amount = predictive.amount_quantile(group, q)?;
    Some((amount, predictive.group_mass(group) / total))
}

fn bid_text(bid: Option<(Group, u32)>) -> String {
    bid.map_or("-".to_string(), |(g, x)| format!("{g} {x}"))
}

/// The model's view of one bid, as both reports show it: the safe bid, the model's
/// answer in points, how it was priced, the swing, the probability the opponent asks for
/// the safe bid's group, and the amounts it predicts there (p10, p50, p90).
struct ModelColumns {
    safe: String,
    model: String,
    priced: &'static str,
    swing_points: f64,
    p_group: f64,
    amounts: String,
    hedge: f64,
    read: f64,
}

fn model_columns(e: &BidExplanation) -> ModelColumns {
    let quantiles = [0.1, 0.5, 0.9].map(|q| predicted_amount(e, e.safe.0, q));
    let amounts: Vec<String> = quantiles
        .iter()
        .map(|q| q.map_or("-".to_string(), |(x, _)| x.to_string()))
        .collect();
    ModelColumns {
        safe: bid_text(Some(e.safe)),
        model: bid_text(Some(e.model_points)),
        priced: if e.win_round {
            "explain-priced-win"
        } else {
            "explain-priced-points"
        },
        swing_points: e.swing_points,
        p_group: quantiles[1].map_or(0.0, |(_, p)| p),
        amounts: amounts.join("/"),
        hedge: e.predictive.hedge(),
        read: e.predictive.read,
    }
}

fn habits_text(b: &ExplainedBid) -> String {
    habits_text_in(b, crate::i18n::ENGLISH)
}

/// The weights in `lang`: a habit by its name in the engine, the unexplained and the
/// reader's weights in words.
fn habits_text_in(b: &ExplainedBid, lang: &str) -> String {
    let habits: Vec<String> = b
        .habits
        .iter()
        .map(|(name, w)| {
            let name = match name.as_str() {
                "unexplained" => crate::i18n::tr(lang, "explain-unexplained"),
                "reader" => crate::i18n::tr(lang, "explain-reader"),
                _ => name.clone(),
            };
            format!("{name} {}", fixed(*w, 2))
        })
        .collect();
    habits.join(", ")
}

/// One line per auction: the bids, and the model's view where there is one.
pub fn explain_text(bids: &[ExplainedBid]) -> String {
    let mut out = String::from(
        "the bot's view of each bid (re-run in-process on this side's commands):\n\
         round  logged     re-run     opponent   safe       model(pts)  priced  swing   \
         P(opp asks safe's group)  its amount p10/p50/p90  hedge  read\n",
    );
    for b in bids {
        let _ = write!(
            out,
            "{:>5}  {:<10} {:<10} {:<10}",
            b.round,
            bid_text(b.logged),
            bid_text(b.bid),
            bid_text(b.opponent)
        );
        if let Some(e) = &b.explanation {
            let m = model_columns(e);
            let _ = write!(
                out,
                " {:<10} {:<11} {:<7} {:>7}  {:>24}  {:>22}  {:>5}  {:>4}",
                m.safe,
                m.model,
                crate::i18n::tr(crate::i18n::ENGLISH, m.priced),
                signed(m.swing_points, 0),
                fixed(m.p_group, 2),
                m.amounts,
                fixed(m.hedge, 2),
                fixed(m.read, 2)
            );
        }
        out.push('\n');
        if b.explanation.is_some() {
            let _ = writeln!(out, "       weights: {}", habits_text(b));
        }
    }
    let differ = bids
        .iter()
        .filter(|b| b.logged.is_some() && b.logged != b.bid)
        .count();
    let _ = writeln!(
        out,
        "{differ} of {} re-run bids differ from the log",
        bids.len()
    );
    out
}

/// The same as an HTML section: a table with a row per auction (English).
pub fn explain_html(bids: &[ExplainedBid]) -> String {
    explain_html_in(bids, crate::i18n::ENGLISH)
}

/// [`explain_html`] with its words in `lang`.
pub fn explain_html_in(bids: &[ExplainedBid], lang: &str) -> String {
    use crate::html::escape_html;
    use crate::i18n::tr;
    let mut out = format!(
        "<h2>{}</h2>\n<p class=\"legend\">{}</p>\n<div class=\"scroll\"><table class=\"explain\"><tr>",
        escape_html(&tr(lang, "explain-title")),
        escape_html(&tr(lang, "explain-legend"))
    );
    for key in [
        "explain-col-round",
        "explain-col-bid",
        "explain-col-safe",
        "explain-col-model",
        "explain-col-priced",
        "explain-col-swing",
        "explain-col-group",
        "explain-col-amount",
        "explain-col-opponent",
        "explain-col-weights",
    ] {
        let _ = write!(out, "<th>{}</th>", escape_html(&tr(lang, key)));
    }
    out.push_str("</tr>\n");
    for b in bids {
        let mut cells = vec![b.round.to_string(), bid_text(b.bid.or(b.logged))];
        match &b.explanation {
            Some(e) => {
                let m = model_columns(e);
                cells.extend([
                    m.safe,
                    m.model,
                    tr(lang, m.priced),
                    signed(m.swing_points, 0),
                    fixed(m.p_group, 2),
                    m.amounts,
                ]);
            }
            None => cells.extend(std::iter::repeat_n("-".to_string(), 6)),
        }
        cells.push(bid_text(b.opponent));
        cells.push(if b.explanation.is_some() {
            habits_text_in(b, lang)
        } else {
            tr(lang, "explain-no-model")
        });
        out.push_str("<tr>");
        for c in cells {
            let _ = write!(out, "<td>{}</td>", escape_html(&c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table></div>\n");
    out
}
