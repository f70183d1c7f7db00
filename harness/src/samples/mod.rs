//! The ten sample AIs of the statement, each a (bid policy, score policy) pair whose
//! constants can be changed, so a family of variants can be played.
//!
//! The statement leaves "defensive", "aggressive", "hard to get" and "first" undefined;
//! the readings chosen here are documented on each policy (and in docs/harness/players.md).
//! Options are `key=value` words, the same on the command line (`harness sample-ai 7
//! scale=2 base=10000`) and in a player spec (`sample:7:scale=2,base=10000`):
//!
//! | key | meaning |
//! |---|---|
//! | `bid` | `example`, `sum`, `random`, `defensive`, `aggressive` (with that policy's defaults) |
//! | `score` | `example`, `greedy`, `hard`, `basic`, `combo` |
//! | `scale`, `base`, `max` | gap bidding: amount = min(max, round(scale × gap) + base) |
//! | `better` | how gap bidding judges the better bundle: `score` or `sum` |
//! | `amount` | random bidding's fixed amount; sum bidding's points per pip of difference |
//! | `min` | group/hard-first scoring: least score (kilo-points) worth taking out of order |
//! | `seed` | salt of the per-game random generator |

pub mod agent;
pub mod bidding;
pub mod scoring;
pub mod stdio;

pub use agent::SampleAi;
pub use bidding::{BidPolicy, Judge};
pub use scoring::{CategoryGroup, ScorePolicy};

/// Number of sample AIs in the statement.
pub const SAMPLE_COUNT: u8 = 10;

/// A sample AI's complete configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleConfig {
    /// The statement's number (1..=10) this configuration started from.
    pub number: u8,
    pub bid: BidPolicy,
    pub score: ScorePolicy,
    /// Mixed into every game seed, so variants draw different random groups.
    pub seed_salt: u64,
    /// The options applied on top of the defaults, as written (for labels).
    pub options: Vec<String>,
}

impl SampleConfig {
    /// The defaults of sample `number` (1..=10), as the statement's table describes it.
    pub fn standard(number: u8) -> Result<SampleConfig, String> {
        let (bid, score) = match number {
            1 => (BidPolicy::Example, ScorePolicy::Example),
            2 => (BidPolicy::sum_default(), ScorePolicy::Greedy),
            3 => (BidPolicy::random_default(), ScorePolicy::Greedy),
            4 => (BidPolicy::random_default(), ScorePolicy::hard_default()),
            5 => (
                BidPolicy::random_default(),
                ScorePolicy::group_default(CategoryGroup::Basic),
            ),
            6 => (
                BidPolicy::defensive(),
                ScorePolicy::group_default(CategoryGroup::Basic),
            ),
            7 => (
                BidPolicy::aggressive(),
                ScorePolicy::group_default(CategoryGroup::Basic),
            ),
            8 => (
                BidPolicy::random_default(),
                ScorePolicy::group_default(CategoryGroup::Combination),
            ),
            9 => (
                BidPolicy::defensive(),
                ScorePolicy::group_default(CategoryGroup::Combination),
            ),
            10 => (
                BidPolicy::aggressive(),
                ScorePolicy::group_default(CategoryGroup::Combination),
            ),
            _ => return Err(format!("sample AIs are numbered 1..={SAMPLE_COUNT}")),
        };
        Ok(SampleConfig {
            number,
            bid,
            score,
            seed_salt: number as u64,
            options: Vec::new(),
        })
    }

    /// Sample `number` with `key=value` options applied in order.
    pub fn with_options<S: AsRef<str>>(number: u8, options: &[S]) -> Result<SampleConfig, String> {
        let mut config = SampleConfig::standard(number)?;
        for option in options {
            config.apply(option.as_ref())?;
        }
        Ok(config)
    }

    /// Applies one `key=value` option.
    pub fn apply(&mut self, option: &str) -> Result<(), String> {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| format!("sample option {option:?} is not key=value"))?;
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("option {key}: {v:?} is not a whole number"))
        };
        let amount = |v: &str| {
            v.parse::<u32>()
                .ok()
                .filter(|&x| x <= yacht::protocol::BID_MAX_POINTS)
                .ok_or_else(|| format!("option {key}: {v:?} is not an amount 0..=100000"))
        };
        match key {
            "bid" => {
                self.bid = match value {
                    "example" => BidPolicy::Example,
                    "sum" => BidPolicy::sum_default(),
                    "random" => BidPolicy::random_default(),
                    "defensive" => BidPolicy::defensive(),
                    "aggressive" => BidPolicy::aggressive(),
                    _ => return Err(format!("unknown bid policy {value:?}")),
                }
            }
            "score" => {
                self.score = match value {
                    "example" => ScorePolicy::Example,
                    "greedy" => ScorePolicy::Greedy,
                    "hard" => ScorePolicy::hard_default(),
                    "basic" => ScorePolicy::group_default(CategoryGroup::Basic),
                    "combo" => ScorePolicy::group_default(CategoryGroup::Combination),
                    _ => return Err(format!("unknown score policy {value:?}")),
                }
            }
            "scale" | "base" | "max" | "better" => {
                let BidPolicy::Gap {
                    judge,
                    scale,
                    base_points,
                    max_points,
                } = &mut self.bid
                else {
                    return Err(format!("option {key} needs a gap bid policy (6, 7, 9, 10)"));
                };
                match key {
                    "scale" => {
                        *scale = value
                            .parse::<f64>()
                            .ok()
                            .filter(|s| s.is_finite() && *s >= 0.0)
                            .ok_or_else(|| format!("option scale: {value:?} is not ≥ 0"))?
                    }
                    "base" => *base_points = amount(value)?,
                    "max" => *max_points = amount(value)?,
                    _ => {
                        *judge = match value {
                            "score" => Judge::Score,
                            "sum" => Judge::Sum,
                            _ => return Err(format!("better must be score or sum, not {value:?}")),
                        }
                    }
                }
            }
            "amount" => match &mut self.bid {
                BidPolicy::Random { amount_points } => *amount_points = amount(value)?,
                BidPolicy::SumDifference { points_per_pip } => *points_per_pip = amount(value)?,
                _ => return Err("option amount needs a random or sum bid policy".to_string()),
            },
            "min" => match &mut self.score {
                ScorePolicy::HardFirst { min_k } | ScorePolicy::GroupFirst { min_k, .. } => {
                    *min_k = number(value)?.min(u32::MAX as u64) as u32
                }
                _ => return Err("option min needs a hard or group score policy".to_string()),
            },
            "seed" => self.seed_salt = number(value)?,
            _ => return Err(format!("unknown sample option {key:?}")),
        }
        self.options.push(option.to_string());
        Ok(())
    }

    /// `sample:N` or `sample:N:opt,opt`.
    pub fn label(&self) -> String {
        if self.options.is_empty() {
            format!("sample:{}", self.number)
        } else {
            format!("sample:{}:{}", self.number, self.options.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_has_defaults() {
        for n in 1..=SAMPLE_COUNT {
            assert_eq!(
                SampleConfig::standard(n).unwrap().label(),
                format!("sample:{n}")
            );
        }
        assert!(SampleConfig::standard(0).is_err());
        assert!(SampleConfig::standard(11).is_err());
    }

    #[test]
    fn options_change_the_constants() {
        let c = SampleConfig::with_options(7, &["scale=2.5", "base=1000", "better=sum"]).unwrap();
        assert_eq!(
            c.bid,
            BidPolicy::Gap {
                judge: Judge::Sum,
                scale: 2.5,
                base_points: 1000,
                max_points: 100_000
            }
        );
        assert_eq!(c.label(), "sample:7:scale=2.5,base=1000,better=sum");
        assert!(SampleConfig::with_options(3, &["scale=2"]).is_err());
        assert!(SampleConfig::with_options(3, &["amount=100001"]).is_err());
        assert!(SampleConfig::with_options(3, &["bogus=1"]).is_err());
        let c = SampleConfig::with_options(3, &["bid=aggressive", "scale=3"]).unwrap();
        assert!(matches!(c.bid, BidPolicy::Gap { scale, .. } if scale == 3.0));
    }
}
