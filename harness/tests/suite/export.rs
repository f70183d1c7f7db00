//! The contest export end to end: export, check the contest's limits, build it as the
//! judge does, play it through real pipes, and check that it decides exactly as the
//! library does on the same table. Also: a missing or damaged `data.bin` still plays.
//!
//! The judge's four crates are fetched from crates.io; where they cannot be, the export
//! (which uses none of them) is built with rustc alone, and the test says so.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

use harness::export::encode::DEFAULT_STEP_POLICY;
use harness::export::{export, SOURCE_MAX_BYTES};
use harness::matchmaking::matches::{
    run_match, Deals, MatchConfig, MatchOutcome, RunSettings, Shard,
};
use harness::player::PlayerSpec;
use harness::referee::RefereeOptions;
use yacht::table::codec::DATA_MAX_BYTES;

/// The judge's compiler flags after `cargo rustc -r --`.
const JUDGE_RUSTC_FLAGS: [&str; 6] = [
    "-Copt-level=3",
    "-Ctarget-cpu=native",
    "--cfg",
    "online_judge",
    "--cfg",
    "nypc",
];
/// Bench games compared between the export and the library.
const BENCH_GAMES: usize = 3;
/// Games simulated for the export's row weights: a tenth of the submission's
/// (`harness::export::WEIGHT_GAMES`). The weights only choose each row's step, and what is
/// asserted here (the judge's build, real pipes, the library's decisions on the same
/// table, a damaged table) holds for any steps; the submission's own limits are checked
/// by `harness export` itself, which refuses a file over them. Saves 28 s of CPU.
const TEST_WEIGHT_GAMES: usize = 20_000;
/// Deal pairs the export plays through real pipes against each opponent.
const PIPE_DEALS: usize = 1;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yacht-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds DIR/target/release/main as the judge does; returns the compiler's messages.
fn judge_build(dir: &Path) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Process::new(cargo);
    command
        .args(["rustc", "-r", "--"])
        .args(JUDGE_RUSTC_FLAGS)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"));
    // Nothing of the outer build may leak into the judge's (CI builds the workspace through
    // clippy's driver: .ci/run).
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CLIPPY_ARGS",
    ] {
        command.env_remove(var);
    }
    let out = command.output().unwrap();
    let messages = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        return messages;
    }
    let offline = [
        "failed to get",
        "Unable to update",
        "failed to download",
        "spurious network",
    ]
    .iter()
    .any(|m| messages.contains(m));
    assert!(offline, "the judge's build failed:\n{messages}");
    eprintln!("the judge's crates cannot be fetched here: building the std-only source with rustc");
    let release = dir.join("target/release");
    std::fs::create_dir_all(&release).unwrap();
    let out = Process::new("rustc")
        .args([
            "--edition",
            "2024",
            "--crate-name",
            "main",
            "src/main.rs",
            "-o",
        ])
        .arg(release.join("main"))
        .args(JUDGE_RUSTC_FLAGS)
        .current_dir(dir)
        .output()
        .unwrap();
    let messages = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "rustc failed:\n{messages}");
    messages
}

fn run(x: PlayerSpec, y: &str, deals: usize) -> MatchOutcome {
    run_match(&MatchConfig {
        x,
        y: y.parse().unwrap(),
        logs: None,
        run: RunSettings {
            deals: Deals::Seeded {
                seed: 2025,
                count: deals,
            },
            threads: 0,
            referee: RefereeOptions::default(),
            progress: false,
            shard: Shard::WHOLE,
            only: None,
            results: None,
        },
    })
    .unwrap()
}

/// The `signature` line of a bench report.
fn signature(report: &str) -> String {
    report
        .lines()
        .find_map(|l| l.strip_prefix("signature "))
        .unwrap_or_else(|| panic!("no signature in {report}"))
        .to_string()
}

#[test]
fn the_export_builds_as_the_judge_does_and_plays_like_the_bot() {
    let dir = fresh_dir("submission");
    let summary = export(&dir, &DEFAULT_STEP_POLICY, TEST_WEIGHT_GAMES).unwrap();

    // The contest's limits, on the files as written.
    let source = std::fs::metadata(dir.join("src/main.rs")).unwrap().len() as usize;
    let data = std::fs::metadata(dir.join("data.bin")).unwrap().len() as usize;
    assert_eq!((source, data), (summary.source_bytes, summary.data_bytes));
    assert!(source <= SOURCE_MAX_BYTES, "main.rs is {source} bytes");
    assert!(data <= DATA_MAX_BYTES, "data.bin is {data} bytes");
    let text = std::fs::read_to_string(dir.join("src/main.rs")).unwrap();
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for foreign in [
        "include_bytes_aligned!",
        "rand_pcg::",
        "rand::",
        "once_cell::",
        "OUT_DIR",
        "yacht::",
    ] {
        assert!(!code.contains(foreign), "the export's code uses {foreign}");
    }

    // Built exactly as the judge builds it, without a warning.
    let messages = judge_build(&dir);
    assert!(
        !messages.contains("warning"),
        "the export's build warns:\n{messages}"
    );
    let main = dir.join("target/release/main");
    assert!(main.is_file());

    // Real pipes, the judge's command line and working directory: no aborts.
    let export = PlayerSpec::Export(dir.clone());
    for opponent in ["sample:7", "bot"] {
        let o = run(export.clone(), opponent, PIPE_DEALS);
        assert!(
            o.stats.aborts.is_empty(),
            "against {opponent}: {:?}",
            o.stats.aborts
        );
        assert_eq!(o.stats.completed, 2 * PIPE_DEALS as u64);
    }

    // The same decisions as the library on the same table: equal bench signatures, with
    // the default's rollouts and with the value network's curves (the export carries the
    // network's weights in its source).
    let games = BENCH_GAMES.to_string();
    for curves in [&[][..], &["--curves", "net"][..]] {
        let bench = Process::new(&main)
            .args(["bench", &games])
            .args(curves)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(bench.status.success(), "bench {curves:?}");
        let exported = signature(&String::from_utf8_lossy(&bench.stdout));
        // The library's bot on the same table, in a process of its own (a table installed
        // here would be every other test's in this binary).
        let library = Process::new(crate::common::bot_binary())
            .args(["--table", dir.join("data.bin").to_str().unwrap()])
            .args(["bench", &games])
            .args(curves)
            .output()
            .unwrap();
        assert!(library.status.success(), "bench {curves:?}");
        let library = signature(&String::from_utf8_lossy(&library.stdout));
        assert_eq!(
            exported, library,
            "the export decides differently from the library ({curves:?})"
        );
    }

    // A damaged data.bin: reported on stderr, still a legal game, exit code 0.
    let broken = fresh_dir("broken");
    std::fs::create_dir_all(broken.join("target/release")).unwrap();
    std::fs::copy(&main, broken.join("target/release/main")).unwrap();
    let mut bytes = std::fs::read(dir.join("data.bin")).unwrap();
    bytes[1000] ^= 0x40;
    std::fs::write(broken.join("data.bin"), &bytes).unwrap();
    let o = run(PlayerSpec::Export(broken.clone()), "sample:3", 2);
    assert!(o.stats.aborts.is_empty(), "{:?}", o.stats.aborts);
    let session = Process::new(broken.join("target/release/main"))
        .arg("NYPC")
        .current_dir(&broken)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = session.stdin.as_ref().unwrap();
        stdin
            .write_all(b"READY\nROLL 12345 66666\nFINISH\n")
            .unwrap();
    }
    let out = session.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("data.bin") && err.contains("without the table"),
        "{err}"
    );

    // And a missing one.
    std::fs::remove_file(broken.join("data.bin")).unwrap();
    let o = run(PlayerSpec::Export(broken.clone()), "sample:2", 2);
    assert!(o.stats.aborts.is_empty(), "{:?}", o.stats.aborts);

    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&broken);
}
