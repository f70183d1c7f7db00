//! `harness measure startup`: time from spawning the binary to reading its `OK`, and to its first
//! `BID` (the first decision touches the table).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Spawn-to-answer times of one run, microseconds.
#[derive(Clone, Copy, Debug)]
pub struct StartupSample {
    pub ok_us: u64,
    pub first_bid_us: u64,
}

/// Spawns `exe NYPC` `runs` times (in `dir`, if given) and times `READY` → `OK` and the
/// first `ROLL` → `BID`.
pub fn measure(
    exe: &std::path::Path,
    dir: Option<&std::path::Path>,
    runs: usize,
) -> Result<Vec<StartupSample>, String> {
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let mut command = Command::new(exe);
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command
            .arg("NYPC")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("spawn {}: {e}", exe.display()))?;
        let mut stdin = child.stdin.take().ok_or("no stdin")?;
        let mut stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut line = String::new();
        let mut ask = |text: &str, line: &mut String| -> Result<u64, String> {
            writeln!(stdin, "{text}").map_err(|e| e.to_string())?;
            stdin.flush().map_err(|e| e.to_string())?;
            line.clear();
            stdout.read_line(line).map_err(|e| e.to_string())?;
            Ok(start.elapsed().as_micros() as u64)
        };
        let ok_us = ask("READY", &mut line)?;
        if line.trim_end() != "OK" {
            return Err(format!("expected OK, got {line:?}"));
        }
        let before = start.elapsed().as_micros() as u64;
        let first_bid_us = ask("ROLL 12345 66123", &mut line)? - before;
        let _ = ask("FINISH", &mut String::new());
        let _ = child.wait();
        samples.push(StartupSample {
            ok_us,
            first_bid_us,
        });
    }
    Ok(samples)
}
