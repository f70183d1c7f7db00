//! The `replay` command: reads an official log, reviews one side round by round, and
//! optionally writes the HTML report and re-runs a program on that side's commands; with
//! `--review`, both sides' decisions and luck as text, JSON and a self-contained page.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::player::PlayerSpec;
use crate::replay::{self, Side};

#[derive(Args)]
pub struct ReplayArgs {
    /// An official log; with --review, also a folder of them (a match's `--logs`, or any
    /// logs a contestant has): the whole match reviewed, summed up by player.
    log: PathBuf,
    /// Which side to review: first or second.
    #[arg(long, default_value = "first")]
    side: String,
    /// Also write an HTML report here (with --review: the review, as one self-contained
    /// page drawn as the play page draws it).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Feed that side's commands to this program and compare its answers.
    #[arg(long, value_name = "CMD")]
    rerun: Option<String>,
    /// The bot's view of each bid: re-runs this in-process bot (a `bot:` spec; `bot:clock=0`
    /// if no value) on that side's commands and shows its bid, its safe bid, the model's
    /// answer and prediction next to the opponent's actual bid (on the --html page too).
    #[arg(long, value_name = "BOT", num_args = 0..=1, default_missing_value = "bot:clock=0")]
    explain: Option<String>,
    /// Per-answer timeout of the re-run, milliseconds.
    #[arg(long, default_value_t = 2000)]
    rerun_timeout_ms: u64,
    /// Review both sides instead: every bid and scoring against the best one by win
    /// probability (what it cost, marked ?! ? ??), the luck of every roll and tied coin,
    /// and each side's accuracy, luck and luck-adjusted result.
    #[arg(long)]
    review: bool,
    /// With --review: also write the review as JSON here.
    #[arg(long, value_name = "FILE", requires = "review")]
    json: Option<PathBuf>,
    /// With --review: value positions by this many rollouts per win curve and per
    /// scoring's candidates (default: the value network, then a few rollouts).
    #[arg(long, requires = "review")]
    rollouts: Option<usize>,
}

impl ReplayArgs {
    /// `harness replay`: prints the review, then the re-run's comparison if asked.
    pub fn run(self) -> Result<(), String> {
        if self.log.is_dir() {
            if !self.review {
                return Err(format!(
                    "{} is a folder: a folder of logs is reviewed as a match with --review",
                    self.log.display()
                ));
            }
            return self.review_match();
        }
        let log = &self.log;
        let side = Side::from_arg(&self.side).ok_or("side must be first or second")?;
        let text = std::fs::read_to_string(log).map_err(|e| format!("{}: {e}", log.display()))?;
        let game = replay::parse_log(&text).map_err(|e| format!("{}: {e}", log.display()))?;
        if self.review {
            let review =
                crate::review::review_log(&game, super::measure::valuation(self.rollouts), None)
                    .map_err(|e| e.to_string())?;
            print!("{}", crate::review::output::review_text(&review));
            if let Some(path) = &self.json {
                std::fs::write(path, crate::review::output::review_json(&review))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            if let Some(path) = &self.html {
                let name = log.file_name().map_or_else(
                    || log.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                std::fs::write(path, crate::review::page::review_page(&review, &name))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            return Ok(());
        }
        let review = replay::review(&game, side).map_err(|e| e.to_string())?;
        print!("{}", replay::text_report(&game, &review));
        let explained = match self.explain {
            Some(spec) => {
                let PlayerSpec::Bot(config) = spec.parse::<PlayerSpec>()? else {
                    return Err(format!(
                        "--explain {spec:?}: an in-process bot (bot:…) is needed"
                    ));
                };
                Some(replay::explain_side(&game, side, config))
            }
            None => None,
        };
        if let Some(path) = self.html {
            let page = replay::html_report_with(&game, &review, explained.as_deref());
            std::fs::write(&path, page).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(bids) = &explained {
            print!("{}", replay::explain_text(bids));
        }
        if let Some(cmd) = self.rerun {
            let exchanges = replay::side_commands(&game, side);
            let outcome = replay::run_side(
                &cmd,
                &exchanges,
                Duration::from_millis(self.rerun_timeout_ms),
            )?;
            print!("{}", replay::rerun_text(&outcome));
        }
        Ok(())
    }

    /// `harness replay DIR --review`: every log of the folder reviewed and summed up by
    /// player; with `--json`, the review as data; with `--html`, one page that opens from
    /// the disk, and beside it (`FILE`'s name with `-games`) the review page of each game
    /// a costliest decision was made in.
    fn review_match(&self) -> Result<(), String> {
        use crate::review::match_review::{files_in, review_match};
        let (files, unreadable) = files_in(&self.log)?;
        let valuation = super::measure::valuation(self.rollouts);
        let bar = crate::matchmaking::matches::progress_bar_of(
            files.len() as u64,
            true,
            "reviewing",
            "files",
        );
        let mut review = review_match(&files, valuation, &|| bar.inc(1))?;
        bar.finish_and_clear();
        review.skipped.extend(unreadable);
        print!("{}", crate::review::output::match_text(&review));
        if let Some(path) = &self.json {
            let text = serde_json::to_string_pretty(&review).map_err(|e| e.to_string())?;
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(path) = &self.html {
            let stem = path
                .file_stem()
                .map_or("match".to_string(), |s| s.to_string_lossy().into_owned());
            let games_dir = path.with_file_name(format!("{stem}-games"));
            let mut links = std::collections::BTreeMap::new();
            for c in review.costliest.iter().flatten() {
                if links.contains_key(&c.game) {
                    continue;
                }
                let Some(file) = files.iter().find(|f| f.name == c.file) else {
                    continue;
                };
                let log = replay::parse_log(&file.text).map_err(|e| e.to_string())?;
                let game =
                    crate::review::review_log(&log, valuation, None).map_err(|e| e.to_string())?;
                std::fs::create_dir_all(&games_dir)
                    .map_err(|e| format!("{}: {e}", games_dir.display()))?;
                let page_name = format!("{}.html", c.file);
                let page = crate::review::page::review_page(&game, &c.file);
                std::fs::write(games_dir.join(&page_name), page)
                    .map_err(|e| format!("{}: {e}", games_dir.display()))?;
                let href: String = format!("{stem}-games/{page_name}")
                    .bytes()
                    .map(|b| match b {
                        b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' | b'/' => {
                            (b as char).to_string()
                        }
                        _ => format!("%{b:02X}"),
                    })
                    .collect();
                links.insert(c.game, href);
            }
            let name = self.log.file_name().map_or_else(
                || self.log.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            std::fs::write(
                path,
                crate::review::page::match_page(&review, &name, &links),
            )
            .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}
