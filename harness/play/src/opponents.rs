//! Who a person can play: the bot at each skill level, the ten sample AIs, and programs
//! named on the server's command line (never a command from the browser).

use harness::i18n::Message;
use serde::Serialize;
use yacht::engine::config::{LEVELS, LEVEL_MAX};

/// The ladder's ratings: each level's and each sample AI's Bradley–Terry rating in Elo,
/// sample AI 6 at 0, rounded, from the kept league of the eight levels and the ten sample
/// AIs ([`KEPT_LEAGUE`]: `docs/runs/ladder-levels.sh`, 50 deal pairs per pairing, seed 41;
/// docs/results.md#ladder). Index: level 1..=8, then sample 1..=10.
pub const LADDER_ELO: [(&str, f64); 18] = [
    ("level-1", -224.0),
    ("level-2", 61.0),
    ("level-3", 297.0),
    ("level-4", 482.0),
    ("level-5", 652.0),
    ("level-6", 874.0),
    ("level-7", 1022.0),
    ("level-8", 1101.0),
    ("sample-1", -1161.0),
    ("sample-2", -171.0),
    ("sample-3", 63.0),
    ("sample-4", 63.0),
    ("sample-5", -73.0),
    ("sample-6", 0.0),
    ("sample-7", -768.0),
    ("sample-8", 64.0),
    ("sample-9", 161.0),
    ("sample-10", -661.0),
];

/// The league [`LADDER_ELO`] is read from, as `harness league` printed it
/// (`the_menu_s_ratings_are_the_kept_league_s` checks one against the other).
pub const KEPT_LEAGUE: &str = include_str!("../ladder-league.txt");

/// One choice of the menu.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Opponent {
    /// What the page sends back to start a game.
    pub key: String,
    /// Its name and what it is, in a line: in English, and as messages the page says in
    /// its reader's language (a program's name is its own: no message).
    pub name: String,
    pub about: String,
    pub name_message: Option<Message>,
    pub about_message: Option<Message>,
    /// The harness player spec the game runs (never shown to or taken from the page).
    #[serde(skip)]
    pub spec: String,
    /// Its rating on the ladder, Elo (none for a program of the command line).
    pub elo: Option<f64>,
}

fn elo(key: &str) -> Option<f64> {
    LADDER_ELO
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, e)| *e)
        .filter(|e| e.is_finite())
}

/// The menu: the levels from the strongest, the sample AIs, then `programs` (name,
/// command line) as given on the server's command line.
pub fn menu(programs: &[(String, String)]) -> Vec<Opponent> {
    let mut out = Vec::new();
    for &(level, about) in LEVELS.iter().rev() {
        let key = format!("level-{level}");
        let name = Message::new(if level == LEVEL_MAX {
            "opponent-level-max"
        } else {
            "opponent-level"
        })
        .text("level", level.to_string());
        out.push(Opponent {
            name: name.to_string(),
            about: about.to_string(),
            name_message: Some(name),
            // The engine's own line, translated (`level_lines_are_the_engine_s` keeps the
            // English catalog's the same).
            about_message: Some(Message::new(LEVEL_ABOUT_KEYS[level as usize - 1])),
            // Fixed rollout counts: the bot is then a function of its seed and the
            // commands it has seen, so a game stopped with the server resumes exactly.
            spec: format!("bot:level={level},clock=0"),
            elo: elo(&key),
            key,
        });
    }
    for (n, about) in SAMPLE_ABOUT.iter().enumerate() {
        let n = n + 1;
        let key = format!("sample-{n}");
        let name = Message::new("opponent-sample").text("n", n.to_string());
        let about = Message::new(about);
        out.push(Opponent {
            name: name.to_string(),
            about: about.to_string(),
            name_message: Some(name),
            about_message: Some(about),
            spec: format!("sample:{n}"),
            elo: elo(&key),
            key,
        });
    }
    for (name, command) in programs {
        out.push(Opponent {
            key: format!("program-{name}"),
            name: name.clone(),
            about: Message::new("opponent-program-about").to_string(),
            name_message: None,
            about_message: Some(Message::new("opponent-program-about")),
            spec: format!("cmd:{command}"),
            elo: None,
        });
    }
    out
}

/// The statement's sample AIs, in a line each (`../shared/RULES.md`): the catalogs' keys.
const SAMPLE_ABOUT: [&str; 10] = [
    "sample-about-1",
    "sample-about-2",
    "sample-about-3",
    "sample-about-4",
    "sample-about-5",
    "sample-about-6",
    "sample-about-7",
    "sample-about-8",
    "sample-about-9",
    "sample-about-10",
];

/// The skill levels' lines (`engine::config::LEVELS`) in the catalogs, level 1 first.
pub const LEVEL_ABOUT_KEYS: [&str; LEVEL_MAX as usize] = [
    "level-about-1",
    "level-about-2",
    "level-about-3",
    "level-about-4",
    "level-about-5",
    "level-about-6",
    "level-about-7",
    "level-about-8",
];

/// Parses `NAME=COMMAND` (a program for the menu).
pub fn parse_program(text: &str) -> Result<(String, String), String> {
    let (name, command) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?}: expected NAME=COMMAND"))?;
    let name = name.trim();
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !ok || command.trim().is_empty() {
        return Err(format!(
            "{text:?}: NAME is letters, digits, - and _, and COMMAND is not empty"
        ));
    }
    Ok((name.to_string(), command.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_has_every_level_and_sample_and_the_programs() {
        let menu = menu(&[("mine".into(), "python3 bot.py".into())]);
        let levels = usize::from(LEVEL_MAX);
        assert_eq!(menu.len(), levels + 10 + 1);
        assert_eq!(menu[0].spec, format!("bot:level={LEVEL_MAX},clock=0"));
        assert_eq!(menu[levels - 1].spec, "bot:level=1,clock=0");
        assert_eq!(menu[levels + 10].spec, "cmd:python3 bot.py");
        for o in &menu {
            assert!(
                o.spec.parse::<harness::player::PlayerSpec>().is_ok(),
                "{}",
                o.spec
            );
        }
        // The spec never goes to the page.
        let json = serde_json::to_string(&menu).unwrap();
        assert!(!json.contains("python3"), "{json}");
    }

    /// Each rated player's Elo in the kept league's table, by its label.
    fn kept_ratings() -> Vec<(String, f64)> {
        KEPT_LEAGUE
            .lines()
            .skip_while(|l| !l.starts_with("rank player"))
            .skip(1)
            .filter_map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                // rank, #n, label, games, wins, draws, losses, points, score, Elo, +-, interval
                let elo = words.get(9)?.parse().ok()?;
                Some((words.get(2)?.to_string(), elo))
            })
            .collect()
    }

    #[test]
    fn the_menu_s_ratings_are_the_kept_league_s() {
        let kept = kept_ratings();
        assert_eq!(kept.len(), usize::from(LEVEL_MAX) + 10, "{kept:?}");
        let of = |label: &str| {
            kept.iter()
                .find(|(l, _)| l == label)
                .unwrap_or_else(|| panic!("{label} is not in the kept league"))
                .1
        };
        let zero = of("sample:6");
        let menu = menu(&[]);
        assert_eq!(menu.len(), LADDER_ELO.len());
        for o in &menu {
            // The league names a player by its label: the same spec as the menu's.
            let label = o
                .spec
                .parse::<harness::player::PlayerSpec>()
                .unwrap()
                .label();
            let want = (of(&label) - zero).round();
            assert_eq!(o.elo, Some(want), "{} ({label})", o.key);
        }
    }

    #[test]
    fn every_level_and_sample_is_rated_and_the_levels_climb() {
        let levels: Vec<f64> = (1..=LEVEL_MAX)
            .map(|l| elo(&format!("level-{l}")).unwrap())
            .collect();
        assert!(levels.windows(2).all(|w| w[0] < w[1]), "{levels:?}");
        for n in 1..=10 {
            assert!(elo(&format!("sample-{n}")).is_some(), "sample {n}");
        }
        assert_eq!(elo("sample-6"), Some(0.0));
    }

    #[test]
    fn level_lines_are_the_engine_s() {
        for (level, about) in LEVELS {
            let key = LEVEL_ABOUT_KEYS[level as usize - 1];
            assert_eq!(Message::new(key).to_string(), about, "{key}");
            assert_ne!(Message::new(key).in_lang("ko"), about, "{key} in Korean");
        }
    }

    #[test]
    fn programs_are_named_plainly() {
        assert_eq!(
            parse_program("mine=python3 bot.py").unwrap(),
            ("mine".to_string(), "python3 bot.py".to_string())
        );
        for bad in ["mine", "=x", "a b=x", "x="] {
            assert!(parse_program(bad).is_err(), "{bad}");
        }
    }
}
