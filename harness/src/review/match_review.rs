//! The review of a whole match: every game of a set of official logs reviewed
//! ([`super::review_log`]) and summed up by player, side by side on the same dice.
//!
//! For each player: the result, the luck and the luck-adjusted result; the win probability
//! its decisions gave up, by kind (bid, scoring) and by round; its bids' habit against the
//! valuation's best (overpaid, underpaid, the wrong group) with what each cost; its
//! scorings' cost by the category played, and how often it reached the upper bonus; its
//! costliest decisions, each with its game. The other player's figures on the same games
//! stand beside each, and the **findings** come first: the parts of a player's play that
//! cost it the most a game above what the same part cost the other player.
//!
//! A file that is not a whole game's log, a game of other players than the match's, or one
//! that cannot be replayed is skipped with its reason; the rest are reviewed.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use super::judged::{Judged, Kind, Mark};
use super::marks::decision_accuracy;
use super::{review_log, GameReview};
use crate::i18n::Message;
use crate::replay::{check_whole, parse_log};
use crate::words::fixed;
use yacht::engine::search::positions::Valuation;
use yacht::rules::category::{Category, UPPER_BONUS_THRESHOLD_K};
use yacht::rules::dice::parse_digits;

/// Rounds of a game (bids in 1–12, scorings in 2–13).
pub const ROUNDS: usize = 13;
/// Findings a player gets at most.
pub const FINDINGS_PER_PLAYER: usize = 3;
/// A part of a player's play is a finding when it costs at least this much more win
/// probability a game than the same part of the other player's (half a point of score in
/// a hundred games).
pub const FINDING_MIN_PER_GAME: f64 = 0.005;
/// Costliest decisions kept per player.
pub const COSTLIEST: usize = 10;

/// Decisions and the win probability they gave up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Cell {
    pub decisions: usize,
    pub cost: f64,
}

impl Cell {
    fn add(&mut self, cost: f64) {
        self.decisions += 1;
        self.cost += cost;
    }

    /// Win probability given up a decision.
    pub fn per_decision(&self) -> f64 {
        self.cost / self.decisions.max(1) as f64
    }
}

/// A player's bids against the valuation's best bid at the same auction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Habit {
    /// The best bid's group, more than its amount.
    pub overpaid: Cell,
    /// The best bid's group, less than its amount.
    pub underpaid: Cell,
    /// The other group.
    pub wrong_group: Cell,
    /// The best bid itself.
    pub best: Cell,
}

/// One player's games summed up.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// The command line its logs name.
    pub player: String,
    pub games: usize,
    /// Mean result (a win 1, a draw ½).
    pub score: f64,
    /// Mean luck a game, and the mean luck-adjusted result.
    pub luck: f64,
    pub adjusted: f64,
    /// Mean decision accuracy, percent.
    pub accuracy: f64,
    pub all: Cell,
    pub bids: Cell,
    pub puts: Cell,
    /// By round, index 0 for round 1.
    pub bids_by_round: Vec<Cell>,
    pub puts_by_round: Vec<Cell>,
    pub habit: Habit,
    /// Scorings by the category played, in the categories' order.
    pub categories: Vec<(String, Cell)>,
    /// Games in which its upper section reached the bonus.
    pub bonus_games: usize,
    /// `?!`, `?` and `??`.
    pub marks: [usize; 3],
}

/// A costly decision and its game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Costly {
    /// The log's file name, and the game's place in [`MatchReview::files`].
    pub file: String,
    pub game: usize,
    pub decision: Judged,
    /// The other files where the same decision was made at the same cost: the two games of
    /// a deal pair are often one game with the seats swapped, between programs that play
    /// both seats alike.
    pub also: Vec<String>,
}

/// A part of a player's play that costs it more than the same part of the other's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// 0 or 1: the player of [`MatchReview::players`].
    pub player: usize,
    /// What part: `bids-round`, `puts-round`, `overpaid`, `underpaid`, `wrong-group`,
    /// `category`, with `round` or `category`.
    pub part: String,
    pub round: Option<u8>,
    pub category: Option<String>,
    pub decisions: usize,
    pub per_decision: f64,
    pub other_decisions: usize,
    pub other_per_decision: f64,
    /// Win probability a game above the other player's on the same part.
    pub excess_per_game: f64,
    /// The finding said.
    pub message: Message,
}

/// A file not reviewed, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skipped {
    pub file: String,
    pub reason: Message,
}

/// The review of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReview {
    /// The two players, each summed up over the games reviewed.
    pub players: [PlayerSummary; 2],
    pub findings: Vec<Finding>,
    /// Each player's costliest decisions, costliest first.
    pub costliest: [Vec<Costly>; 2],
    /// The files reviewed, in order (a [`Costly`]'s `game` indexes them).
    pub files: Vec<String>,
    pub skipped: Vec<Skipped>,
}

/// A log to review: its file name and its text.
#[derive(Clone, Debug)]
pub struct LogFile {
    pub name: String,
    pub text: String,
}

/// Every file in `dirs` that ends in `.log` (not recursive), sorted.
pub fn logs_in(dirs: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|x| x == "log") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Every file of `dir` (not recursive, sorted) as a [`LogFile`]; one that cannot be read
/// as text is in the second list with its reason.
pub fn files_in(dir: &Path) -> Result<(Vec<LogFile>, Vec<Skipped>), String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    let (mut files, mut skipped) = (Vec::new(), Vec::new());
    for path in paths {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match std::fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => files.push(LogFile { name, text }),
                Err(_) => skipped.push(Skipped {
                    file: name,
                    reason: Message::new("match-skip-not-text"),
                }),
            },
            Err(e) => skipped.push(Skipped {
                file: name,
                reason: Message::new("match-skip-unreadable").text("error", e.to_string()),
            }),
        }
    }
    Ok((files, skipped))
}

/// One file reviewed, or why not.
fn review_file(file: &LogFile, valuation: Valuation) -> Result<GameReview, Message> {
    let log = parse_log(&file.text).map_err(|e| {
        // A match's --logs folder holds each deal's input file beside its two logs.
        if yacht::game::deal::parse_deals(&file.text).is_ok_and(|d| !d.is_empty()) {
            Message::new("match-skip-deal")
        } else {
            Message::new("match-skip-not-log").message("reason", e.message())
        }
    })?;
    check_whole(&log)
        .map_err(|reason| Message::new("match-skip-not-whole").message("reason", reason))?;
    review_log(&log, valuation, None)
        .map_err(|e| Message::new("match-skip-not-replayed").text("reason", e.to_string()))
}

/// The [`COSTLIEST`] first of `sorted`, each decision made again at the same cost (the same
/// round, move, best move and win probability lost: the same position) folded into the
/// first's `also`.
fn fold_repeats(sorted: Vec<Costly>) -> Vec<Costly> {
    let mut out: Vec<Costly> = Vec::new();
    for c in sorted {
        let same = |k: &Costly| {
            k.decision.round == c.decision.round
                && k.decision.played == c.decision.played
                && k.decision.best == c.decision.best
                && k.decision.p_win_lost == c.decision.p_win_lost
        };
        if let Some(kept) = out.iter_mut().find(|k| same(k)) {
            kept.also.push(c.file);
        } else if out.len() < COSTLIEST {
            out.push(c);
        }
    }
    out
}

/// The unordered pair of players of a game.
fn pair_of(review: &GameReview) -> (String, String) {
    let (a, b) = (
        review.sides[0].player.clone(),
        review.sides[1].player.clone(),
    );
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Reviews `files` (in parallel; `done` sees each file as it is reviewed) and sums them up
/// by player. The match's players are the pair the most games are between; a game of
/// another pair is skipped, as is every file that is not a whole game's log. When both
/// seats name the same program (a program against itself), each seat is a player.
pub fn review_match(
    files: &[LogFile],
    valuation: Valuation,
    done: &(dyn Fn() + Sync),
) -> Result<MatchReview, String> {
    let reviewed: Vec<Result<GameReview, Message>> = files
        .par_iter()
        .map(|f| {
            let r = review_file(f, valuation);
            done();
            r
        })
        .collect();
    let mut skipped = Vec::new();
    let mut games: Vec<(&LogFile, GameReview)> = Vec::new();
    for (file, r) in files.iter().zip(reviewed) {
        match r {
            Ok(review) => games.push((file, review)),
            Err(reason) => skipped.push(Skipped {
                file: file.name.clone(),
                reason,
            }),
        }
    }
    // The match's pair: the most games' (the first such pair on a tie).
    let mut counts: Vec<((String, String), usize)> = Vec::new();
    for (_, r) in &games {
        let pair = pair_of(r);
        match counts.iter_mut().find(|(p, _)| *p == pair) {
            Some((_, n)) => *n += 1,
            None => counts.push((pair, 1)),
        }
    }
    let Some((pair, _)) = counts.iter().max_by_key(|(_, n)| *n).cloned() else {
        return Err(if files.is_empty() {
            "no files to review".to_string()
        } else {
            format!("none of the {} files is a whole game's log", files.len())
        });
    };
    let mut kept = Vec::new();
    for (file, review) in games {
        if pair_of(&review) == pair {
            kept.push((file, review));
        } else {
            let (a, b) = pair_of(&review);
            skipped.push(Skipped {
                file: file.name.clone(),
                reason: Message::new("match-skip-other-players")
                    .text("first", a)
                    .text("second", b)
                    .text("one", pair.0.clone())
                    .text("other", pair.1.clone()),
            });
        }
    }
    let self_play = pair.0 == pair.1;
    let names = if self_play {
        [
            format!("{} (FIRST)", pair.0),
            format!("{} (SECOND)", pair.0),
        ]
    } else {
        [pair.0.clone(), pair.1.clone()]
    };
    // The player of each seat of a game: 0 or 1 of `names`.
    let player_of = |review: &GameReview, seat: usize| -> usize {
        if self_play {
            seat
        } else {
            usize::from(review.sides[seat].player != pair.0)
        }
    };
    let mut players: [PlayerSummary; 2] = names.map(|player| PlayerSummary {
        player,
        bids_by_round: vec![Cell::default(); ROUNDS],
        puts_by_round: vec![Cell::default(); ROUNDS],
        categories: Category::ALL
            .iter()
            .map(|c| (c.name().to_string(), Cell::default()))
            .collect(),
        ..PlayerSummary::default()
    });
    let mut costly: [Vec<Costly>; 2] = [Vec::new(), Vec::new()];
    let mut accuracy_sum = [0.0; 2];
    for (game, (file, review)) in kept.iter().enumerate() {
        for seat in 0..2 {
            let p = player_of(review, seat);
            let side = &review.sides[seat];
            let s = &mut players[p];
            s.games += 1;
            s.score += side.result;
            s.luck += side.luck;
            s.adjusted += side.adjusted;
            let mut upper_k = 0u32;
            for d in &side.decisions {
                let cost = d.p_win_lost;
                s.all.add(cost);
                accuracy_sum[p] += decision_accuracy(cost);
                let r = usize::from(d.round).clamp(1, ROUNDS) - 1;
                match d.kind {
                    Kind::Bid => {
                        s.bids.add(cost);
                        s.bids_by_round[r].add(cost);
                        habit_cell(&mut s.habit, &d.played, &d.best).add(cost);
                    }
                    Kind::Put => {
                        s.puts.add(cost);
                        s.puts_by_round[r].add(cost);
                        if let Some((category, dice)) = put_of(&d.played) {
                            s.categories[category.index()].1.add(cost);
                            if category.upper_face().is_some() {
                                upper_k += category.score_k(&dice);
                            }
                        }
                    }
                }
                match d.mark {
                    Mark::Inaccuracy => s.marks[0] += 1,
                    Mark::Mistake => s.marks[1] += 1,
                    Mark::Blunder => s.marks[2] += 1,
                    Mark::None => {}
                }
                if cost > 0.0 {
                    costly[p].push(Costly {
                        file: file.name.clone(),
                        game,
                        decision: d.clone(),
                        also: Vec::new(),
                    });
                }
            }
            if upper_k >= UPPER_BONUS_THRESHOLD_K {
                s.bonus_games += 1;
            }
        }
    }
    for (s, acc) in players.iter_mut().zip(accuracy_sum) {
        let games = s.games.max(1) as f64;
        s.score /= games;
        s.luck /= games;
        s.adjusted /= games;
        s.accuracy = acc / s.all.decisions.max(1) as f64;
    }
    for list in &mut costly {
        list.sort_by(|a, b| b.decision.p_win_lost.total_cmp(&a.decision.p_win_lost));
        *list = fold_repeats(std::mem::take(list));
    }
    let findings = findings(&players);
    Ok(MatchReview {
        players,
        findings,
        costliest: costly,
        files: kept.iter().map(|(f, _)| f.name.clone()).collect(),
        skipped,
    })
}

/// A bid line `BID A 3000` as its group letter and amount.
fn bid_of(line: &str) -> Option<(char, u32)> {
    let mut words = line.split_whitespace();
    (words.next()? == "BID").then_some(())?;
    let group = words.next()?.chars().next()?;
    let amount = words.next()?.parse().ok()?;
    Some((group, amount))
}

/// A scoring line `PUT FULL_HOUSE 33366` as its category and dice.
fn put_of(line: &str) -> Option<(Category, yacht::rules::dice::Counts)> {
    let mut words = line.split_whitespace();
    (words.next()? == "PUT").then_some(())?;
    let category = Category::from_name(words.next()?)?;
    let dice = parse_digits(words.next()?)?;
    Some((category, dice))
}

/// The cell of `habit` a bid played against the best falls in.
fn habit_cell<'a>(habit: &'a mut Habit, played: &str, best: &str) -> &'a mut Cell {
    match (bid_of(played), bid_of(best)) {
        (Some((g, x)), Some((h, y))) if g == h => match x.cmp(&y) {
            std::cmp::Ordering::Greater => &mut habit.overpaid,
            std::cmp::Ordering::Less => &mut habit.underpaid,
            std::cmp::Ordering::Equal => &mut habit.best,
        },
        (Some(_), Some(_)) => &mut habit.wrong_group,
        _ => &mut habit.best,
    }
}

/// A part of a player's play: its name, its round or category, the player's cell and the
/// other's.
type Part = (&'static str, Option<u8>, Option<String>, Cell, Cell);

/// Every part of a player's play.
fn parts(me: &PlayerSummary, other: &PlayerSummary) -> Vec<Part> {
    let mut out = Vec::new();
    for r in 0..ROUNDS {
        out.push((
            "bids-round",
            Some(r as u8 + 1),
            None,
            me.bids_by_round[r],
            other.bids_by_round[r],
        ));
        out.push((
            "puts-round",
            Some(r as u8 + 1),
            None,
            me.puts_by_round[r],
            other.puts_by_round[r],
        ));
    }
    for (part, mine, theirs) in [
        ("overpaid", me.habit.overpaid, other.habit.overpaid),
        ("underpaid", me.habit.underpaid, other.habit.underpaid),
        ("wrong-group", me.habit.wrong_group, other.habit.wrong_group),
    ] {
        out.push((part, None, None, mine, theirs));
    }
    for ((name, mine), (_, theirs)) in me.categories.iter().zip(&other.categories) {
        out.push(("category", None, Some(name.clone()), *mine, *theirs));
    }
    out
}

/// The findings: for each player, the parts of its play that cost it the most win
/// probability a game above the same part of the other player's, at least
/// [`FINDING_MIN_PER_GAME`], at most [`FINDINGS_PER_PLAYER`]; the match's costliest first.
pub fn findings(players: &[PlayerSummary; 2]) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in 0..2 {
        let (me, other) = (&players[p], &players[1 - p]);
        let per_game = |c: &Cell, s: &PlayerSummary| c.cost / s.games.max(1) as f64;
        let mut mine: Vec<Finding> = parts(me, other)
            .into_iter()
            .map(|(part, round, category, m, o)| {
                let excess = per_game(&m, me) - per_game(&o, other);
                let what = match (part, round, &category) {
                    (_, Some(r), _) => Message::new("match-part")
                        .text("part", part)
                        .number("round", r),
                    (_, _, Some(c)) => Message::new("match-part")
                        .text("part", part)
                        .text("category", c.replace('_', " ")),
                    _ => Message::new("match-part").text("part", part),
                };
                let message = Message::new("match-finding")
                    .text("player", me.player.clone())
                    .text("other", other.player.clone())
                    .message("what", what)
                    .text("cost", fixed(m.per_decision(), 4))
                    .text("other_cost", fixed(o.per_decision(), 4))
                    .number("decisions", m.decisions as f64)
                    .text("per_game", fixed(100.0 * excess, 2));
                Finding {
                    player: p,
                    part: part.to_string(),
                    round,
                    category,
                    decisions: m.decisions,
                    per_decision: m.per_decision(),
                    other_decisions: o.decisions,
                    other_per_decision: o.per_decision(),
                    excess_per_game: excess,
                    message,
                }
            })
            .filter(|f| f.excess_per_game >= FINDING_MIN_PER_GAME)
            .collect();
        mine.sort_by(|a, b| b.excess_per_game.total_cmp(&a.excess_per_game));
        mine.truncate(FINDINGS_PER_PLAYER);
        out.extend(mine);
    }
    out.sort_by(|a, b| b.excess_per_game.total_cmp(&a.excess_per_game));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_read_as_their_habit() {
        let mut h = Habit::default();
        habit_cell(&mut h, "BID A 3000", "BID A 2000").add(0.1);
        habit_cell(&mut h, "BID A 1000", "BID A 2000").add(0.2);
        habit_cell(&mut h, "BID B 1000", "BID A 2000").add(0.3);
        habit_cell(&mut h, "BID B 1000", "BID B 1000").add(0.0);
        assert_eq!((h.overpaid.decisions, h.overpaid.cost), (1, 0.1));
        assert_eq!((h.underpaid.decisions, h.underpaid.cost), (1, 0.2));
        assert_eq!((h.wrong_group.decisions, h.wrong_group.cost), (1, 0.3));
        assert_eq!(h.best.decisions, 1);
        assert_eq!(
            put_of("PUT FULL_HOUSE 33366").map(|p| p.0),
            Some(Category::FullHouse)
        );
        assert_eq!(put_of("BID A 12"), None);
    }

    #[test]
    fn a_finding_is_what_costs_one_player_more_than_the_other() {
        let mut a = PlayerSummary {
            player: "a".into(),
            games: 100,
            bids_by_round: vec![Cell::default(); ROUNDS],
            puts_by_round: vec![Cell::default(); ROUNDS],
            ..PlayerSummary::default()
        };
        let mut b = a.clone();
        b.player = "b".into();
        // a's round-3 bids cost 2 win points over 100 games, b's 0.2; round 5 alike.
        a.bids_by_round[2] = Cell {
            decisions: 100,
            cost: 2.0,
        };
        b.bids_by_round[2] = Cell {
            decisions: 100,
            cost: 0.2,
        };
        a.bids_by_round[4] = Cell {
            decisions: 100,
            cost: 0.5,
        };
        b.bids_by_round[4] = Cell {
            decisions: 100,
            cost: 0.5,
        };
        let f = findings(&[a, b]);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            (f[0].player, f[0].part.as_str(), f[0].round),
            (0, "bids-round", Some(3))
        );
        assert!((f[0].excess_per_game - 0.018).abs() < 1e-12);
        let said = f[0].message.to_string();
        assert!(
            said.contains("round 3") && said.contains("0.0200"),
            "{said}"
        );
    }
}
