//! The exact table, solved by `build.rs` and embedded with `include_bytes_aligned`.
//!
//! Nothing is read or computed at start-up. The contest export leaves this module out
//! (`not_embedded.rs` stands in): the judge gives the table as `data.bin` at run time.

use include_bytes_aligned::include_bytes_aligned;

use super::Source;
use crate::rules::dice::N5;

mod meta {
    include!(concat!(env!("OUT_DIR"), "/table_meta.rs"));
}
pub use meta::{
    TABLE_BYTES, TABLE_HASH, TABLE_MODEL, TABLE_ROWS, TABLE_SOLVE_SECONDS, TABLE_SOLVE_THREADS,
    TABLE_START_EXPECTED_K,
};

/// The binary reads no `data.bin` unless told to (`--table`).
pub const DATA_FILE: Option<&str> = None;
/// Any `data.bin` it is told to read is checked by its own hash only.
pub const EXPECTED_DATA: Option<(usize, u64)> = None;

/// The raw bytes, aligned for reading as `u16`.
static TABLE_RAW: &[u8] = include_bytes_aligned!(2, concat!(env!("OUT_DIR"), "/value_table.bin"));

// The table must be exactly rows × 252 entries of 2 bytes, written with the scale the
// code reads it with.
const _: () = assert!(TABLE_BYTES == TABLE_ROWS * N5 * 2);
const _: () = assert!(meta::TABLE_UNITS_PER_K_BUILT == super::TABLE_UNITS_PER_K);
const _: () =
    assert!(include_bytes!(concat!(env!("OUT_DIR"), "/value_table.bin")).len() == TABLE_BYTES);

/// The table as stored units.
pub fn entries() -> &'static [u16] {
    debug_assert_eq!(TABLE_RAW.as_ptr() as usize % 2, 0);
    // SAFETY: `include_bytes_aligned!(2, ..)` places the bytes at a 2-byte aligned
    // address (checked above in debug builds), the length is even (asserted at compile
    // time), every bit pattern is a valid `u16`, and the data is immutable and 'static.
    // The bytes are little endian, which is the byte order of every target we build for
    // (checked below).
    unsafe { std::slice::from_raw_parts(TABLE_RAW.as_ptr().cast::<u16>(), TABLE_RAW.len() / 2) }
}

#[cfg(not(target_endian = "little"))]
compile_error!("the embedded table is little endian");

/// The embedded table's FNV-1a hash, recomputed from the bytes (for checks).
pub fn computed_hash() -> u64 {
    crate::solver::quantize::fnv1a64(TABLE_RAW)
}

pub(super) fn source() -> Source {
    Source::Embedded { hash: TABLE_HASH }
}
