//! The README's "Testing your own bot" commands run as written (with one deal pair each
//! instead of ten, to keep CI short), with the starter bot in Python as the contestant's
//! program: a newcomer's first steps work from a fresh clone.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

const HARNESS: &str = env!("CARGO_BIN_EXE_harness");

/// The repository's root (the harness crate is one folder below it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Words of a command line as a POSIX shell splits them (double quotes only; the README
/// uses no other quoting), without a trailing `# comment`.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut in_word) = (false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            '#' if !quoted && !in_word => break,
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The harness commands of the README's "Testing your own bot" section: each line of its
/// code block that starts with `$h ` (the harness), as words after it.
fn readme_commands(readme: &str) -> Vec<Vec<String>> {
    let section = readme
        .split("## Testing your own bot")
        .nth(1)
        .expect("the README has a 'Testing your own bot' section");
    let section = section.split("\n## ").next().unwrap();
    let block = section
        .split("```sh")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the section has a sh code block");
    block
        .lines()
        .filter_map(|l| l.strip_prefix("$h "))
        .map(shell_words)
        .collect()
}

#[test]
fn shell_words_split_as_a_shell_would() {
    assert_eq!(
        shell_words(r#"tournament --bot "cmd:python3 a b.py" --deals 10   # a comment"#),
        ["tournament", "--bot", "cmd:python3 a b.py", "--deals", "10"]
    );
}

#[test]
fn the_readme_commands_for_your_own_bot_run_as_written() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands = readme_commands(&readme);
    let kinds: Vec<&str> = commands.iter().map(|c| c[0].as_str()).collect();
    for kind in ["tournament", "match", "league", "replay", "tune"] {
        assert!(
            kinds.contains(&kind),
            "the README shows no {kind}: {kinds:?}"
        );
    }
    // A scratch folder that sees the repository's harness/ folder, so the commands'
    // relative paths (the starter bot) work and their logs and pages land here.
    let dir = std::env::temp_dir().join(format!("yacht-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(root().join("harness"), dir.join("harness")).unwrap();
    for words in &commands {
        let mut args = words.clone();
        // One deal pair (a tune: two iterations of one pair each).
        for option in ["--deals", "--pairs"] {
            if let Some(i) = args.iter().position(|a| a == option) {
                args[i + 1] = "1".to_string();
            }
        }
        if let Some(i) = args.iter().position(|a| a == "--iterations") {
            args[i + 1] = "2".to_string();
        }
        args.push("--no-progress".to_string());
        if args[0] == "replay" {
            args.pop();
        }
        let out = Process::new(HARNESS)
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "harness {args:?}: {}\n{stdout}",
            String::from_utf8_lossy(&out.stderr)
        );
        match args[0].as_str() {
            // Every sample AI played, and no one was aborted (a time-out or an illegal
            // answer would name its reason).
            "tournament" | "match" | "league" => {
                for reason in ["TLE", "PARSE FAILED", "NO SUCH DICE", "RULE ALREADY USED"] {
                    assert!(!stdout.contains(reason), "{args:?}: {stdout}");
                }
                if args[0] == "tournament" {
                    for n in 1..=10 {
                        let row = stdout
                            .lines()
                            .find(|l| l.split_whitespace().next() == Some(&format!("sample:{n}")))
                            .unwrap_or_else(|| panic!("no row for sample:{n}: {stdout}"));
                        // The last column counts aborted games, ours/theirs.
                        assert_eq!(row.split_whitespace().last(), Some("0/0"), "{row}");
                    }
                }
            }
            // A folder of logs: the whole match, one deal pair's two games, both players.
            "replay" if dir.join(&args[1]).is_dir() => {
                assert!(stdout.starts_with("2 games reviewed: A = "), "{stdout}");
                assert!(
                    stdout.contains("harness/examples/starter_bot.py"),
                    "{stdout}"
                );
                assert!(stdout.contains("read first:"), "{stdout}");
            }
            "replay" if args.iter().any(|a| a == "--review") => {
                // Both sides, each with its luck and luck-adjusted result, 24 decisions each.
                for side in ["FIRST (", "SECOND ("] {
                    assert!(stdout.contains(side), "{stdout}");
                }
                assert!(stdout.contains("luck-adjusted"), "{stdout}");
                assert_eq!(stdout.matches(" put ").count(), 24, "{stdout}");
            }
            "replay" => {
                assert!(stdout.contains("ROUND 13"), "{stdout}");
                if args.iter().any(|a| a == "--explain") {
                    assert!(
                        stdout.contains("re-run bids differ from the log"),
                        "{stdout}"
                    );
                }
            }
            "tune" => {
                // The program was played at each point (the issue-63 bug: a parameter glued
                // onto its command line, the program never started, every result 0).
                assert!(
                    stdout
                        .contains("tuned: cmd:python3 harness/examples/starter_bot.py --share 0."),
                    "{stdout}"
                );
                let games = dir.join("tune.games");
                let mut lines = 0;
                for entry in std::fs::read_dir(&games).unwrap().flatten() {
                    let path = entry.path();
                    if path.extension().is_some_and(|e| e == "jsonl") {
                        for line in std::fs::read_to_string(&path).unwrap().lines() {
                            assert!(line.contains("\"abort\":null"), "{line}");
                            assert!(line.contains("--share 0."), "{line}");
                            lines += 1;
                        }
                    }
                }
                // 2 iterations x 2 points x 1 pair x 2 games.
                assert_eq!(lines, 8, "{}", games.display());
            }
            other => panic!("the README shows a command this test does not check: {other}"),
        }
    }
    let page =
        std::fs::read_to_string(dir.join("game.html")).expect("replay --html wrote the page");
    assert!(page.contains("<table class=\"head\">"));
    let review = std::fs::read_to_string(dir.join("game-review.html"))
        .expect("replay --review --html wrote the review's page");
    assert!(review.contains("id=\"review-data\"") && review.contains("const YachtReview"));
    let review = std::fs::read_to_string(dir.join("match-review.html"))
        .expect("replay DIR --review --html wrote the match's page");
    assert!(review.contains("id=\"match-data\"") && review.contains("const YachtMatch"));
    std::fs::remove_dir_all(&dir).unwrap();
}
