//! The `data.bin` encoder: the exact 16-bit table in at most 10 MiB.
//!
//! Per row: the step (a power of two, from how much play depends on the row), the mean,
//! and the coordinates in the principal basis rounded to the step. The file format and
//! the reconstruction are the library's ([`yacht::table::codec`]), so what the encoder
//! measures is exactly what the bot will decode.

use yacht::rules::dice::N5;
use yacht::table::codec::{
    assemble, coordinate_context, mean_context, reconstruct_row, step_context, Header, Parts,
    CONTEXTS, STEP_CODES,
};
use yacht::table::rans::{int_symbol, BitWriter, Encoder, Model, INT_SYMBOLS};
use yacht::table::TABLE_UNITS_PER_K;

use super::basis::principal_basis;

/// How steps are allocated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepPolicy {
    /// A row consulted competitively `w` times per game gets the step
    /// `scale_units / √w`, rounded to a power of two and clamped to the codes below.
    pub scale_units: f64,
    pub finest_code: u8,
    pub coarsest_code: u8,
}

/// The shipped policy. Chosen from the frontier of data.bin size against the loss in play
/// (`harness export DIR --step-scale S --finest F --coarsest C`, then
/// `harness measure table-audit --table DIR/data.bin`): docs/experiments/2026-11-23-table-coding-frontier.md#table-frontier.
pub const DEFAULT_STEP_POLICY: StepPolicy = StepPolicy {
    scale_units: 0.1,
    finest_code: 1,
    coarsest_code: 5,
};

impl StepPolicy {
    /// The step code of a row with weight `w` (competitive consultations per game).
    pub fn code(&self, w: f64) -> u8 {
        let step = self.scale_units / w.max(1e-12).sqrt();
        let code = step.log2().round();
        let (lo, hi) = (self.finest_code as f64, self.coarsest_code as f64);
        code.clamp(lo, hi.min(STEP_CODES as f64 - 1.0)) as u8
    }
}

/// What an encoding produced and measured.
pub struct Encoded {
    pub bytes: Vec<u8>,
    /// The decoded table (what the bot will play with).
    pub decoded: Vec<u16>,
    /// Largest absolute error of a decoded entry, table units.
    pub max_error_units: u32,
    /// Rows per step code.
    pub rows_per_code: [usize; STEP_CODES],
}

/// Encodes `entries` (`rows × 252` stored units) with steps from `weights` (per row).
pub fn encode(
    entries: &[u16],
    weights: &[f64],
    policy: &StepPolicy,
    source_hash: u64,
    start_expected_k: f64,
) -> Encoded {
    let rows = entries.len() / N5;
    assert_eq!(weights.len(), rows, "one weight per row");
    let basis = principal_basis(entries);
    let mut enc = Encoder::default();
    let mut raw = BitWriter::default();
    let mut push = |enc: &mut Encoder, context: u16, v: i64| {
        let (symbol, bits, value) = int_symbol(v);
        enc.push(context, symbol);
        raw.write(bits, value);
    };
    let mut decoded = vec![0u16; entries.len()];
    let mut rows_per_code = [0usize; STEP_CODES];
    let mut max_error_units = 0u32;
    let mut previous_mean = 0i64;
    let mut coords = [0i64; N5];
    let mut centred = [0f64; N5];
    for (r, row) in entries.chunks_exact(N5).enumerate() {
        let code = policy.code(weights[r]);
        rows_per_code[code as usize] += 1;
        let sum: i64 = row.iter().map(|&v| v as i64).sum();
        let mean = (2 * sum + N5 as i64) / (2 * N5 as i64);
        for (c, &v) in centred.iter_mut().zip(row) {
            *c = v as f64 - mean as f64;
        }
        let step = (1i64 << code) as f64;
        for (j, q) in coords.iter_mut().enumerate() {
            let inverse = &basis.inverse[j * N5..(j + 1) * N5];
            let c: f64 = inverse.iter().zip(&centred).map(|(a, x)| a * x).sum();
            *q = (c / step).round() as i64;
        }
        push(&mut enc, step_context(), code as i64);
        push(&mut enc, mean_context(), mean - previous_mean);
        previous_mean = mean;
        for (j, &q) in coords.iter().enumerate() {
            push(&mut enc, coordinate_context(code, j), q);
        }
        let out = &mut decoded[r * N5..(r + 1) * N5];
        reconstruct_row(mean, code, &coords, &basis.vectors, out);
        for (&d, &v) in out.iter().zip(row) {
            max_error_units = max_error_units.max((d as i32 - v as i32).unsigned_abs());
        }
    }
    let models: Vec<Model> = enc
        .counts(CONTEXTS, INT_SYMBOLS)
        .iter()
        .map(|c| Model::from_counts(c))
        .collect();
    let rans = enc.finish(&models);
    let raw = raw.finish();
    let bytes = assemble(&Parts {
        header: Header {
            rows: rows as u32,
            units_per_k: TABLE_UNITS_PER_K as u32,
            source_hash,
            start_expected_k,
        },
        basis: &basis.vectors,
        models: &models,
        rans: &rans,
        raw: &raw,
    });
    Encoded {
        bytes,
        decoded,
        max_error_units,
        rows_per_code,
    }
}
