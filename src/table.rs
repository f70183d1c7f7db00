//! The embedded value table: `F(used, upper, carried)` in 16-bit fixed point.
//!
//! Solved by `build.rs` and embedded with `include_bytes_aligned`: nothing is read or
//! computed at start-up.

use include_bytes_aligned::include_bytes_aligned;

use crate::rules::category::ALL_USED;
use crate::rules::dice::{rank, Counts, N5};
use crate::solver::layout::{effective_upper, row_index, UPPER_DECIDED};
pub use crate::solver::quantize::TABLE_UNITS_PER_K;

mod meta {
    include!(concat!(env!("OUT_DIR"), "/table_meta.rs"));
}
pub use meta::{
    TABLE_BYTES, TABLE_HASH, TABLE_MODEL, TABLE_ROWS, TABLE_SOLVE_SECONDS, TABLE_SOLVE_THREADS,
    TABLE_START_EXPECTED_K,
};

/// The raw bytes, aligned for reading as `u16`.
static TABLE_RAW: &[u8] = include_bytes_aligned!(2, concat!(env!("OUT_DIR"), "/value_table.bin"));

// The table must be exactly rows × 252 entries of 2 bytes, written with the scale the
// code reads it with.
const _: () = assert!(TABLE_BYTES == TABLE_ROWS * N5 * 2);
const _: () = assert!(meta::TABLE_UNITS_PER_K_BUILT == TABLE_UNITS_PER_K);
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

/// The table's row for (`used`, `upper_k`), or `None` when the game is over (all used).
/// `upper_k` is the upper-section sum so far (any value; capped internally).
#[inline]
pub fn row(used: u16, upper_k: u32) -> Option<&'static [u16]> {
    if used >= ALL_USED {
        return None;
    }
    let eff = effective_upper(used, upper_k.min(63));
    let r = row_index(&meta::ROW_BASE, &meta::UPPER_SLOT, used, eff)
        .or_else(|| row_index(&meta::ROW_BASE, &meta::UPPER_SLOT, used, UPPER_DECIDED))?;
    entries().get(r * N5..(r + 1) * N5)
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

/// The embedded table's FNV-1a hash, recomputed from the bytes (for checks).
pub fn computed_hash() -> u64 {
    crate::solver::quantize::fnv1a64(TABLE_RAW)
}
