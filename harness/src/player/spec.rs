//! Player specifications as written on the command line:
//! `bot`, `sample:N`, `sample:N:key=value,key=value`, `cmd:<command line>`.

use std::str::FromStr;

use yacht::engine::BotConfig;

use super::{BotAgent, ExternalPlayer, InProcess, Player};
use crate::samples::{SampleAi, SampleConfig};

/// Which player to build for each game.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// The bot crate's engine, in-process.
    Bot(BotConfig),
    /// A sample AI, in-process.
    Sample(SampleConfig),
    /// An external program, one fresh process per game.
    Command(String),
}

impl PlayerSpec {
    /// A new player (no process is started before its first game).
    pub fn build(&self) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            PlayerSpec::Bot(config) => Box::new(InProcess::new(BotAgent::new(*config))),
            PlayerSpec::Sample(config) => Box::new(InProcess::new(SampleAi::new(config.clone()))),
            PlayerSpec::Command(line) => Box::new(ExternalPlayer::new(line)?),
        })
    }

    /// Short name for reports.
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Bot(_) => "bot".to_string(),
            PlayerSpec::Sample(config) => config.label(),
            PlayerSpec::Command(line) => format!("cmd:{line}"),
        }
    }

    pub fn is_external(&self) -> bool {
        matches!(self, PlayerSpec::Command(_))
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let text = text.trim();
        if text == "bot" {
            return Ok(PlayerSpec::Bot(BotConfig::default()));
        }
        if let Some(line) = text.strip_prefix("cmd:") {
            if line.trim().is_empty() {
                return Err("cmd: needs a command line".to_string());
            }
            return Ok(PlayerSpec::Command(line.trim().to_string()));
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
            "unknown player {text:?}: use bot, sample:N[:key=value,...] or cmd:<command line>"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!("bot".parse::<PlayerSpec>().unwrap().label(), "bot");
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
        for bad in [
            "",
            "sample:0",
            "sample:x",
            "cmd:",
            "robot",
            "sample:3:scale=1",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }
}
