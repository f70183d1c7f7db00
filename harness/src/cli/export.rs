//! The `export` command: writes the contest submission (`crate::export`) and describes
//! what it wrote.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use crate::export::encode::{StepPolicy, DEFAULT_STEP_POLICY};
use crate::export::{export, ExportSummary, WEIGHT_GAMES};

#[derive(Args)]
pub struct ExportArgs {
    dir: PathBuf,
    /// Step allocation: a row consulted w times per game gets step SCALE/√w units.
    #[arg(long, default_value_t = DEFAULT_STEP_POLICY.scale_units)]
    step_scale: f64,
    /// Finest step code (step = 2^code table units of 1/200 k-point).
    #[arg(long, default_value_t = DEFAULT_STEP_POLICY.finest_code)]
    finest: u8,
    /// Coarsest step code.
    #[arg(long, default_value_t = DEFAULT_STEP_POLICY.coarsest_code)]
    coarsest: u8,
    /// Games simulated for the row weights.
    #[arg(long, default_value_t = WEIGHT_GAMES)]
    weight_games: usize,
}

impl ExportArgs {
    /// `harness export`: writes the submission and prints what it wrote.
    pub fn run(self) -> Result<(), String> {
        let policy = StepPolicy {
            scale_units: self.step_scale,
            finest_code: self.finest,
            coarsest_code: self.coarsest,
        };
        print!("{}", export_to(&self.dir, &policy, self.weight_games)?);
        Ok(())
    }
}

/// Writes the contest submission to `dir` and describes it.
pub fn export_to(dir: &Path, policy: &StepPolicy, weight_games: usize) -> Result<String, String> {
    let started = Instant::now();
    let s: ExportSummary = export(dir, policy, weight_games)?;
    Ok(format!(
        "wrote {dir}/src/main.rs ({} bytes), {dir}/data.bin ({} bytes, hash {:016x}), {dir}/Cargo.toml\n\
         table: largest entry error {:.3} k; rows per step code {:?}\n\
         limits: source {} of 1048576 bytes, data {} of 10485760 bytes ({:.1} s)\n",
        s.source_bytes,
        s.data_bytes,
        s.data_hash,
        s.max_error_units as f64 / yacht::table::TABLE_UNITS_PER_K as f64,
        s.rows_per_code,
        s.source_bytes,
        s.data_bytes,
        started.elapsed().as_secs_f64(),
        dir = dir.display(),
    ))
}
