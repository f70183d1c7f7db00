//! The player a tune plays at a point: its base with each parameter at its value. A `bot:`
//! base takes the parameters as keys (`bot:clock=0` → `bot:clock=0,draw=12`); a `cmd:`
//! program names each one in its command line as `{KEY}`, replaced by the value in every
//! game (`cmd:python3 bot.py --share {share}` → `cmd:python3 bot.py --share 0.35`), written
//! whole or decimal as the parameter is ([`Parameter::format`]). Anything else takes no
//! parameters, and a parameter the player cannot take is refused before any game.

use super::spsa::Parameter;
use crate::player::PlayerSpec;

/// `base` with each parameter set to its value.
pub fn spec_with(base: &str, parameters: &[Parameter], values: &[f64]) -> String {
    let base = base.trim();
    if let Some(line) = base.strip_prefix("cmd:") {
        let mut line = line.to_string();
        for (p, &v) in parameters.iter().zip(values) {
            line = line.replace(&placeholder(&p.key), &p.format(v));
        }
        return format!("cmd:{line}");
    }
    let settings: Vec<String> = parameters
        .iter()
        .zip(values)
        .map(|(p, &v)| format!("{}={}", p.key, p.format(v)))
        .collect();
    let joiner = if base.contains(':') { "," } else { ":" };
    format!("{base}{joiner}{}", settings.join(","))
}

/// `{KEY}`, where a command line takes parameter KEY.
fn placeholder(key: &str) -> String {
    format!("{{{key}}}")
}

/// The `{NAME}`s of a command line (NAME letters, digits, `_` and `-`).
fn placeholders(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close)
                if close > 0
                    && after[..close]
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
            {
                found.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    found
}

/// Whether `base` takes every parameter, each at both ends of its range and at its start:
/// a `bot:` key the bot knows with values it takes, a `cmd:` line with each `{KEY}` and
/// no `{NAME}` that no parameter sets. The message names the parameter and why.
pub fn check(base: &str, parameters: &[Parameter]) -> Result<(), String> {
    let trimmed = base.trim();
    let player: PlayerSpec = trimmed
        .parse()
        .map_err(|e| format!("--base {trimmed:?}: {e}"))?;
    match &player {
        PlayerSpec::Command(line) => {
            for p in parameters {
                if !line.contains(&placeholder(&p.key)) {
                    return Err(format!(
                        "--param {}: the command line {line:?} has no {}: write it where \
                         the program takes the value (cmd:python3 bot.py --{} {})",
                        p.key,
                        placeholder(&p.key),
                        p.key,
                        placeholder(&p.key)
                    ));
                }
            }
            if let Some(name) = placeholders(line)
                .into_iter()
                .find(|name| !parameters.iter().any(|p| p.key == *name))
            {
                return Err(format!(
                    "--base: the command line names {}, which no --param sets",
                    placeholder(name)
                ));
            }
        }
        PlayerSpec::Bot(_) => {
            for (i, p) in parameters.iter().enumerate() {
                let mut values: Vec<f64> = parameters.iter().map(|q| q.start).collect();
                for value in [p.start, p.min, p.max] {
                    values[i] = value;
                    spec_with(trimmed, parameters, &values)
                        .parse::<PlayerSpec>()
                        .map_err(|e| format!("--param {} at {}: {e}", p.key, p.format(value)))?;
                }
            }
        }
        other => {
            return Err(format!(
                "--base {}: a tune moves a bot's keys (bot:KEY=VALUE) or a program's \
                 {{KEY}} (cmd:... {{KEY}} ...); this player takes no parameters",
                other.label()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(texts: &[&str]) -> Vec<Parameter> {
        texts.iter().map(|p| p.parse().unwrap()).collect()
    }

    #[test]
    fn specs_carry_the_values_as_the_keys_take_them() {
        let params = params(&["draw=10:0:40:4", "eqprior=30:0:80:10"]);
        assert_eq!(
            spec_with("bot:clock=0", &params, &[12.4, 85.0]),
            "bot:clock=0,draw=12,eqprior=80"
        );
        assert_eq!(
            spec_with("bot", &params, &[0.0, 0.0]),
            "bot:draw=0,eqprior=0"
        );
    }

    #[test]
    fn a_command_line_takes_each_value_where_it_names_it() {
        let params = params(&["share=0.2:0:1:0.05", "n=3:1:9:1"]);
        assert_eq!(
            spec_with(
                "cmd:python3 bot.py --share {share} --n={n} --again {share}",
                &params,
                &[0.35, 4.6]
            ),
            "cmd:python3 bot.py --share 0.35 --n=5 --again 0.35"
        );
        assert!(check("cmd:python3 bot.py --share {share} --n {n}", &params).is_ok());
    }

    #[test]
    fn a_parameter_the_player_cannot_take_is_refused_by_name() {
        let share = params(&["share=0.2:0:1:0.05"]);
        let without = check("cmd:python3 bot.py", &share).unwrap_err();
        assert!(
            without.contains("--param share") && without.contains("{share}"),
            "{without}"
        );
        let stray = check("cmd:python3 bot.py {share} {aggr}", &share).unwrap_err();
        assert!(stray.contains("{aggr}"), "{stray}");
        let unknown = check("bot:clock=0", &params(&["aggr=0.5:0:1:0.1"])).unwrap_err();
        assert!(unknown.contains("--param aggr"), "{unknown}");
        // A key the bot knows, at a value it refuses at one end of the range.
        let range = check("bot:clock=0", &params(&["aslip=0.05:0.01:0.9:0.02"])).unwrap_err();
        assert!(range.contains("--param aslip at 0.9"), "{range}");
        let other = check("sample:3", &share).unwrap_err();
        assert!(other.contains("takes no parameters"), "{other}");
        assert!(check("bot:clock=0", &params(&["draw=10:0:40:4"])).is_ok());
        // Braces that are no parameter's name are left alone.
        assert!(check("cmd:prog --json {\"a\":1} {share}", &share).is_ok());
    }
}
