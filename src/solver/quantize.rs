//! Storage format of the embedded table: 16-bit fixed point, little endian.

/// Stored units per kilo-point: a stored value `q` means `q / 200` kilo-points.
/// The largest value the game allows is 325 (every category at its maximum plus the
/// bonus), and 65535 / 200 = 327.675 covers it; the rounding error is at most 0.0025.
pub const TABLE_UNITS_PER_K: i32 = 200;

/// The largest value a stored entry can represent, in kilo-points.
pub const TABLE_MAX_K: f64 = u16::MAX as f64 / TABLE_UNITS_PER_K as f64;

/// Rounds kilo-point values to stored units. Fails on a value the format cannot hold.
pub fn quantize(values_k: &[f64]) -> Result<Vec<u16>, String> {
    values_k
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let q = (v * TABLE_UNITS_PER_K as f64).round();
            if (0.0..=u16::MAX as f64).contains(&q) {
                Ok(q as u16)
            } else {
                Err(format!(
                    "table entry {i} = {v} k is outside 0..={TABLE_MAX_K}"
                ))
            }
        })
        .collect()
}

/// The little-endian bytes of a quantised table.
pub fn to_le_bytes(table: &[u16]) -> Vec<u8> {
    table.iter().flat_map(|q| q.to_le_bytes()).collect()
}

/// FNV-1a 64-bit hash: the table's content tag (`yacht-bot --version`).
pub const fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}
