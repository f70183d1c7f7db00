//! One job: `harness match X Y` on a shard of seeded deals (or only some of them), its
//! games sent back as `--results` JSON lines; the command line that runs it on any host;
//! and its games file, where each line that comes back is kept at once (a game kept is
//! never played for nothing: a job played again plays only the deals not whole).

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::matchmaking::matches::Shard;
use crate::matchmaking::results::{DealSource, GameLine, RunKey, SCHEMA};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;

/// What one job plays.
#[derive(Clone, Debug)]
pub struct Job {
    /// Names its files: `NAME.jsonl` (its games), `NAME.stderr` (what it said).
    pub name: String,
    pub x: PlayerSpec,
    pub y: PlayerSpec,
    /// The deals: `count` drawn from `seed`, the job plays the shard's.
    pub seed: u64,
    pub count: usize,
    pub shard: Shard,
    pub referee: RefereeOptions,
}

impl Job {
    /// The deals this job plays, by index.
    pub fn deals(&self) -> Vec<usize> {
        (0..self.count).filter(|&d| self.shard.owns(d)).collect()
    }

    /// The run its lines carry, as `harness match` writes it.
    pub fn run_key(&self) -> RunKey {
        RunKey {
            command: "match".to_string(),
            players: vec![self.x.label(), self.y.label()],
            opponents: Vec::new(),
            deals: DealSource {
                seed: Some(self.seed),
                file_hash: None,
                count: self.count,
            },
            time_scale: self.referee.time_scale,
            shards: self.shard.count,
            batch: None,
            sprt: None,
            adjusted: false,
        }
    }

    /// The command line that plays `only` of its deals with the harness at `harness`,
    /// its games on the standard output: what a host runs.
    pub fn command(&self, harness: &str, only: &[usize]) -> Vec<String> {
        let r = &self.referee;
        let mut words: Vec<String> = vec![
            harness.to_string(),
            "match".to_string(),
            self.x.label(),
            self.y.label(),
            "--seed".to_string(),
            self.seed.to_string(),
            "--deals".to_string(),
            self.count.to_string(),
            "--shard".to_string(),
            self.shard.to_string(),
            "--threads".to_string(),
            "1".to_string(),
            "--time-scale".to_string(),
            format!("{:?}", r.time_scale),
            "--deadline-clock".to_string(),
            r.clock.name().to_string(),
            "--wall-backstop".to_string(),
            format!("{:?}", r.wall_backstop),
            "--results".to_string(),
            "-".to_string(),
            "--no-progress".to_string(),
        ];
        if !r.luck {
            words.push("--no-luck".to_string());
        }
        if only.len() < self.deals().len() {
            words.push("--deal-list".to_string());
            words.push(
                only.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            );
        }
        words
    }
}

/// `words` as one line a POSIX shell splits back into them (each word single-quoted).
pub fn shell_line(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("'{}'", w.replace('\'', r"'\''")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A job's games file: the games kept so far, appended to as lines come back.
pub struct Games {
    pub path: PathBuf,
    file: File,
    run: RunKey,
    x: String,
    y: String,
    /// (deal, game) of every game kept.
    kept: BTreeSet<(usize, u8)>,
}

impl Games {
    /// The job's file in `dir`, with what an earlier run kept (a cut last line, from a
    /// coordinator stopped mid-write, is cut off).
    pub fn open(dir: &Path, job: &Job) -> Result<Games, String> {
        let path = dir.join(format!("{}.jsonl", job.name));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        file.set_len(whole as u64)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut games = Games {
            path,
            file,
            run: job.run_key(),
            x: job.x.label(),
            y: job.y.label(),
            kept: BTreeSet::new(),
        };
        for (i, line) in text[..whole].lines().enumerate() {
            let game = games
                .check(line)
                .map_err(|e| format!("{}:{}: {e}", games.path.display(), i + 1))?;
            games.kept.insert(game);
        }
        Ok(games)
    }

    /// The (deal, game) of a line of this job's games, or why it is not one.
    fn check(&self, text: &str) -> Result<(usize, u8), String> {
        let line: GameLine = serde_json::from_str(text)
            .map_err(|e| format!("not a game record ({e}): {}", cut(text)))?;
        if line.schema != SCHEMA {
            return Err(format!("schema {:?}, not {SCHEMA}", line.schema));
        }
        if (line.x.as_str(), line.y.as_str()) != (self.x.as_str(), self.y.as_str())
            || line.run.deals != self.run.deals
            || line.run.time_scale != self.run.time_scale
        {
            return Err(format!(
                "a game of {} against {} on deals {:?}, not this job's ({} against {} on {:?})",
                line.x, line.y, line.run.deals, self.x, self.y, self.run.deals
            ));
        }
        if line.deal >= self.run.deals.count || line.game > 1 {
            return Err(format!(
                "deal {} game {}: no such game",
                line.deal, line.game
            ));
        }
        Ok((line.deal, line.game))
    }

    /// Keeps a line that came back: `Ok(true)` a new game (written and flushed at once),
    /// `Ok(false)` one already kept (a deal played again), `Err` not a game of this job.
    pub fn accept(&mut self, text: &str) -> Result<bool, String> {
        let game = self.check(text.trim_end())?;
        if !self.kept.insert(game) {
            return Ok(false);
        }
        writeln!(self.file, "{}", text.trim_end())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        Ok(true)
    }

    /// Games kept.
    pub fn count(&self) -> usize {
        self.kept.len()
    }

    /// The job's deals not kept whole (both games), in order.
    pub fn missing(&self, job: &Job) -> Vec<usize> {
        job.deals()
            .into_iter()
            .filter(|&d| !(self.kept.contains(&(d, 0)) && self.kept.contains(&(d, 1))))
            .collect()
    }
}

/// The start of a long line, for a message.
fn cut(text: &str) -> String {
    text.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::ProgressBar;

    fn job(name: &str, y: &str) -> Job {
        Job {
            name: name.to_string(),
            x: "sample:1".parse().unwrap(),
            y: y.parse().unwrap(),
            seed: 9,
            count: 3,
            shard: Shard::WHOLE,
            referee: RefereeOptions::default(),
        }
    }

    /// A job's games file keeps each game once, cuts a line cut short, refuses another
    /// job's games and knows which deals are not whole.
    #[test]
    fn a_games_file_keeps_each_game_once() {
        let dir = std::env::temp_dir().join(format!("yacht-job-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let one = job("one", "sample:2");
        let other = job("other", "sample:3");
        for j in [&one, &other] {
            let all = j.deals();
            super::super::local::run(
                std::slice::from_ref(j),
                &[(0, all)],
                &dir,
                1,
                &ProgressBar::hidden(),
            )
            .unwrap();
        }
        let path = dir.join("one.jsonl");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 6);
        // Deal 1 lost its second game, and a line was cut mid-write.
        let kept: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| !(l.contains("\"deal\":1,") && l.contains("\"game\":1,")))
            .collect();
        std::fs::write(&path, format!("{}\n{}", kept.join("\n"), &lines[0][..50])).unwrap();
        let mut games = Games::open(&dir, &one).unwrap();
        assert_eq!((games.count(), games.missing(&one)), (5, vec![1]));
        assert!(std::fs::read_to_string(&path).unwrap().ends_with("}\n"));
        assert_eq!(games.accept(lines[0]), Ok(false));
        let foreign = std::fs::read_to_string(dir.join("other.jsonl")).unwrap();
        let refused = games.accept(foreign.lines().next().unwrap()).unwrap_err();
        assert!(refused.contains("sample:3"), "{refused}");
        assert!(games.accept("{\"schema\":").is_err());
        let lost = lines
            .iter()
            .find(|l| l.contains("\"deal\":1,") && l.contains("\"game\":1,"))
            .unwrap();
        assert_eq!(games.accept(lost), Ok(true));
        assert!(games.missing(&one).is_empty());
        assert_eq!(Games::open(&dir, &one).unwrap().count(), 6);
        // Played again, only the missing deal is asked for.
        assert_eq!(
            one.command("harness", &[1])[20..],
            ["--no-progress", "--deal-list", "1"]
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_shell_splits_the_line_back_into_the_words() {
        let words: Vec<String> = ["harness", "match", "cmd:python3 it's.py --x {a}", "a;b"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let line = shell_line(&words);
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf '%s\\n' {line}"))
            .output()
            .unwrap();
        let back: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(back, words);
    }
}
