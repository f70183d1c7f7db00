//! `harness tune` on real games: a planted parameter whose best value is known climbs to
//! it, and a tune cut short resumes to exactly the tune played through.

use harness::distributed::Hosts;
use harness::referee::RefereeOptions;
use harness::tuning::run::{read_log, run_tune, Setup, Tune, SCHEMA};
use harness::tuning::spsa::Parameter;

/// A tune of the bot's skill level over its first five (1..=5, each level about 200 Elo over
/// the one below: the best is 5) against sample AI 6, from level 1.
fn level_tune(log: &std::path::Path, iterations: usize) -> Tune {
    let parameter: Parameter = "level=1:1:5:1".parse().unwrap();
    let opponents = vec!["sample:6".parse().unwrap()];
    Tune {
        setup: Setup {
            schema: SCHEMA.to_string(),
            base: "bot:clock=0,rollouts=40".to_string(),
            parameters: vec![parameter.to_string()],
            opponents: vec!["sample:6".to_string()],
            pairs: 4,
            iterations,
            r_end: 0.3,
            seed: 5,
            batch: 1,
        },
        parameters: vec![parameter],
        opponents,
        log: log.to_path_buf(),
        until: None,
        hosts: Hosts::Local { threads: 0 },
        referee: RefereeOptions {
            time_scale: 20.0,
            ..RefereeOptions::default()
        },
        progress: false,
    }
}

#[test]
fn a_planted_level_climbs_to_the_top_and_a_cut_tune_resumes() {
    let dir = std::env::temp_dir().join(format!("yacht-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole = dir.join("whole.jsonl");
    let tune = level_tune(&whole, 16);
    let mut seen = 0;
    let spsa = run_tune(&tune, |_| seen += 1).unwrap();
    assert_eq!(seen, 16);
    assert!(
        spsa.theta[0] >= 3.5,
        "level 1 should climb: {:?}",
        spsa.theta
    );
    let (setup, lines) = read_log(&whole).unwrap();
    assert_eq!((setup, lines.len()), (tune.setup.clone(), 16));
    // Each iteration's points are one level either side of θ, on the same deals.
    assert!(lines.iter().all(|l| l.plus[0] != l.minus[0]), "{lines:?}");

    // Cut after 10 iterations, with half a line: the resumed tune plays the last 6 and
    // ends where the whole one did (the bot with the clock off plays the same games).
    let cut = dir.join("cut.jsonl");
    let text = std::fs::read_to_string(&whole).unwrap();
    let kept: Vec<&str> = text.lines().take(11).collect();
    let half = &text.lines().nth(11).unwrap()[..40];
    std::fs::write(&cut, format!("{}\n{half}", kept.join("\n"))).unwrap();
    let mut resumed = 0;
    let again = run_tune(&level_tune(&cut, 16), |_| resumed += 1).unwrap();
    assert_eq!(resumed, 6);
    assert_eq!(again.theta, spsa.theta);
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);

    // A tune stopped early (--until) stops there and resumes to the same end.
    let early = dir.join("early.jsonl");
    let stopped = run_tune(
        &Tune {
            until: Some(7),
            ..level_tune(&early, 16)
        },
        |_| {},
    )
    .unwrap();
    assert_eq!(stopped.iteration, 7);
    assert_eq!(
        run_tune(&level_tune(&early, 16), |_| {}).unwrap().theta,
        spsa.theta
    );

    // Four iterations at a time: stopped mid-batch (--until 6) it resumes to the θ of the
    // same tune played through; and a coordinator stopped mid-batch, its log cut back to
    // the batch's start, plays only the games it had not kept.
    let batched = |log: &std::path::Path| Tune {
        setup: Setup {
            batch: 4,
            ..level_tune(log, 16).setup
        },
        ..level_tune(log, 16)
    };
    let through = dir.join("batched.jsonl");
    let whole_batched = run_tune(&batched(&through), |_| {}).unwrap();
    let mid = dir.join("mid.jsonl");
    run_tune(
        &Tune {
            until: Some(6),
            ..batched(&mid)
        },
        |_| {},
    )
    .unwrap();
    assert_eq!(
        run_tune(&batched(&mid), |_| {}).unwrap().theta,
        whole_batched.theta
    );
    assert_eq!(
        std::fs::read_to_string(&mid).unwrap(),
        std::fs::read_to_string(&through).unwrap()
    );
    let batched_text = std::fs::read_to_string(&through).unwrap();
    let kept: Vec<&str> = batched_text.lines().take(1 + 4).collect();
    std::fs::write(&through, kept.join("\n") + "\n").unwrap();
    let games = harness::tuning::run::games_dir(&through);
    let untouched = games.join("iteration-00006-minus.jsonl");
    let before = std::fs::read_to_string(&untouched).unwrap();
    std::fs::remove_file(games.join("iteration-00005-plus.jsonl")).unwrap();
    let mut again = 0;
    run_tune(&batched(&through), |_| again += 1).unwrap();
    assert_eq!(again, 12);
    assert_eq!(std::fs::read_to_string(&through).unwrap(), batched_text);
    assert_eq!(std::fs::read_to_string(&untouched).unwrap(), before);

    // Another tune's log is refused, not overwritten.
    let other = level_tune(&cut, 20);
    let refused = run_tune(&other, |_| {}).unwrap_err();
    assert!(refused.contains("another tune"), "{refused}");
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);
    std::fs::remove_dir_all(&dir).ok();
}

/// A program with a planted optimum (tests/data/planted_bot.py: it blunders at a scoring
/// with probability 1.5 |x - 0.6|) tuned through its command line, `{x}`, from 0.2 against
/// sample AI 2, four iterations at a time: it ends within 0.15 of 0.6. (Seeds 1, 2 and 3
/// end at 0.49, 0.62 and 0.66; from 0.3 to 0.6 the program's score rises from about 30%
/// to 75%.)
#[test]
fn a_planted_optimum_of_a_program_is_found_through_its_command_line() {
    let dir = std::env::temp_dir().join(format!("yacht-tune-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let parameter: Parameter = "x=0.2:0:1:0.1".parse().unwrap();
    let base = "cmd:python3 tests/data/planted_bot.py --x {x}";
    let tune = Tune {
        setup: Setup {
            schema: SCHEMA.to_string(),
            base: base.to_string(),
            parameters: vec![parameter.to_string()],
            opponents: vec!["sample:2".to_string()],
            pairs: 4,
            iterations: 16,
            r_end: 0.1,
            seed: 1,
            batch: 4,
        },
        parameters: vec![parameter],
        opponents: vec!["sample:2".parse().unwrap()],
        log: dir.join("planted.jsonl"),
        until: None,
        hosts: Hosts::Local { threads: 0 },
        referee: RefereeOptions {
            time_scale: 20.0,
            ..RefereeOptions::default()
        },
        progress: false,
    };
    let spsa = run_tune(&tune, |_| {}).unwrap();
    assert!((spsa.theta[0] - 0.6).abs() < 0.15, "{:?}", spsa.theta);
    let (_, lines) = read_log(&tune.log).unwrap();
    // The program was played at its values: every point's games were its own.
    for line in &lines {
        assert!(line.plus[0] != line.minus[0], "{line:?}");
        // A batch's iterations play around the θ the batch started from.
        let start = &lines[line.iteration / 4 * 4];
        let mid = (line.plus[0] + line.minus[0]) / 2.0;
        assert!(
            (mid - start.theta[0]).abs() < 1e-9
                || [line.plus[0], line.minus[0]].contains(&0.0)
                || [line.plus[0], line.minus[0]].contains(&1.0),
            "{line:?}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A parameter the player cannot take is refused before any game, by name, and no log is
/// written: the issue-63 case (a `cmd:` line without its `{KEY}`, which used to play every
/// game without the program and print it "tuned"), a key the bot lacks, a `{NAME}` no
/// parameter sets, and a player that takes no parameters.
#[test]
fn a_parameter_the_player_cannot_take_is_refused_before_any_game() {
    let dir = std::env::temp_dir().join(format!("yacht-tune-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("refused.jsonl");
    for (base, param, named) in [
        (
            "cmd:python3 examples/starter_bot.py",
            "aggr=0.5:0:1:0.1",
            "--param aggr",
        ),
        ("bot:clock=0", "aggr=0.5:0:1:0.1", "--param aggr"),
        (
            "cmd:python3 examples/starter_bot.py --share {share} --n {n}",
            "share=0.2:0:1:0.05",
            "{n}",
        ),
        ("sample:3", "scale=1:0:2:1", "takes no parameters"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
            .args([
                "tune",
                "--base",
                base,
                "--param",
                param,
                "--iterations",
                "2",
            ])
            .arg("--log")
            .arg(&log)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{base}: {stderr}");
        assert!(stderr.contains(named), "{base}: {stderr}");
        assert!(!log.exists(), "{base}: a log was written");
    }
    std::fs::remove_dir_all(&dir).ok();
}
