//! Runs as data: per-game records, shards and `harness merge`, through the real binary.
//! Two shards merged print exactly the report of one whole run (the time line aside), for
//! a match, a league, a gauntlet and an SPRT (whose merged position `--resume` continues
//! from); a truncated or foreign file, overlapping shards and shards of other deals are
//! refused, naming the file and the line.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The harness binary cargo built for these tests.
fn harness() -> Command {
    Command::new(env!("CARGO_BIN_EXE_harness"))
}

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harness-results-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `args` and returns stdout; panics with stderr on failure.
fn run(args: &[&str]) -> String {
    let out = harness().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "harness {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `args`, which must fail; returns stderr.
fn refused(args: &[&str]) -> String {
    let out = harness().args(args).output().unwrap();
    assert!(!out.status.success(), "harness {args:?} should have failed");
    String::from_utf8(out.stderr).unwrap()
}

/// A report without the lines that tell time (a run's wall time, a merge's file count).
fn without_time(report: &str) -> String {
    report
        .lines()
        .filter(|l| !(l.starts_with("games ") || (l.starts_with('(') && l.ends_with(')'))))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A report without its answer times either (they differ between two runs of the same
/// games).
fn without_answer_times(report: &str) -> String {
    without_time(report)
        .lines()
        .filter(|l| {
            !(l.starts_with("response ")
                || l.starts_with("decisions ")
                || l.starts_with("the luck took ")
                || l.starts_with("  "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Plays `command` whole and as shards 1/2 and 2/2 with --results, merges the shards, and
/// checks the merged report is the whole run's; returns the shard files.
fn whole_equals_merged(name: &str, command: &[&str]) -> (PathBuf, PathBuf) {
    let dir = dir(name);
    let (whole, one, two) = (
        dir.join("whole.jsonl"),
        dir.join("1.jsonl"),
        dir.join("2.jsonl"),
    );
    let with = |extra: &[&str]| -> Vec<String> {
        command.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let run_with =
        |extra: &[&str]| run(&with(extra).iter().map(String::as_str).collect::<Vec<_>>());
    let whole_report = run_with(&["--results", path(&whole)]);
    for (shard, file) in [("1/2", &one), ("2/2", &two)] {
        run_with(&["--shard", shard, "--results", path(file)]);
    }
    let merged = run(&["merge", path(&one), path(&two)]);
    assert_eq!(
        without_answer_times(&merged),
        without_answer_times(&whole_report),
        "{name}"
    );
    // The whole run's own file merges to the same report, answer times included.
    assert_eq!(
        without_time(&run(&["merge", path(&whole)])),
        without_time(&whole_report)
    );
    (one, two)
}

const FAST_BOT: &str = "bot:rollouts=50,clock=0";

#[test]
fn a_merged_match_is_the_whole_match() {
    let (one, two) = whole_equals_merged(
        "match",
        &[
            "match",
            FAST_BOT,
            "sample:7",
            "--deals",
            "6",
            "--no-progress",
        ],
    );
    // Every line is a JSON object of the documented schema.
    let text = std::fs::read_to_string(&one).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["schema"], "yacht-auction-results/1");
    assert_eq!(first["run"]["shards"], 2);
    assert_eq!(first["shard"], 1);
    for key in [
        "deal",
        "deal_seed",
        "first",
        "second",
        "result",
        "total",
        "bids",
        "abort",
        "times",
    ] {
        assert!(first.get(key).is_some(), "{key}");
    }
    // Bad input, each refused with the file and the line.
    let dir = one.parent().unwrap().to_path_buf();
    let truncated = dir.join("truncated.jsonl");
    let full = std::fs::read_to_string(&two).unwrap();
    std::fs::write(&truncated, &full[..full.len() - 40]).unwrap();
    let message = refused(&["merge", path(&one), path(&truncated)]);
    assert!(
        message.contains("truncated.jsonl:") && message.contains("truncated or foreign"),
        "{message}"
    );
    let foreign = dir.join("foreign.jsonl");
    std::fs::write(&foreign, "{\"name\": \"not ours\"}\n").unwrap();
    let message = refused(&["merge", path(&foreign)]);
    assert!(message.contains("foreign.jsonl:1"), "{message}");
    // The same shard twice: overlapping.
    let copy = dir.join("copy.jsonl");
    std::fs::copy(&one, &copy).unwrap();
    let message = refused(&["merge", path(&one), path(&copy), path(&two)]);
    assert!(message.contains("overlapping"), "{message}");
    // A shard of other deals.
    let other = dir.join("other-seed.jsonl");
    run(&[
        "match",
        FAST_BOT,
        "sample:7",
        "--deals",
        "6",
        "--seed",
        "9",
        "--no-progress",
        "--shard",
        "2/2",
        "--results",
        path(&other),
    ]);
    let message = refused(&["merge", path(&one), path(&other)]);
    assert!(
        message.contains("other-seed.jsonl:1") && message.contains("other deals"),
        "{message}"
    );
    // One shard alone is not the whole run.
    let message = refused(&["merge", path(&one)]);
    assert!(
        message.contains("missing") && message.contains("shard(s) {2}"),
        "{message}"
    );
}

#[test]
fn a_merged_league_is_the_whole_league() {
    whole_equals_merged(
        "league",
        &[
            "league",
            "sample:2",
            "sample:7",
            "sample:10",
            "--deals",
            "5",
            "--no-progress",
        ],
    );
}

/// Sample 2 and baseline sample 3 against sample 7 and a heuristic contest bot, 5 deals.
const SMALL_GAUNTLET: &[&str] = &[
    "gauntlet",
    "--bot",
    "sample:2",
    "--baseline",
    "sample:3",
    "--opponent",
    "sample:7",
    "--opponent",
    "contest:heur-half",
    "--deals",
    "5",
    "--no-progress",
];

#[test]
fn a_merged_gauntlet_is_the_whole_gauntlet() {
    whole_equals_merged(
        "gauntlet",
        &[SMALL_GAUNTLET, &["--also", "sample:8"]].concat(),
    );
}

#[test]
fn a_merged_sprt_reads_the_test_as_one_run_and_resumes_from_it() {
    let test = [
        "sprt",
        "sample:2",
        "sample:3",
        "--batch",
        "10",
        "--max-deals",
        "60",
        "--nelo0",
        "0",
        "--nelo1",
        "5",
    ];
    let (one, two) = whole_equals_merged("sprt", &test);
    // Resuming from the merged position of the first shard's batch and the second's
    // continues the same test as one run would.
    let dir = one.parent().unwrap().to_path_buf();
    let (short_one, short_two) = (dir.join("s1.jsonl"), dir.join("s2.jsonl"));
    for (shard, file) in [("1/2", &short_one), ("2/2", &short_two)] {
        run(&[
            "sprt",
            "sample:2",
            "sample:3",
            "--batch",
            "10",
            "--max-deals",
            "20",
            "--nelo0",
            "0",
            "--nelo1",
            "5",
            "--shard",
            shard,
            "--results",
            path(file),
        ]);
    }
    let merged = run(&["merge", path(&short_one), path(&short_two)]);
    let position = merged
        .lines()
        .filter_map(|l| l.split("resume ").nth(1))
        .next_back()
        .expect("a resume position")
        .trim()
        .to_string();
    assert!(position.starts_with("2:"), "{position}");
    let resumed = run(&[
        "sprt",
        "sample:2",
        "sample:3",
        "--batch",
        "10",
        "--max-deals",
        "60",
        "--nelo0",
        "0",
        "--nelo1",
        "5",
        "--resume",
        &position,
    ]);
    let whole = run(&test);
    // The resumed run prints the whole run's lines from the third batch on.
    let whole_lines: Vec<&str> = whole.lines().collect();
    let resumed_lines: Vec<&str> = resumed.lines().collect();
    assert_eq!(resumed_lines[..], whole_lines[2..], "{whole}\n{resumed}");
    let _ = std::fs::remove_dir_all(dir);
    let _ = two;
}

/// The number in column `field` (split on whitespace, `|`, `[`, `]` and `,` removed) of
/// the report line that starts with `opponent`.
fn column(report: &str, opponent: &str, field: usize) -> String {
    let line = report
        .lines()
        .find(|l| l.starts_with(opponent))
        .unwrap_or_else(|| panic!("no line for {opponent}:\n{report}"));
    line.split(|c: char| c.is_whitespace() || "|[],".contains(c))
        .filter(|w| !w.is_empty())
        .nth(field)
        .unwrap_or_else(|| panic!("no field {field} in {line}"))
        .to_string()
}

#[test]
fn compare_pairs_a_players_games_by_deal_across_runs_and_within_one() {
    let dir = dir("compare");
    let gauntlet = dir.join("gauntlet.jsonl");
    run(&[SMALL_GAUNTLET, &["--results", path(&gauntlet)]].concat());
    // A longer match of the same player on the same seed: its first five deals are the
    // gauntlet's, played alike, so every game ends with the same totals. One thread
    // writes the games in deal order (cut below).
    let longer = dir.join("longer.jsonl");
    run(&[
        "match",
        "sample:2",
        "sample:7",
        "--deals",
        "8",
        "--threads",
        "1",
        "--no-progress",
        "--results",
        path(&longer),
    ]);
    let same = run(&["compare", path(&longer), "--against", path(&gauntlet)]);
    assert_eq!(column(&same, "sample:7", 1), "5", "pairs\n{same}");
    assert_eq!(column(&same, "sample:7", 4), "+0.00", "difference\n{same}");
    // The same games: the same luck, so the luck-adjusted difference is nil too.
    assert_eq!(column(&same, "sample:7", 7), "+0.00", "adjusted\n{same}");
    assert_eq!(column(&same, "sample:7", 10), "10", "games same\n{same}");
    assert_eq!(column(&same, "sample:7", 13), "0", "results differ\n{same}");
    assert!(
        same.contains("1 more opponents in the old run only"),
        "{same}"
    );
    let reverse = run(&["compare", path(&gauntlet), "--against", path(&longer)]);
    assert!(
        reverse.contains("not in the old run (not compared): contest:heur-half"),
        "{reverse}"
    );
    // Two players of one run: the candidate against the baseline, per opponent and pooled.
    let within = run(&[
        "compare",
        path(&gauntlet),
        "--against",
        path(&gauntlet),
        "--against-player",
        "sample:3",
    ]);
    assert!(within.starts_with("new = sample:2") && within.contains("old = sample:3"));
    assert_eq!(column(&within, "contest:heur-half", 1), "5", "{within}");
    assert_eq!(column(&within, "all", 1), "10", "{within}");
    let merged = run(&["merge", path(&gauntlet)]);
    for opponent in ["sample:7", "contest:heur-half"] {
        // The score rates are the gauntlet's own, C and B.
        let (c, b) = (column(&merged, opponent, 2), column(&merged, opponent, 6));
        assert_eq!(column(&within, opponent, 2), c, "{within}\n{merged}");
        assert_eq!(column(&within, opponent, 3), b, "{within}\n{merged}");
    }
    // A run cut mid-pair (still being written: three whole deals and one game of the
    // fourth) compares as far as it is whole; merge
    // refuses it.
    let text = std::fs::read_to_string(&longer).unwrap();
    let cut = dir.join("cut.jsonl");
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&cut, lines[..7].join("\n") + "\n").unwrap();
    let partial = run(&["compare", path(&cut), "--against", path(&gauntlet)]);
    assert_eq!(column(&partial, "sample:7", 1), "3", "{partial}");
    assert!(partial.contains("new: 1 games without"), "{partial}");
    refused(&["merge", path(&cut)]);
    // Two matches against different opponents on the same deals pair as one row.
    let versus_ten = dir.join("versus-ten.jsonl");
    run(&[
        "match",
        "sample:2",
        "sample:10",
        "--deals",
        "4",
        "--no-progress",
        "--results",
        path(&versus_ten),
    ]);
    let across = run(&["compare", path(&longer), "--against", path(&versus_ten)]);
    assert_eq!(column(&across, "sample:7 / sample:10", 3), "4", "{across}");
    assert!(!across.contains("not compared"), "{across}");
    // Other deals are refused.
    let other = dir.join("other.jsonl");
    run(&[
        "match",
        "sample:2",
        "sample:7",
        "--deals",
        "2",
        "--seed",
        "9",
        "--no-progress",
        "--results",
        path(&other),
    ]);
    let message = refused(&["compare", path(&other), "--against", path(&gauntlet)]);
    assert!(message.contains("other deals"), "{message}");
}
