//! Player specifications as written on the command line:
//! `bot`, `sample:N`, `sample:N:key=value,key=value`, `contest:NAME`, `cmd:<command line>`,
//! `export:DIR`, `reader[:options]`, `oracle:SPEC`, `rollout[@options]:SPEC`.

use std::fmt::Write as _;
use std::str::FromStr;

use yacht::engine::config::{set_option, LEVEL_MAX, SWITCHES};
use yacht::engine::BotConfig;

use yacht::game::Agent;

use super::{BotAgent, ExternalPlayer, InProcess, Player, Reader, RolloutPlayer, RolloutSettings};
use crate::samples::{SampleAi, SampleConfig};

/// Which player to build for each game.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// The bot crate's engine, in-process.
    Bot(BotConfig),
    /// A reader of the bot with this configuration: it runs a copy of that bot on its
    /// opponent's inputs and answers the copy's bid, known in advance (in-process).
    Reader(BotConfig),
    /// A sample AI, in-process.
    Sample(SampleConfig),
    /// A contest-like bot of [`crate::contest::POPULATION`], in-process.
    Contest(&'static str),
    /// An external program, one fresh process per game.
    Command(String),
    /// A contest export built in DIR (`harness export DIR`, then the judge's build): run
    /// as the judge runs it, `./target/release/main NYPC` in DIR beside its `data.bin`.
    Export(std::path::PathBuf),
    /// Our bot told its opponent's next bid in advance: it runs a copy of the in-process
    /// opponent SPEC on the opponent's inputs and plays our bot's search (fixed rollout
    /// counts, no clock) against the copy's bid. The ceiling of opponent modelling.
    Oracle(Box<PlayerSpec>),
    /// Our bot with its bids from round 8 chosen among a few candidates by policy
    /// rollouts (issue 78): futures played to the end by a copy of our bot and a copy of
    /// the in-process SPEC standing in for the opponent, run on the opponent's inputs
    /// (`YACHT_ROLLOUT_FUTURES`, `YACHT_ROLLOUT_FROM`, `YACHT_ROLLOUT_GATE`: 64 futures, round
    /// 8, no gate). SPEC the
    /// opponent's own design: a measurement; `bot`: what any bot could play.
    /// `rollout@OPTIONS:SPEC` rolls out another base (bot options, e.g.
    /// `rollout@bidder=equilibrium,win=0:bot` is the equilibrium design improved by
    /// futures that know our default: the strongest exploiter of it we can build).
    Rollout {
        /// The base policy: ours in the game and in every future (its clock is off).
        base: BotConfig,
        stand_in: Box<PlayerSpec>,
    },
}

/// The judge's command line, relative to an export's folder.
pub const EXPORT_COMMAND: &str = "./target/release/main NYPC";

impl PlayerSpec {
    /// A new player (no process is started before its first game).
    pub fn build(&self) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            PlayerSpec::Bot(config) => Box::new(InProcess::with_prefix(
                BotAgent::new(*config),
                "yacht-bot: ",
            )),
            PlayerSpec::Reader(config) => Box::new(InProcess::with_prefix(
                Reader::new(*config, *config, config.win_from_round),
                "reader: ",
            )),
            PlayerSpec::Sample(config) => Box::new(InProcess::new(SampleAi::new(config.clone()))),
            PlayerSpec::Contest(name) => {
                let member = crate::contest::member(name)
                    .ok_or_else(|| format!("no contest bot {name:?}"))?;
                Box::new(InProcess::new(crate::contest::ContestBot::new(member)))
            }
            PlayerSpec::Command(line) => Box::new(ExternalPlayer::new(line)?),
            PlayerSpec::Export(dir) => Box::new(ExternalPlayer::new(EXPORT_COMMAND)?.in_dir(dir)),
            PlayerSpec::Oracle(opponent) => {
                let search = BotConfig {
                    use_clock: false,
                    ..BotConfig::default()
                };
                let label = self.label();
                Box::new(InProcess::with_prefix(
                    Reader::with_shadow(opponent.agent()?, search, search, &label),
                    "oracle: ",
                ))
            }
            PlayerSpec::Rollout { base, stand_in } => {
                let ours = BotConfig {
                    use_clock: false,
                    ..*base
                };
                Box::new(InProcess::with_prefix(
                    RolloutPlayer::new(
                        ours,
                        stand_in.agent()?,
                        RolloutSettings::from_env(),
                        &self.label(),
                    ),
                    "rollout: ",
                ))
            }
        })
    }

    /// The player as an in-process agent (for a copy run inside another player); external
    /// programs and oracles have none.
    pub fn agent(&self) -> Result<Box<dyn Agent + Send>, String> {
        Ok(match self {
            PlayerSpec::Bot(config) => Box::new(BotAgent::new(*config)),
            PlayerSpec::Reader(config) => {
                Box::new(Reader::new(*config, *config, config.win_from_round))
            }
            PlayerSpec::Sample(config) => Box::new(SampleAi::new(config.clone())),
            PlayerSpec::Contest(name) => {
                let member = crate::contest::member(name)
                    .ok_or_else(|| format!("no contest bot {name:?}"))?;
                Box::new(crate::contest::ContestBot::new(member))
            }
            PlayerSpec::Command(_)
            | PlayerSpec::Export(_)
            | PlayerSpec::Oracle(_)
            | PlayerSpec::Rollout { .. } => {
                return Err(format!(
                    "{} is not an in-process player: an oracle or a rollout player copies bot, reader, sample:N or contest:NAME",
                    self.label()
                ));
            }
        })
    }

    /// Short name for reports.
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Bot(config) => bot_label("bot", config),
            PlayerSpec::Reader(config) => bot_label("reader", config),
            PlayerSpec::Sample(config) => config.label(),
            PlayerSpec::Contest(name) => format!("contest:{name}"),
            PlayerSpec::Command(line) => format!("cmd:{line}"),
            PlayerSpec::Export(dir) => format!("export:{}", dir.display()),
            PlayerSpec::Oracle(opponent) => format!("oracle:{}", opponent.label()),
            PlayerSpec::Rollout { base, stand_in } => {
                match bot_label("bot", base).strip_prefix("bot:") {
                    Some(options) => format!("rollout@{options}:{}", stand_in.label()),
                    None => format!("rollout:{}", stand_in.label()),
                }
            }
        }
    }

    pub fn is_external(&self) -> bool {
        matches!(self, PlayerSpec::Command(_) | PlayerSpec::Export(_))
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let text = text.trim();
        for (name, make) in [
            ("bot", PlayerSpec::Bot as fn(BotConfig) -> PlayerSpec),
            ("reader", PlayerSpec::Reader),
        ] {
            if text == name {
                return Ok(make(BotConfig::default()));
            }
            if let Some(options) = text.strip_prefix(name).and_then(|r| r.strip_prefix(':')) {
                return parse_bot_options(options).map(make);
            }
        }
        if let Some(opponent) = text.strip_prefix("oracle:") {
            let opponent: PlayerSpec = opponent.parse()?;
            opponent.agent()?;
            return Ok(PlayerSpec::Oracle(Box::new(opponent)));
        }
        if let Some(rest) = text.strip_prefix("rollout") {
            let (base, stand_in) = match rest.strip_prefix('@') {
                Some(rest) => {
                    let (options, stand_in) = rest.split_once(':').ok_or_else(|| {
                        "rollout@OPTIONS:SPEC needs the stand-in SPEC".to_string()
                    })?;
                    (parse_bot_options(options)?, stand_in)
                }
                None => (
                    BotConfig::default(),
                    rest.strip_prefix(':').ok_or_else(|| {
                        "rollout:SPEC or rollout@OPTIONS:SPEC names the stand-in".to_string()
                    })?,
                ),
            };
            let stand_in: PlayerSpec = stand_in.parse()?;
            stand_in.agent()?.fork().ok_or_else(|| {
                format!("rollout:{}: that player cannot be copied", stand_in.label())
            })?;
            return Ok(PlayerSpec::Rollout {
                base,
                stand_in: Box::new(stand_in),
            });
        }
        if let Some(line) = text.strip_prefix("cmd:") {
            if line.trim().is_empty() {
                return Err("cmd: needs a command line".to_string());
            }
            return Ok(PlayerSpec::Command(line.trim().to_string()));
        }
        if let Some(dir) = text.strip_prefix("export:") {
            if dir.trim().is_empty() {
                return Err("export: needs the export's folder".to_string());
            }
            return Ok(PlayerSpec::Export(dir.trim().into()));
        }
        if let Some(name) = text.strip_prefix("contest:") {
            return crate::contest::member(name.trim())
                .map(|m| PlayerSpec::Contest(m.name))
                .ok_or_else(|| {
                    let names: Vec<&str> =
                        crate::contest::POPULATION.iter().map(|m| m.name).collect();
                    format!(
                        "no contest bot {name:?}; the population: {}",
                        names.join(", ")
                    )
                });
        }
        if let Some(rest) = text.strip_prefix("sample:") {
            let (number, options) = rest.split_once(':').unwrap_or((rest, ""));
            let number: u8 = number
                .parse()
                .map_err(|_| format!("sample number {number:?} is not 1..=10"))?;
            let options: Vec<&str> = options.split(',').filter(|o| !o.is_empty()).collect();
            return SampleConfig::with_options(number, &options).map(PlayerSpec::Sample);
        }
        Err(format!(
            "unknown player {text:?}: use bot, reader, sample:N[:key=value,...], contest:NAME, oracle:SPEC, rollout[@OPTIONS]:SPEC, cmd:<command line> or export:DIR"
        ))
    }
}

/// `KEY=VALUE,...`: each key is one of the bot's switches (`yacht::engine::config::SWITCHES`,
/// the same table `yacht-bot --FLAG VALUE` reads) or a tunable (`yacht::engine::tunables`).
fn parse_bot_options(options: &str) -> Result<BotConfig, String> {
    let mut config = BotConfig::default();
    for option in options.split(',').filter(|o| !o.is_empty()) {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| format!("bot option {option:?} is not key=value"))?;
        set_option(&mut config, key, value)?;
    }
    // A weights file is read now: a damaged one is refused before any game.
    if let Some(path) = config.net_file {
        yacht::engine::learned::net::from_file(path).map_err(|e| format!("bot option net: {e}"))?;
    }
    Ok(config)
}

/// `bot` for the default configuration, else `bot:bidder=...,win=...` and every other
/// switch that differs from the default, in the switches' order.
fn bot_label(name: &str, config: &BotConfig) -> String {
    if *config == BotConfig::default() {
        return name.to_string();
    }
    // A skill level names itself: it sets the bidder, the win rounds, the scoring and the
    // noise.
    let (mut label, shown): (String, &[&str]) = if config.level < LEVEL_MAX {
        (
            format!("{name}:level={}", config.level),
            &["level", "bidder", "win", "scoring", "noise"],
        )
    } else {
        (
            format!(
                "{name}:bidder={},win={}",
                config.bidder.name(),
                config.win_from_round
            ),
            &["bidder", "win"],
        )
    };
    for switch in SWITCHES {
        if !shown.contains(&switch.key) && switch.is_changed(config) {
            let _ = write!(label, ",{}={}", switch.key, (switch.get)(config));
        }
    }
    for (tunable, value) in config.tuned.changed() {
        let _ = write!(label, ",{}={value}", tunable.key);
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht::engine::Bidder;

    #[test]
    fn a_level_is_its_label() {
        let spec: PlayerSpec = "bot:level=2,clock=0".parse().unwrap();
        assert_eq!(spec.label(), "bot:level=2,clock=0");
        let spec: PlayerSpec = "bot:level=8,clock=0".parse().unwrap();
        assert_eq!(spec.label(), "bot:bidder=model,win=2,clock=0");
    }

    #[test]
    fn search_options_parse_and_label() {
        let spec: PlayerSpec = "bot:win=5,rollouts=1600,regret=0,clock=0".parse().unwrap();
        let PlayerSpec::Bot(config) = spec.clone() else {
            panic!("{spec:?}");
        };
        assert_eq!((config.win_from_round, config.rollouts), (5, 1600));
        assert!(!config.use_clock && !config.regret_limit);
        assert_eq!(
            spec.label(),
            "bot:bidder=model,win=5,rollouts=1600,regret=0,clock=0"
        );
        assert_eq!(spec.label().parse::<PlayerSpec>(), Ok(spec));
        assert!("bot:rollouts=0".parse::<PlayerSpec>().is_err());
        assert!("bot:clock=2".parse::<PlayerSpec>().is_err());
        assert!("bot:regret=yes".parse::<PlayerSpec>().is_err());
        // A tunable is a key too, labelled after the switches, and read back the same.
        let tuned: PlayerSpec = "bot:clock=0,aslip=0.12,proberollouts=32".parse().unwrap();
        assert_eq!(
            tuned.label(),
            "bot:bidder=model,win=2,clock=0,aslip=0.12,proberollouts=32"
        );
        assert_eq!(tuned.label().parse::<PlayerSpec>(), Ok(tuned));
        for bad in ["bot:aslip=0.9", "bot:proberollouts=20.5", "bot:aslip=x"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
        // Removed switches are refused, not ignored.
        for removed in [
            "bot:scale=0",
            "bot:probe=2",
            "bot:netblend=0.3",
            "bot:gift=off",
        ] {
            assert!(removed.parse::<PlayerSpec>().is_err(), "{removed}");
        }
        assert!("bot:cv=2".parse::<PlayerSpec>().is_err());
        let PlayerSpec::Bot(cv) = "bot:cv=1".parse::<PlayerSpec>().unwrap() else {
            panic!("cv=1 is a bot");
        };
        assert!(cv.control_variate);
        let PlayerSpec::Bot(no_cv) = "bot:cv=0".parse::<PlayerSpec>().unwrap() else {
            panic!("cv=0 is a bot");
        };
        assert!(!no_cv.control_variate);
        let seeded: PlayerSpec = "bot:seed=7,safety=0".parse().unwrap();
        assert_eq!(seeded.label(), "bot:bidder=model,win=2,safety=0,seed=7");
        assert_eq!(seeded.label().parse::<PlayerSpec>(), Ok(seeded));
        // Every bidder's label reads back as the same player.
        for bidder in [Bidder::Equilibrium, Bidder::Model, Bidder::Maximin] {
            let spec = PlayerSpec::Bot(BotConfig {
                bidder,
                win_from_round: 10,
                ..BotConfig::default()
            });
            assert_eq!(spec.label().parse::<PlayerSpec>(), Ok(spec));
        }
        assert!("bot:bidder=psychic".parse::<PlayerSpec>().is_err());
        let spec: PlayerSpec = "bot:maximin=0".parse().unwrap();
        assert!(matches!(spec, PlayerSpec::Bot(c) if !c.maximin_model));
        assert_eq!(spec.label().parse::<PlayerSpec>(), Ok(spec));
        assert!("bot:maximin=2".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn specs_parse() {
        assert_eq!("bot".parse::<PlayerSpec>().unwrap().label(), "bot");
        assert_eq!(
            "bot:bidder=model,win=7".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Bot(BotConfig {
                bidder: Bidder::Model,
                win_from_round: 7,
                ..BotConfig::default()
            })
        );
        assert!(matches!(
            "reader:win=7".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Reader(_)
        ));
        let oracle: PlayerSpec = "oracle:bot:bidder=equilibrium,win=0".parse().unwrap();
        assert_eq!(oracle.label(), "oracle:bot:bidder=equilibrium,win=0");
        assert_eq!(oracle.label().parse::<PlayerSpec>(), Ok(oracle));
        assert!("oracle:contest:adapt-ema".parse::<PlayerSpec>().is_ok());
        // A rollout player's base is the default unless options name another.
        let rollout: PlayerSpec = "rollout:bot:bidder=equilibrium,win=0".parse().unwrap();
        assert_eq!(rollout.label(), "rollout:bot:bidder=equilibrium,win=0");
        assert!(
            matches!(&rollout, PlayerSpec::Rollout { base, .. } if *base == BotConfig::default())
        );
        let exploiter: PlayerSpec = "rollout@bidder=equilibrium,win=0:bot:clock=0"
            .parse()
            .unwrap();
        assert!(matches!(&exploiter, PlayerSpec::Rollout { base, stand_in }
            if base.bidder == Bidder::Equilibrium && base.win_from_round == 0
                && **stand_in == "bot:clock=0".parse::<PlayerSpec>().unwrap()));
        assert_eq!(
            exploiter.label(),
            "rollout@bidder=equilibrium,win=0:bot:bidder=model,win=2,clock=0"
        );
        assert_eq!(exploiter.label().parse::<PlayerSpec>(), Ok(exploiter));
        assert_eq!(
            "sample:7:scale=2,base=100"
                .parse::<PlayerSpec>()
                .unwrap()
                .label(),
            "sample:7:scale=2,base=100"
        );
        assert_eq!(
            "cmd:./yacht-bot --x".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Command("./yacht-bot --x".to_string())
        );
        assert_eq!(
            "export:/tmp/sub".parse::<PlayerSpec>().unwrap().label(),
            "export:/tmp/sub"
        );
        for bad in [
            "",
            "sample:0",
            "sample:x",
            "cmd:",
            "export:",
            "robot",
            "sample:3:scale=1",
            "bot:bidder=psychic",
            "bot:win",
            "oracle:cmd:./yacht-bot",
            "oracle:oracle:bot",
            "rollout",
            "rollout:",
            "rollout@win=0",
            "rollout@psychic=1:bot",
            "rollout:cmd:./yacht-bot",
            "rolloutbot",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }
}
