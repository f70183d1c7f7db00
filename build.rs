//! Solves the exact value table and writes it, with its size and checks, to `OUT_DIR`.
//!
//! The rules and the solver are the library's own files, included by path, so the table
//! and the bot share one source of truth.

use std::fmt::Write as _;
use std::time::Instant;

#[allow(dead_code)]
#[path = "src/rules/mod.rs"]
mod rules;
#[allow(dead_code)]
#[path = "src/solver/mod.rs"]
mod solver;

use solver::model::{BundleModel, DEFAULT_MODEL, MODEL_ENV_VAR};
use solver::quantize::{fnv1a64, quantize, to_le_bytes, TABLE_UNITS_PER_K};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rules");
    println!("cargo:rerun-if-changed=src/solver");
    println!("cargo:rerun-if-env-changed={MODEL_ENV_VAR}");

    let spec = std::env::var(MODEL_ENV_VAR).unwrap_or_else(|_| DEFAULT_MODEL.to_string());
    let model = BundleModel::parse(&spec).unwrap_or_else(|e| panic!("{MODEL_ENV_VAR}: {e}"));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());

    let started = Instant::now();
    let solved = solver::solve::solve(&model, threads);
    let solve_seconds = started.elapsed().as_secs_f64();

    let table = quantize(&solved.values).unwrap_or_else(|e| panic!("{e}"));
    let bytes = to_le_bytes(&table);
    let hash = fnv1a64(&bytes);

    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = std::path::Path::new(&out_dir);
    std::fs::write(out.join("value_table.bin"), &bytes).expect("write value_table.bin");
    // The exact values before rounding, for the test that checks them against the
    // independent references (tests/suite/solver_exact.rs reads them instead of solving
    // the table a second time).
    let exact: Vec<u8> = solved.values.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(out.join("solved_values.f64"), exact).expect("write solved_values.f64");

    let mut meta = String::new();
    writeln!(meta, "/// Rows in the embedded table.").unwrap();
    writeln!(
        meta,
        "pub const TABLE_ROWS: usize = {};",
        solved.layout.rows
    )
    .unwrap();
    writeln!(meta, "/// Bytes of the embedded table.").unwrap();
    writeln!(meta, "pub const TABLE_BYTES: usize = {};", bytes.len()).unwrap();
    writeln!(meta, "/// FNV-1a 64 of the embedded table's bytes.").unwrap();
    writeln!(meta, "pub const TABLE_HASH: u64 = {hash:#018x};").unwrap();
    writeln!(
        meta,
        "/// The incoming-bundle model the table was solved for."
    )
    .unwrap();
    writeln!(meta, "pub const TABLE_MODEL: &str = {:?};", model.name).unwrap();
    writeln!(
        meta,
        "/// Exact (f64) expected score at game start, kilo-points."
    )
    .unwrap();
    writeln!(
        meta,
        "pub const TABLE_START_EXPECTED_K: f64 = {:?};",
        solved.start_expected_k
    )
    .unwrap();
    writeln!(meta, "/// Seconds the build spent solving the table.").unwrap();
    writeln!(
        meta,
        "pub const TABLE_SOLVE_SECONDS: f64 = {solve_seconds:.2};"
    )
    .unwrap();
    writeln!(meta, "/// Threads the build solved with.").unwrap();
    writeln!(meta, "pub const TABLE_SOLVE_THREADS: usize = {threads};").unwrap();
    writeln!(
        meta,
        "/// Stored units per kilo-point the table was written with."
    )
    .unwrap();
    writeln!(
        meta,
        "pub const TABLE_UNITS_PER_K_BUILT: i32 = {TABLE_UNITS_PER_K};"
    )
    .unwrap();
    std::fs::write(out.join("table_meta.rs"), meta).expect("write table_meta.rs");
}
