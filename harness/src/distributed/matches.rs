//! A match whose deals are cut into jobs (shards) played at once on threads or hosts; its
//! games kept by job in `F.games/`, then written to `--results F.jsonl` as the shards of
//! one run, and its report read back from them as `harness merge` reads shards.

use std::io::Write;
use std::path::Path;

use super::job::Job;
use super::sprt::games_dir;
use super::{run_jobs, Hosts};
use crate::matchmaking::matches::{MatchOutcome, Shard};
use crate::matchmaking::merge;
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;

/// What a spread match plays.
pub struct SpreadMatch<'a> {
    pub x: &'a PlayerSpec,
    pub y: &'a PlayerSpec,
    pub seed: u64,
    pub count: usize,
    pub referee: RefereeOptions,
    /// Into how many jobs the deals are cut.
    pub jobs: usize,
    pub progress: bool,
}

impl SpreadMatch<'_> {
    /// Plays every job's deals where `hosts` says, then writes them all to `results` and
    /// returns the match as one run would have (no time).
    pub fn play(&self, hosts: &Hosts, results: &Path) -> Result<MatchOutcome, String> {
        let count = self.jobs.clamp(1, self.count.max(1));
        let jobs: Vec<Job> = (1..=count)
            .map(|index| Job {
                name: format!("shard-{index:04}-of-{count:04}"),
                x: self.x.clone(),
                y: self.y.clone(),
                seed: self.seed,
                count: self.count,
                shard: Shard { index, count },
                referee: self.referee,
            })
            .collect();
        let dir = games_dir(results);
        run_jobs(&jobs, hosts, &dir, self.progress)?;
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(results).map_err(|e| format!("{}: {e}", results.display()))?,
        );
        for job in &jobs {
            let path = dir.join(format!("{}.jsonl", job.name));
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            out.write_all(text.as_bytes())
                .map_err(|e| format!("{}: {e}", results.display()))?;
        }
        out.flush()
            .map_err(|e| format!("{}: {e}", results.display()))?;
        drop(out);
        merge::read(&[results.to_path_buf()])?.outcome(&self.x.label(), &self.y.label())
    }
}
