//! A league: every pair of players on the same seat-swapped deals, as the finals' round
//! robin is played, reported as a crosstable of scores with 95% intervals, a points table
//! (wins, as the finals count them) and ratings fitted to every game at once
//! ([`crate::stats::bradley_terry`]).

use std::fmt::Write as _;

use super::matches::{run_match, MatchConfig, MatchOutcome, RunSettings};
use super::report::score_percent_and_elo;
use crate::player::PlayerSpec;
use crate::stats::bradley_terry::{fit, Crosstable, Fit};

/// Virtual drawn games added to every pair for the ratings: a weak prior (as BayesElo's)
/// that keeps a player who won or lost every game at a finite rating.
pub const VIRTUAL_DRAWS_PER_PAIR: f64 = 1.0;

/// A league of `players`.
#[derive(Clone, Debug)]
pub struct LeagueConfig {
    pub players: Vec<PlayerSpec>,
    pub run: RunSettings,
}

/// The played league: the players' labels and each pair's match, the first of the pair
/// as X.
#[derive(Clone, Debug)]
pub struct League {
    pub labels: Vec<String>,
    /// `(i, j, outcome)` with `i < j`, X = player `i`.
    pub matches: Vec<(usize, usize, MatchOutcome)>,
}

/// The pairs of a league of `n` players, in play order.
pub fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// Plays every pair (each match uses every core).
pub fn run_league(config: &LeagueConfig) -> Result<League, String> {
    if config.players.len() < 2 {
        return Err("a league needs at least two players".to_string());
    }
    let matches = pairs(config.players.len())
        .into_iter()
        .map(|(i, j)| {
            run_match(&MatchConfig {
                x: config.players[i].clone(),
                y: config.players[j].clone(),
                logs: None,
                run: config.run.clone(),
            })
            .map(|outcome| (i, j, outcome))
        })
        .collect::<Result<_, _>>()?;
    Ok(League {
        labels: config.players.iter().map(PlayerSpec::label).collect(),
        matches,
    })
}

/// One player's standing.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: usize,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Standing {
    /// Points as the finals count them: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
}

impl League {
    /// Row `i`'s score against column `j` with its 95% interval, in percent.
    pub fn cell(&self, i: usize, j: usize) -> Option<[f64; 3]> {
        self.matches.iter().find_map(|(a, b, o)| {
            let ([rate, low, high], _) = score_percent_and_elo(&o.stats);
            if (*a, *b) == (i, j) {
                Some([rate, low, high])
            } else if (*a, *b) == (j, i) {
                Some([100.0 - rate, 100.0 - high, 100.0 - low])
            } else {
                None
            }
        })
    }

    /// Every player's games, by points (then by name).
    pub fn standings(&self) -> Vec<Standing> {
        let mut out: Vec<Standing> = (0..self.labels.len())
            .map(|player| Standing {
                player,
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
            })
            .collect();
        for (i, j, o) in &self.matches {
            let s = &o.stats;
            for (p, w, l) in [(*i, s.wins, s.losses), (*j, s.losses, s.wins)] {
                out[p].games += s.games;
                out[p].wins += w;
                out[p].losses += l;
                out[p].draws += s.draws;
            }
        }
        out.sort_by(|a, b| {
            b.points()
                .total_cmp(&a.points())
                .then_with(|| self.labels[a.player].cmp(&self.labels[b.player]))
        });
        out
    }

    /// Every game in one table, for the ratings.
    pub fn crosstable(&self) -> Crosstable {
        let mut table = Crosstable::new(self.labels.len());
        for (i, j, o) in &self.matches {
            let s = &o.stats;
            table.add(*i, *j, s.wins as f64 + 0.5 * s.draws as f64, s.games as f64);
        }
        table
    }

    /// The ratings: Bradley–Terry over every game, with the prior.
    pub fn ratings(&self) -> Option<Fit> {
        fit(&self.crosstable(), VIRTUAL_DRAWS_PER_PAIR)
    }
}

/// The league's report: crosstable, points table, ratings.
pub fn league_report(league: &League) -> String {
    let mut out = String::new();
    let n = league.labels.len();
    // Labels are shown as `#N label`.
    let width = league
        .labels
        .iter()
        .map(|l| l.len() + 4)
        .max()
        .unwrap_or(8)
        .max(8);
    let games = league.matches.first().map_or(0, |(_, _, o)| o.stats.games);
    let _ = writeln!(
        out,
        "league of {n} players, {games} games per pair ({} deal pairs, seats swapped)",
        games / 2
    );
    let _ = writeln!(out, "\ncrosstable: row's score against column, % [95%]");
    let _ = write!(out, "{:<width$}", "");
    for j in 0..n {
        let _ = write!(out, " {:>22}", format!("#{}", j + 1));
    }
    let _ = writeln!(out);
    for i in 0..n {
        let _ = write!(
            out,
            "{:<width$}",
            format!("#{} {}", i + 1, league.labels[i])
        );
        for j in 0..n {
            let text = match league.cell(i, j) {
                Some([rate, low, high]) => format!("{rate:6.2} [{low:6.2},{high:6.2}]"),
                None => "-".to_string(),
            };
            let _ = write!(out, " {text:>22}");
        }
        let _ = writeln!(out);
    }
    let ratings = league.ratings();
    let _ = writeln!(
        out,
        "\npoints (a win 1, a draw 1/2) and Bradley-Terry ratings over every game (Elo around the mean, 95%; {VIRTUAL_DRAWS_PER_PAIR} virtual draw per pair):"
    );
    let _ = writeln!(
        out,
        "{:>4} {:<width$} {:>7} {:>6} {:>5} {:>6} {:>8} {:>7} {:>18}",
        "rank", "player", "games", "wins", "draws", "losses", "points", "score", "Elo"
    );
    for (rank, s) in league.standings().iter().enumerate() {
        let elo = ratings.as_ref().map_or("-".to_string(), |f| {
            let (elo, error) = f.elo(s.player);
            format!("{elo:+8.1} +- {error:5.1}")
        });
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>7} {:>6} {:>5} {:>6} {:>8.1} {:>6.2}% {:>18}",
            rank + 1,
            format!("#{} {}", s.player + 1, league.labels[s.player]),
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.points(),
            100.0 * s.points() / s.games.max(1) as f64,
            elo
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{MatchStats, Pentanomial};
    use std::time::Duration;

    fn outcome(wins: u64, draws: u64, losses: u64) -> MatchOutcome {
        MatchOutcome {
            x_label: String::new(),
            y_label: String::new(),
            stats: MatchStats {
                games: wins + draws + losses,
                wins,
                draws,
                losses,
                pentanomial: Pentanomial::new(losses / 2, 0, draws / 2, 0, wins / 2),
                ..MatchStats::default()
            },
            pair_halves: Vec::new(),
            elapsed: Duration::ZERO,
            threads: 1,
        }
    }

    #[test]
    fn standings_and_cells_read_every_match_from_both_sides() {
        let league = League {
            labels: vec!["a".into(), "b".into(), "c".into()],
            matches: vec![
                (0, 1, outcome(6, 0, 4)),
                (0, 2, outcome(8, 2, 0)),
                (1, 2, outcome(4, 0, 6)),
            ],
        };
        let standings = league.standings();
        assert_eq!(standings[0].player, 0);
        assert_eq!(standings[0].points(), 15.0);
        // c: 2 losses... 0 wins against a (2 draws), 6 wins against b.
        let c = standings.iter().find(|s| s.player == 2).unwrap();
        assert_eq!((c.wins, c.draws, c.losses), (6, 2, 12));
        let [rate, low, high] = league.cell(1, 0).unwrap();
        assert!((rate - 40.0).abs() < 1e-9 && low < rate && rate < high);
        assert_eq!(league.cell(0, 0), None);
        let report = league_report(&league);
        assert!(
            report.contains("#1 a") && report.contains("Elo"),
            "{report}"
        );
        assert_eq!(pairs(4).len(), 6);
    }
}
