//! Value labels from futures as they are played (issue 78): an auction's two children (we
//! get A, we get B, nobody paying) valued by futures played to the end by the real players,
//! not by the coin-flip futures the value network was distilled from.
//!
//! Each child is the position reached when both bid nothing on different bundles: our
//! copy bids 0 on the bundle of the child, the opponent's copy 0 on the other, so both get
//! their bundle for free and play on as they would. Both children play the same futures
//! (common random numbers); a child's win curve `W(δ)` is the share of futures whose final
//! difference, moved by δ, is a win (a draw half). The record is `harness label`'s
//! ([`crate::learning::labels::record`]), so the trainer and the benchmark read it as they
//! read the coin-flip labels.

use std::path::Path;

use yacht::engine::search::wincurve::WinCurve;
use yacht::protocol::Group;
use yacht::rules::auction::SealedBid;

use super::{future, play_future_difference, BidPosition};
use crate::learning::labels::{columns, commit, header_bytes, LabelHeader, LabelRun};

/// The two children's win curves (we get A, we get B) from `futures` futures of `seed`
/// played by copies of both players; futures a copy stopped are left out of both; `None`
/// when every one stopped.
pub fn played_curves(position: &BidPosition, futures: usize, seed: u64) -> Option<[WinCurve; 2]> {
    let free = |g: Group| SealedBid::new(g, 0);
    let mut doubled: [Vec<(i64, f64)>; 2] = [Vec::new(), Vec::new()];
    for index in 0..futures as u64 {
        let deal = future(seed, index, position.round, position.roll);
        let a = play_future_difference(position, free(Group::A), free(Group::B), &deal);
        let b = play_future_difference(position, free(Group::B), free(Group::A), &deal);
        if let (Some(a), Some(b)) = (a, b) {
            doubled[0].push((2 * a, 1.0));
            doubled[1].push((2 * b, 1.0));
        }
    }
    if doubled[0].is_empty() {
        return None;
    }
    Some(doubled.map(|mut d| {
        d.sort_by_key(|&(v, _)| v);
        WinCurve::from_weighted_doubled(d)
    }))
}

/// Appends one record to the labels file `path`, beginning it with the header of `run`
/// when it is new or empty. The games of a match run on several threads: each record is
/// written whole under one lock. A file of another run is left alone (an error).
pub fn append_record(
    path: &Path,
    run: &LabelRun,
    command: &str,
    record: &[f32],
) -> Result<(), String> {
    use std::io::Write;
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _held = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let shown = path.display().to_string();
    let header = LabelHeader {
        columns: columns(run.transfers_points.len()),
        record_floats: columns(run.transfers_points.len()).len(),
        run: run.clone(),
        command: command.to_string(),
        commit: commit(),
    };
    if record.len() != header.record_floats {
        return Err(format!(
            "{shown}: a record of {} floats for {} columns",
            record.len(),
            header.record_floats
        ));
    }
    let mut bytes = Vec::new();
    match header_prefix(path) {
        Some(old) => {
            let (theirs, _) = crate::learning::labels::read_header(&old, &shown)?;
            if theirs.run != header.run {
                return Err(format!(
                    "{shown} holds another run's labels ({})",
                    theirs.command
                ));
            }
        }
        None => bytes = header_bytes(&header)?,
    }
    bytes.extend(record.iter().flat_map(|v| v.to_le_bytes()));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(&bytes))
        .map_err(|e| format!("{shown}: {e}"))
}

/// The bytes of a labels file's header (magic, length, JSON), without reading its records;
/// `None` when the file is missing or empty. A cut header comes back cut: `read_header`
/// says so.
fn header_prefix(path: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).ok()?;
    let mut head = Vec::with_capacity(8);
    (&mut file).take(8).read_to_end(&mut head).ok()?;
    if head.is_empty() {
        return None;
    }
    if let [_, _, _, _, a, b, c, d] = head[..] {
        let len = u32::from_le_bytes([a, b, c, d]);
        (&mut file)
            .take(u64::from(len))
            .read_to_end(&mut head)
            .ok()?;
    }
    Some(head)
}
