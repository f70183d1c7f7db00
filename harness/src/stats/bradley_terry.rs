//! Ratings from a crosstable: the Bradley–Terry model fitted by maximum likelihood, as
//! Ordo and BayesElo fit Elo from all the games of a round robin at once.
//!
//! Player `i` beats player `j` with probability `π_ij = e^{β_i} / (e^{β_i} + e^{β_j})`; a
//! draw counts half a win to each. The fit is Hunter's minorisation–maximisation iteration
//! ("MM algorithms for generalized Bradley–Terry models", 2004), which converges whenever
//! the games connect every player. Errors come from the observed information matrix
//! `I_ii = Σ_j n_ij π_ij π_ji`, `I_ij = −n_ij π_ij π_ji`, inverted with the first player
//! as the reference and then re-expressed around the mean. A weak prior of virtual draws
//! per pair keeps a player that won or lost every game at a finite rating.

use super::linear::invert;
use super::Z_95;

/// Elo per unit of `β` (natural log of the odds): 400 / ln 10.
pub const ELO_PER_LOGIT: f64 = 400.0 / std::f64::consts::LN_10;

/// Games between every pair of players: `wins[i][j]` is what `i` scored against `j`
/// (wins plus half the draws), `games[i][j]` how many games they played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Crosstable {
    pub wins: Vec<Vec<f64>>,
    pub games: Vec<Vec<f64>>,
}

impl Crosstable {
    /// An empty table of `n` players.
    pub fn new(n: usize) -> Crosstable {
        Crosstable {
            wins: vec![vec![0.0; n]; n],
            games: vec![vec![0.0; n]; n],
        }
    }

    /// Books `games` games of `i` against `j` in which `i` scored `score` (wins + draws/2).
    pub fn add(&mut self, i: usize, j: usize, score: f64, games: f64) {
        self.wins[i][j] += score;
        self.wins[j][i] += games - score;
        self.games[i][j] += games;
        self.games[j][i] += games;
    }

    pub fn players(&self) -> usize {
        self.wins.len()
    }
}

/// Fitted strengths: `beta` (log-odds scale) with their standard errors, both relative to
/// the mean of all players (`reference_beta` and `reference_se`: relative to player 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub beta: Vec<f64>,
    pub se: Vec<f64>,
    pub reference_beta: Vec<f64>,
    pub reference_se: Vec<f64>,
    pub iterations: usize,
}

impl Fit {
    /// Elo relative to the mean, and its 95% error.
    pub fn elo(&self, i: usize) -> (f64, f64) {
        (
            ELO_PER_LOGIT * self.beta[i],
            ELO_PER_LOGIT * Z_95 * self.se[i],
        )
    }
}

/// Fits the model to `table` with `virtual_draws` drawn games added to every pair that
/// played (0: the plain maximum likelihood). `None` without players.
pub fn fit(table: &Crosstable, virtual_draws: f64) -> Option<Fit> {
    let n = table.players();
    if n == 0 {
        return None;
    }
    let mut wins = table.wins.clone();
    let mut games = table.games.clone();
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                wins[i][j] += virtual_draws / 2.0;
                games[i][j] += virtual_draws;
            }
        }
    }
    let mut p = vec![1.0f64; n];
    let mut iterations = 0;
    for _ in 0..100_000 {
        iterations += 1;
        let mut next = vec![0.0; n];
        for i in 0..n {
            let scored: f64 = wins[i].iter().sum();
            let denominator: f64 = (0..n)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (p[i] + p[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                (scored / denominator).max(1e-300)
            } else {
                p[i]
            };
        }
        // Keep the scale fixed: the geometric mean is 1.
        let log_mean = next.iter().map(|v| v.ln()).sum::<f64>() / n as f64;
        let next: Vec<f64> = next.iter().map(|v| (v.ln() - log_mean).exp()).collect();
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    let beta_mean: Vec<f64> = p.iter().map(|v| v.ln()).collect();
    // Information matrix with player 0 as the reference (its row and column removed).
    let m = n - 1;
    let mut info = vec![vec![0.0; m]; m];
    for i in 1..n {
        for j in 0..n {
            if i == j || games[i][j] <= 0.0 {
                continue;
            }
            let pij = p[i] / (p[i] + p[j]);
            let w = games[i][j] * pij * (1.0 - pij);
            info[i - 1][i - 1] += w;
            if j > 0 {
                info[i - 1][j - 1] -= w;
            }
        }
    }
    let covariance = invert(info)?;
    // β relative to player 0, and relative to the mean: β_c = β_ref − mean(β_ref).
    let reference_beta: Vec<f64> = beta_mean.iter().map(|b| b - beta_mean[0]).collect();
    let cov_ref = |i: usize, j: usize| {
        if i == 0 || j == 0 {
            0.0
        } else {
            covariance[i - 1][j - 1]
        }
    };
    let reference_se: Vec<f64> = (0..n).map(|i| cov_ref(i, i).max(0.0).sqrt()).collect();
    let nf = n as f64;
    let row_mean: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| cov_ref(i, j)).sum::<f64>() / nf)
        .collect();
    let all_mean = row_mean.iter().sum::<f64>() / nf;
    let se = (0..n)
        .map(|i| {
            (cov_ref(i, i) - 2.0 * row_mean[i] + all_mean)
                .max(0.0)
                .sqrt()
        })
        .collect();
    Some(Fit {
        beta: beta_mean,
        se,
        reference_beta,
        reference_se,
        iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden values: the 1987 season of the seven teams of the American League East
    /// (13 games between each pair), Agresti, "Categorical Data Analysis", 2nd ed. (2002),
    /// Section 10.6, Table 10.11: Bradley–Terry estimates relative to Baltimore of 1.58
    /// (Milwaukee), 1.44 (Detroit), 1.29 (Toronto), 1.25 (New York), 1.11 (Boston), 0.68
    /// (Cleveland), standard errors about 0.3 (the same figures the R package
    /// BradleyTerry2 checks in its tests).
    #[test]
    fn agresti_baseball_1987() {
        // Wins of the row team against the column team.
        let wins = [
            [0, 7, 9, 7, 7, 9, 11],
            [6, 0, 7, 5, 11, 9, 9],
            [4, 6, 0, 7, 7, 8, 12],
            [6, 8, 6, 0, 6, 7, 10],
            [6, 2, 6, 7, 0, 7, 12],
            [4, 4, 5, 6, 6, 0, 6],
            [2, 4, 1, 3, 1, 7, 0],
        ];
        // Baltimore first, so it is the reference.
        let order = [6, 0, 1, 2, 3, 4, 5];
        let mut table = Crosstable::new(7);
        for (a, &i) in order.iter().enumerate() {
            for (b, &j) in order.iter().enumerate() {
                if a < b {
                    table.add(
                        a,
                        b,
                        f64::from(wins[i][j]),
                        f64::from(wins[i][j] + wins[j][i]),
                    );
                }
            }
        }
        let fit = fit(&table, 0.0).unwrap();
        let expected = [0.0, 1.58, 1.44, 1.29, 1.25, 1.11, 0.68];
        for (a, want) in expected.iter().enumerate() {
            let got = (fit.reference_beta[a] * 100.0).round() / 100.0;
            assert_eq!(got, *want, "team {a}: {}", fit.reference_beta[a]);
            if a > 0 {
                assert_eq!((fit.reference_se[a] * 10.0).round() / 10.0, 0.3, "{a}");
            }
        }
        // Around the mean the strengths sum to zero and keep their differences.
        assert!(fit.beta.iter().sum::<f64>().abs() < 1e-9);
        assert!((fit.beta[1] - fit.beta[0] - fit.reference_beta[1]).abs() < 1e-9);
    }

    #[test]
    fn a_player_that_won_everything_stays_finite_with_the_prior() {
        let mut table = Crosstable::new(3);
        table.add(0, 1, 10.0, 10.0);
        table.add(0, 2, 10.0, 10.0);
        table.add(1, 2, 5.0, 10.0);
        let fit = fit(&table, 1.0).unwrap();
        assert!(fit.beta.iter().all(|b| b.is_finite()));
        assert!(fit.beta[0] > fit.beta[1] && (fit.beta[1] - fit.beta[2]).abs() < 1e-6);
        let (elo, error) = fit.elo(0);
        assert!(elo > 200.0 && error > 0.0, "{elo} {error}");
    }
}
