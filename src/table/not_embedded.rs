//! The contest export's stand-in for `embedded.rs`: the judge gives the table only at run
//! time, as `data.bin`, so nothing is embedded and a missing file means table-free play.

use super::Source;

/// The judge puts `data.bin` in the working directory.
pub const DATA_FILE: Option<&str> = Some("data.bin");
/// The size and FNV-1a hash of the `data.bin` exported with this source (written into
/// the bundle by `harness export`).
pub const EXPECTED_DATA: Option<(usize, u64)> =
    Some((crate::EXPORT_DATA_BYTES, crate::EXPORT_DATA_HASH));

/// No embedded table.
pub fn entries() -> &'static [u16] {
    &[]
}

pub(super) fn source() -> Source {
    Source::Missing
}
