//! The value table `F(used, upper, carried)` in 16-bit fixed point (1/200 k-point).
//!
//! Two sources, one lookup. The bot binary embeds the exact table that `build.rs` solved
//! (`embedded.rs`: nothing to read or compute at start-up). A process may instead
//! [`install`] a table decoded from a `data.bin` ([`codec`]); the contest export has no
//! embedded table and installs its `data.bin` at start. With neither, every row reads as
//! zeros and the bot plays table-free (immediate score and bonus only).

pub mod codec;
pub mod rans;

#[cfg(not(yacht_export))]
mod embedded;
#[cfg(not(yacht_export))]
pub use embedded::{
    computed_hash, TABLE_BYTES, TABLE_HASH, TABLE_MODEL, TABLE_ROWS, TABLE_SOLVE_SECONDS,
    TABLE_SOLVE_THREADS, TABLE_START_EXPECTED_K,
};

#[cfg(yacht_export)]
#[path = "not_embedded.rs"]
mod embedded;

use std::sync::{LazyLock, OnceLock};

use crate::rules::category::ALL_USED;
use crate::rules::dice::{rank, Counts, N5};
use crate::solver::layout::{effective_upper, Layout, UPPER_DECIDED};
pub use crate::solver::quantize::TABLE_UNITS_PER_K;

/// Where the table in use came from (for `--version` and reports).
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Solved by `build.rs` and embedded in the binary.
    Embedded { hash: u64 },
    /// Decoded from a `data.bin`.
    File {
        file_hash: u64,
        bytes: usize,
        source_hash: u64,
    },
    /// No table: table-free play.
    Missing,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Source::Embedded { hash } => write!(f, "embedded exact table, hash {hash:016x}"),
            Source::File {
                file_hash,
                bytes,
                source_hash,
            } => write!(
                f,
                "data.bin of {bytes} bytes, hash {file_hash:016x}, coded from table {source_hash:016x}"
            ),
            Source::Missing => write!(f, "none (table-free play)"),
        }
    }
}

struct Installed {
    entries: Box<[u16]>,
    source: Source,
}

static INSTALLED: OnceLock<Installed> = OnceLock::new();

static LAYOUT: LazyLock<Layout> = LazyLock::new(Layout::new);

/// Zeros: the row of a missing table.
static ZERO_ROW: [u16; N5] = [0; N5];

/// The `data.bin` this build reads at start without being told: `None` for the binary
/// (its table is embedded), `Some("data.bin")` for the contest export.
pub const DATA_FILE: Option<&str> = embedded::DATA_FILE;

/// Reads, checks and installs the `data.bin` at `path`. The export also checks it is
/// exactly the file it was exported with (size and hash).
pub fn load(path: &str) -> Result<Source, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    if let Some((size, hash)) = embedded::EXPECTED_DATA {
        // The file's identity is its stored hash (the one `--version` prints), which
        // `verify` checks against the content.
        let got = codec::verify(&bytes).map_err(|e| e.to_string())?;
        if bytes.len() != size || got != hash {
            return Err(format!(
                "{} bytes with hash {got:016x}; this program was exported with {size} bytes, hash {hash:016x}",
                bytes.len()
            ));
        }
    }
    install(&bytes)
}

/// Decodes `bytes` (a `data.bin`) and makes it the table of this process. Fails if the
/// file is damaged or does not fit the layout, or if a table was already installed.
pub fn install(bytes: &[u8]) -> Result<Source, String> {
    let decoded = codec::decode(bytes).map_err(|e| e.to_string())?;
    let rows = LAYOUT.rows;
    if decoded.entries.len() != rows * N5 || decoded.header.units_per_k != TABLE_UNITS_PER_K as u32
    {
        return Err(format!(
            "table has {} values at {} units/k; this bot needs {} rows × {N5} at {TABLE_UNITS_PER_K}",
            decoded.entries.len(),
            decoded.header.units_per_k,
            rows
        ));
    }
    let source = Source::File {
        file_hash: decoded.file_hash,
        bytes: bytes.len(),
        source_hash: decoded.header.source_hash,
    };
    INSTALLED
        .set(Installed {
            entries: decoded.entries.into_boxed_slice(),
            source: source.clone(),
        })
        .map_err(|_| "a table is already installed".to_string())?;
    Ok(source)
}

/// The table in use, as stored units (empty when there is none).
#[inline]
pub fn entries() -> &'static [u16] {
    match INSTALLED.get() {
        Some(t) => &t.entries,
        None => embedded::entries(),
    }
}

/// Where the table in use came from.
pub fn source() -> Source {
    match INSTALLED.get() {
        Some(t) => t.source.clone(),
        None => embedded::source(),
    }
}

/// The table's row for (`used`, `upper_k`), or `None` when the game is over (all used).
/// `upper_k` is the upper-section sum so far (any value; capped internally). Without a
/// table every row is zeros.
#[inline]
pub fn row(used: u16, upper_k: u32) -> Option<&'static [u16]> {
    if used >= ALL_USED {
        return None;
    }
    let eff = effective_upper(used, upper_k.min(63));
    let r = LAYOUT
        .row(used, eff)
        .or_else(|| LAYOUT.row(used, UPPER_DECIDED))?;
    Some(entries().get(r * N5..(r + 1) * N5).unwrap_or(&ZERO_ROW))
}

/// `F(used, upper, carried)` in stored units (kilo-points × [`TABLE_UNITS_PER_K`]);
/// 0 once every category is used.
#[inline]
pub fn value_units(used: u16, upper_k: u32, carried: &Counts) -> i32 {
    row(used, upper_k).map_or(0, |r| r[rank(carried)] as i32)
}

/// `F(used, upper, carried)` in kilo-points.
pub fn value_k(used: u16, upper_k: u32, carried: &Counts) -> f64 {
    value_units(used, upper_k, carried) as f64 / TABLE_UNITS_PER_K as f64
}

/// Rows of the table layout (every reachable used-set and upper sum).
pub fn layout_rows() -> usize {
    LAYOUT.rows
}

/// Reads one value on every page of the table, once per process, and returns how many
/// pages it touched (0 after the first call). The embedded table is 60 MB of the binary,
/// paged in from disk on first touch: a cold first decision would pay for the pages its
/// rollouts reach, on the judge's clock. `READY` has 3 s and needs none of them, so the
/// bot calls this there. An installed `data.bin` was decoded into memory, so its pages
/// are already there (the walk costs a few milliseconds).
pub fn warm() -> usize {
    static WARM: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if WARM.swap(true, std::sync::atomic::Ordering::Relaxed) {
        return 0;
    }
    /// Values per 4 KiB page.
    const PAGE_VALUES: usize = 4096 / std::mem::size_of::<u16>();
    let table = entries();
    let mut sum = 0u32;
    for page in table.chunks(PAGE_VALUES) {
        // `black_box`: the reads must happen, though their sum is thrown away.
        let first = page.first().copied().unwrap_or(0);
        sum = sum.wrapping_add(u32::from(std::hint::black_box(first)));
    }
    std::hint::black_box(sum);
    table.len().div_ceil(PAGE_VALUES)
}

#[cfg(test)]
mod tests {
    #[test]
    fn warming_touches_every_page_once_per_process() {
        let pages = super::entries().len().div_ceil(2048);
        let first = super::warm();
        // Another test's bot may have warmed it already.
        assert!(first == pages || first == 0, "{first} of {pages}");
        assert!(pages > 10_000, "the embedded table is tens of megabytes");
        assert_eq!(super::warm(), 0);
    }
}
