//! Jobs played by GNU parallel on the hosts of an `--sshloginfile` (each line a host:
//! `[SLOTS/]HOST`, a full `ssh ... HOST` command, or `:` for this machine). Every host has
//! the harness at the same path and runs in the same folder (`--workdir .`), so relative
//! paths in players (`cmd:python3 bot.py`) mean the same there. Each job's output comes
//! back line by line (`--line-buffer`), tagged with its number: its games go to its games
//! file the moment they arrive, what it printed on stderr to `NAME.stderr`. parallel
//! retries a failed job on another host (`--retries`); whatever is still missing after it
//! returns, [`super::run_jobs`] hands out again.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use indicatif::ProgressBar;

use super::job::{shell_line, Games, Job};

/// How GNU parallel is run.
#[derive(Clone, Debug)]
pub struct Parallel {
    /// The hosts, one a line (GNU parallel's `--sshloginfile`).
    pub sshloginfile: PathBuf,
    /// The harness on every host.
    pub harness: String,
    /// Times parallel runs a failed job again, each on a host it has not failed on.
    pub retries: usize,
}

impl Parallel {
    /// Checks that GNU parallel is there and the hosts file can be read, before any game.
    pub fn check(&self) -> Result<(), String> {
        let hosts = std::fs::read_to_string(&self.sshloginfile)
            .map_err(|e| format!("--sshloginfile {}: {e}", self.sshloginfile.display()))?;
        if hosts
            .lines()
            .all(|l| l.trim().is_empty() || l.starts_with('#'))
        {
            return Err(format!(
                "--sshloginfile {}: no hosts",
                self.sshloginfile.display()
            ));
        }
        let out = Command::new("parallel")
            .args(["--will-cite", "--version"])
            .output()
            .map_err(|e| {
                format!("GNU parallel: {e} (Debian: apt-get install parallel; it must be on PATH)")
            })?;
        let text = String::from_utf8_lossy(&out.stdout);
        if !text.starts_with("GNU parallel") {
            return Err(format!(
                "`parallel` is not GNU parallel (it printed {:?}); Debian: apt-get install parallel",
                text.lines().next().unwrap_or("")
            ));
        }
        Ok(())
    }

    /// Runs each pending job's missing deals through one `parallel`: games to the jobs'
    /// files in `dir`, each job's stderr to `dir/NAME.stderr`, parallel's own to
    /// `dir/parallel.stderr`, its job log to `dir/parallel.joblog`. A job that failed or a
    /// host that was lost is no error here: the caller counts what came back.
    pub fn run(
        &self,
        jobs: &[Job],
        pending: &[(usize, Vec<usize>)],
        dir: &Path,
        bar: &ProgressBar,
    ) -> Result<(), String> {
        let commands: Vec<String> = pending
            .iter()
            .map(|(i, missing)| shell_line(&jobs[*i].command(&self.harness, missing)))
            .collect();
        let listed = dir.join("parallel.commands");
        std::fs::write(&listed, commands.join("\n") + "\n")
            .map_err(|e| format!("{}: {e}", listed.display()))?;
        let joblog = dir.join("parallel.joblog");
        let mut child = Command::new("parallel")
            .arg("--will-cite")
            .arg("--sshloginfile")
            .arg(&self.sshloginfile)
            .args(["--workdir", ".", "--line-buffer", "--tagstring", "{#}"])
            .arg("--retries")
            .arg(self.retries.max(1).to_string())
            .arg("--joblog")
            .arg(&joblog)
            .arg("--arg-file")
            .arg(&listed)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("GNU parallel: {e}"))?;
        let stderr = child.stderr.take().ok_or("parallel's stderr")?;
        let names: Vec<String> = pending.iter().map(|(i, _)| jobs[*i].name.clone()).collect();
        let dir_owned = dir.to_path_buf();
        let errors = std::thread::spawn(move || keep_stderr(stderr, &names, &dir_owned));
        let mut games: Vec<Games> = pending
            .iter()
            .map(|(i, _)| Games::open(dir, &jobs[*i]))
            .collect::<Result<_, _>>()?;
        let stdout = child.stdout.take().ok_or("parallel's stdout")?;
        let mut strays = StderrFiles::new(dir);
        for line in BufReader::new(stdout).lines() {
            let line = line.map_err(|e| format!("reading parallel's output: {e}"))?;
            let Some((tag, text)) = tagged(&line, games.len()) else {
                strays.write("parallel", &format!("untagged output: {line}"))?;
                continue;
            };
            match games[tag].accept(text) {
                Ok(true) => bar.inc(1),
                Ok(false) => {}
                // A line cut when its host was lost, or anything else a job printed.
                Err(why) => strays.write(&jobs[pending[tag].0].name, &format!("[stdout] {why}"))?,
            }
        }
        let status = child
            .wait()
            .map_err(|e| format!("waiting for GNU parallel: {e}"))?;
        errors
            .join()
            .map_err(|_| "the stderr reader panicked".to_string())??;
        if !status.success() {
            bar.println(format!(
                "GNU parallel exited with {status} (failed jobs: {}; their stderr beside it)",
                joblog.display()
            ));
        }
        Ok(())
    }
}

/// `N<TAB>text` with 1 ≤ N ≤ `jobs`: the job's index and its text.
fn tagged(line: &str, jobs: usize) -> Option<(usize, &str)> {
    let (tag, text) = line.split_once('\t')?;
    let n: usize = tag.parse().ok()?;
    (1..=jobs).contains(&n).then_some((n - 1, text))
}

/// Appends to `dir/NAME.stderr`, opening each file once.
struct StderrFiles {
    dir: PathBuf,
    open: Vec<(String, File)>,
}

impl StderrFiles {
    fn new(dir: &Path) -> StderrFiles {
        StderrFiles {
            dir: dir.to_path_buf(),
            open: Vec::new(),
        }
    }

    fn write(&mut self, name: &str, text: &str) -> Result<(), String> {
        let path = self.dir.join(format!("{name}.stderr"));
        let index = match self.open.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                let file = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                self.open.push((name.to_string(), file));
                self.open.len() - 1
            }
        };
        writeln!(self.open[index].1, "{text}").map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Each job's stderr lines to its own file, parallel's own lines to `parallel.stderr`.
fn keep_stderr(stderr: impl std::io::Read, names: &[String], dir: &Path) -> Result<(), String> {
    let mut files = StderrFiles::new(dir);
    for line in BufReader::new(stderr).lines() {
        let line = line.map_err(|e| format!("reading parallel's stderr: {e}"))?;
        match tagged(&line, names.len()) {
            Some((tag, text)) => files.write(&names[tag], text)?,
            None => files.write("parallel", &line)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_a_job_of_the_run() {
        assert_eq!(tagged("2\t{\"a\":1}", 3), Some((1, "{\"a\":1}")));
        assert_eq!(tagged("4\tx", 3), None);
        assert_eq!(tagged("0\tx", 3), None);
        assert_eq!(tagged("parallel: Warning", 3), None);
    }
}
