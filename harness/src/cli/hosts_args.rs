//! [`HostsArgs`]: the options of the commands whose games can spread over machines with
//! GNU parallel (`tune`, `match`, `sprt`): the hosts, the harness on them, the retries.

use std::path::PathBuf;

use clap::Args;

use crate::distributed::parallel::Parallel;
use crate::distributed::Hosts;

#[derive(Args, Clone)]
pub struct HostsArgs {
    /// Play the games on these hosts with GNU parallel (one a line: `[SLOTS/]HOST`, a
    /// whole `ssh ... HOST` command, or `:` for this machine); each has the harness at the
    /// same path (--remote-harness) and this folder at the same place.
    #[arg(long, value_name = "FILE")]
    sshloginfile: Option<PathBuf>,
    /// The harness on the hosts (default: this one's own path).
    #[arg(long, value_name = "PATH", requires = "sshloginfile")]
    remote_harness: Option<String>,
    /// Times GNU parallel runs a failed job again, on another host.
    #[arg(long, default_value_t = 2, requires = "sshloginfile")]
    retries: usize,
}

impl HostsArgs {
    /// Whether the games go to hosts.
    pub(super) fn spread(&self) -> bool {
        self.sshloginfile.is_some()
    }

    /// Where the games play: the hosts (checked: parallel is there, the file has hosts),
    /// or this machine on `threads`.
    pub(super) fn hosts(&self, threads: usize) -> Result<Hosts, String> {
        let Some(file) = &self.sshloginfile else {
            return Ok(Hosts::Local { threads });
        };
        let parallel = Parallel {
            sshloginfile: file.clone(),
            harness: match &self.remote_harness {
                Some(path) => path.clone(),
                None => own_path()?,
            },
            retries: self.retries,
        };
        parallel.check()?;
        Ok(Hosts::Parallel(parallel))
    }
}

/// This harness's own path, for hosts that have it at the same place.
fn own_path() -> Result<String, String> {
    let path = std::env::current_exe().map_err(|e| format!("the harness's own path: {e}"))?;
    path.to_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{}: not UTF-8 (give --remote-harness)", path.display()))
}
