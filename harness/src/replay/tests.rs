//! Tests of the replay on a complete game the bot plays against itself, logged here in the
//! official format (with the CRLF, trailing spaces and debug lines real logs may have).

use yacht::engine::value::choice::best_choice_for;
use yacht::engine::{Bot, BotConfig};
use yacht::game::{play as play_game, Deal, DealRound, Event, NoAnswer, Seats};
use yacht::protocol::{Answer, Command, Hand, Owed};
use yacht::rules::category::Category;
use yacht::rules::dice::{for_each_submultiset, HAND_DICE};

use super::analysis::{choice_value_units, reconstruct, review, Verdict};
use super::commands::side_commands;
use super::explain::explain_side;
use super::report::{dice_html, html_report, html_report_with, rerun_text, text_report};
use super::*;

/// A self-played game: its log, and what each side received and answered.
struct Played {
    log: String,
    received: [Vec<String>; 2],
    answers: [Vec<Answer>; 2],
    finals: [i64; 2],
}

/// Deterministic dice (a 64-bit LCG), so the test game is the same on every run.
struct Dice(u64);

impl Dice {
    fn hand(&mut self) -> Hand {
        let mut faces = [0u8; HAND_DICE];
        for f in &mut faces {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *f = ((self.0 >> 33) % 6) as u8 + 1;
        }
        Hand(faces)
    }
}

/// Two bots at the play loop, writing the log body as the game goes (with the quirks real
/// logs may have) and keeping what each side received and answered.
struct Logged {
    bots: [Bot; 2],
    pending: [Option<Answer>; 2],
    received: [Vec<String>; 2],
    answers: [Vec<Answer>; 2],
    round: u8,
    body: String,
}

impl Seats for Logged {
    type Fault = NoAnswer;

    fn send(&mut self, seat: usize, command: &Command) {
        self.received[seat].push(command.to_string());
        self.pending[seat] = self.bots[seat].handle(command).answer;
        self.answers[seat].extend(self.pending[seat]);
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, NoAnswer> {
        self.pending[seat].take().ok_or(NoAnswer)
    }

    fn observe(&mut self, event: &Event) {
        let name = ["FIRST", "SECOND"];
        let line = match *event {
            Event::Round(n) => {
                self.round = n;
                // Trailing spaces and a CR on the round lines: real logs may have either.
                format!("ROUND {n}  \r")
            }
            Event::Roll { a, b } => format!("ROLL {a} {b}"),
            Event::Bid { seat, bid } => format!("BID {} {} {}", name[seat], bid.group, bid.amount),
            Event::Get { seat, group } => format!("GET {} {group}", name[seat]),
            Event::Put {
                seat,
                category,
                dice,
            } => {
                let debug = if self.round == 7 && seat == 0 {
                    "\n# Debug FIRST: table lookup took 3 us"
                } else {
                    ""
                };
                format!("PUT {} {category} {dice}{debug}", name[seat])
            }
        };
        self.body.push_str(&line);
        self.body.push('\n');
    }
}

fn play(seed: u64) -> Played {
    // The table-and-equilibrium baseline: the bids and scorings the review prices are
    // the ones it makes (the default bot also plays for the win late in the game).
    let config = BotConfig::default_equilibrium();
    let mut dice = Dice(seed);
    let deal = Deal {
        rounds: std::array::from_fn(|r| DealRound {
            a: dice.hand(),
            b: dice.hand(),
            tie_winner: ((r + 1) % 2) as u8,
        }),
    };
    let mut seats = Logged {
        bots: [Bot::new(config), Bot::new(config)],
        pending: [None, None],
        received: Default::default(),
        answers: Default::default(),
        round: 0,
        body: String::new(),
    };
    let played = play_game(&deal, &mut seats);
    assert_eq!(played.stop, None);
    let finals = played.states.map(|s| s.total_points());
    let result = match finals[0].cmp(&finals[1]) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    };
    let log = format!(
        "[FIRST \"COMMAND: ./yacht-bot\"]\n[SECOND \"COMMAND: ./yacht-bot --copy\"]\n\
         [RESULT \"{result}\"]\n{}FINISH\nSCOREFIRST {}\nSCORESECOND {}\n",
        seats.body, finals[0], finals[1]
    );
    Played {
        log,
        received: seats.received,
        answers: seats.answers,
        finals,
    }
}

#[test]
fn parses_and_reconstructs_a_complete_game() {
    let game = play(7);
    let log = parse_log(&game.log).unwrap();
    assert_eq!(log.rounds.len(), 13);
    assert!(log.finished && log.abort.is_none());
    assert_eq!(log.final_scores, game.finals.map(Some));
    assert_eq!(log.debug.len(), 1);
    assert_eq!(log.debug[0].round, 7);
    assert!(log.rounds[12].roll.is_none() && log.rounds[0].puts == [None, None]);

    let replay = reconstruct(&log).unwrap();
    assert!(replay.warnings.is_empty(), "{:?}", replay.warnings);
    let last = replay.rounds.last().unwrap();
    assert_eq!(last.end.map(|s| s.total_points()), game.finals);
    assert_eq!(last.end.map(|s| s.used_count()), [12, 12]);
    assert_eq!(last.end.map(|s| s.held_dice()), [0, 0]);
    for trace in &replay.rounds[1..] {
        let expected = if trace.number == 13 { 5 } else { 10 };
        assert_eq!(trace.after_auction.map(|s| s.held_dice()), [expected; 2]);
    }
}

#[test]
fn the_bots_own_decisions_lose_nothing() {
    let game = play(11);
    let log = parse_log(&game.log).unwrap();
    for side in Side::BOTH {
        let r = review(&log, side).unwrap();
        assert_eq!(
            (r.bids.len(), r.puts.len(), r.running_scores.len()),
            (12, 12, 13)
        );
        for p in &r.puts {
            assert_eq!(p.lost_units(), 0, "round {} {side}", p.round);
            assert_eq!(p.best.value_units, p.played_value_units);
            assert_eq!(p.best.category, p.played.category);
            assert_eq!(p.best.dice, p.played.dice.counts());
        }
        assert!(r.bids.iter().all(|b| b.matches_equilibrium()), "{side}");
        assert_eq!(r.total_lost_points(), 0);
        assert_eq!(r.running_scores.last().map(|s| s.1), Some(game.finals));
    }
}

/// The win probability by round starts even, stays a probability, sums to one over the
/// two sides (the same estimate from both chairs, up to the rollouts' noise), and ends at
/// the result; in round 12 only the last scoring is left, and its outcome is known.
#[test]
fn the_win_probability_runs_from_even_to_the_result() {
    let game = play(13);
    let log = parse_log(&game.log).unwrap();
    let [first, second] = Side::BOTH.map(|side| review(&log, side).unwrap().win_probability);
    assert_eq!(first.len(), 14);
    assert_eq!((first[0], second[0]), ((0, 0.5), (0, 0.5)));
    for ((r, p), (r2, q)) in first.iter().zip(&second) {
        assert_eq!(r, r2);
        assert!((0.0..=1.0).contains(p), "{r}: {p}");
        assert!((p + q - 1.0).abs() < 0.03, "round {r}: {p} + {q}");
    }
    let won = match game.finals[0].cmp(&game.finals[1]) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    };
    assert_eq!(first[13].1, won);
    assert_eq!(
        first[12].1, won,
        "after round 12 the final scores are known"
    );
}

#[test]
fn best_choice_is_the_maximum_over_every_legal_scoring() {
    let log = parse_log(&play(3).log).unwrap();
    let replay = reconstruct(&log).unwrap();
    for trace in replay.rounds.iter().filter(|t| t.number >= 2) {
        for state in &trace.after_auction {
            let best = best_choice_for(state).unwrap();
            let mut max = i32::MIN;
            for c in Category::ALL {
                for_each_submultiset(&state.held, HAND_DICE, |dice| {
                    if let Some(v) = choice_value_units(state, c, dice) {
                        max = max.max(v);
                    }
                });
            }
            assert_eq!(best.value_units, max, "round {}", trace.number);
            assert_eq!(
                choice_value_units(state, best.category, &best.dice),
                Some(max)
            );
        }
    }
}

#[test]
fn commands_are_exactly_what_each_side_received() {
    let game = play(5);
    let log = parse_log(&game.log).unwrap();
    for side in Side::BOTH {
        let exchanges = side_commands(&log, side);
        let lines: Vec<String> = exchanges.iter().map(|e| e.command.to_string()).collect();
        assert_eq!(lines, game.received[side.index()], "{side}");
        let logged: Vec<Answer> = exchanges.iter().filter_map(|e| e.logged).collect();
        assert_eq!(logged, game.answers[side.index()], "{side}");
    }
}

#[test]
fn reports_cover_every_round() {
    let log = parse_log(&play(9).log).unwrap();
    let r = review(&log, Side::Second).unwrap();
    let text = text_report(&log, &r);
    assert!(text.contains("reviewed side: SECOND"), "{text}");
    assert!(text.contains("\nROUND 13\n"), "{text}");
    assert!(
        text.contains("12/12 scorings best by the table (0 points lost)"),
        "{text}"
    );
    let html = html_report(&log, &r);
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    // Two score lines and the reviewed side's win probability.
    assert_eq!(html.matches("<polyline").count(), 3);
    assert!(html.contains("SECOND: P(win) by round"), "{html}");
    // The header is a small table of its own (a long command line wraps in its cell), then
    // the rounds' table: its header row and 13 rounds.
    assert!(!html.contains("<pre>"), "{html}");
    for field in ["FIRST", "SECOND", "result", "final scores"] {
        assert!(
            html.contains(&format!("<tr><th>{field}</th><td>")),
            "{field}: {html}"
        );
    }
    assert!(
        html.contains("<tr><th>reviewed side</th><td>SECOND</td></tr>"),
        "{html}"
    );
    assert_eq!(
        html.matches("<tr>").count() + html.matches("<tr class").count(),
        5 + 14
    );
    assert!(!html.contains("<script"));
    // Dice are drawn: 12 rolls of two bundles and 12 scorings played and best, 5 dice each.
    let round_one = log.round(1).unwrap().roll.unwrap();
    assert!(html.contains(&dice_html(&round_one.0 .0)), "{html}");
    assert_eq!(
        html.matches("<span class=\"die f").count(),
        5 * (2 * 12 + 2 * 12)
    );
    // With the bot's view, a section of its own, a row per auction.
    let explained = explain_side(&log, Side::First, BotConfig::default_equilibrium());
    let with = html_report_with(&log, &r, Some(&explained));
    assert!(with.contains("Why the bot bid what it did"));
    assert_eq!(
        with.matches("<tr>").count(),
        html.matches("<tr>").count() + 1 + 12
    );
}

#[test]
fn a_malformed_complete_log_names_the_line() {
    let text = play(2).log;
    let target = text
        .lines()
        .position(|l| l.starts_with("PUT SECOND"))
        .unwrap();
    let broken: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == target {
                "PUT SECOND CHANCE 12345".to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    let e = parse_log(&broken.join("\n")).unwrap_err();
    assert_eq!(e.line, target + 1);
    assert!(e.reason.to_string().contains("unknown rule"), "{e}");
}

#[test]
fn an_impossible_scoring_is_a_replay_error() {
    let text = play(4).log;
    let mut log = parse_log(&text).unwrap();
    log.rounds[1].puts[0] = Some(Put {
        category: Category::Yacht,
        dice: Hand([6; 5]),
    });
    // Six sixes held in round 2 would be a coincidence; the seed makes it not so.
    let held = reconstruct(&parse_log(&text).unwrap()).unwrap().rounds[1].after_auction[0].held;
    assert!(held[5] < 5);
    let e = reconstruct(&log).unwrap_err();
    assert_eq!(e.round, 2);
    assert!(review(&log, Side::First).is_err());
}

#[cfg(unix)]
#[test]
fn rerun_flags_every_different_answer() {
    use std::time::Duration;
    let log = parse_log(&play(6).log).unwrap();
    let exchanges = side_commands(&log, Side::First);
    // A scripted "bot" that gives the logged answers, with the dice of every PUT reversed
    // (the same multiset: not a difference) and the bid of round 3 changed.
    let mut script = String::new();
    for e in &exchanges {
        script.push_str("read l; ");
        if let Some(answer) = e.logged {
            let line = match answer {
                Answer::Bid { group, amount } if e.round == 3 => {
                    format!("BID {group} {}", amount + 1)
                }
                Answer::Put { category, dice } => {
                    let mut d = dice.0;
                    d.reverse();
                    format!("PUT {category} {}", Hand(d))
                }
                other => other.to_string(),
            };
            script.push_str(&format!("echo '{line}'; "));
        }
    }
    let path = std::env::temp_dir().join(format!("replay-fake-bot-{}.sh", std::process::id()));
    std::fs::write(&path, script).unwrap();
    let command = format!("sh {}", path.display());
    let outcome = super::run_side(&command, &exchanges, Duration::from_secs(10)).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(outcome.answers.len(), 1 + 12 + 12);
    let flagged: Vec<_> = outcome.mismatches().collect();
    assert_eq!(flagged.len(), 1, "{}", rerun_text(&outcome));
    assert_eq!(
        (flagged[0].round, flagged[0].verdict.clone()),
        (3, Verdict::Different)
    );
    assert!(rerun_text(&outcome).contains("25 answers, 1 differ"));

    // A bot that stops answering is reported, not waited on forever.
    let silent = super::run_side("sleep 5", &exchanges, Duration::from_millis(200)).unwrap();
    assert_eq!(silent.answers.len(), 1);
    assert_eq!(silent.answers[0].verdict, Verdict::Failed("timeout".into()));
    assert!(super::run_side("", &exchanges, Duration::from_millis(10)).is_err());
}

/// Re-runs the real bot binary named by `YACHT_BOT` (skipped when unset): the bot answers
/// its own logged game identically. The binary must play the equilibrium bidder (the
/// in-process players above), as `yacht-bot` does by default.
#[test]
fn rerun_of_the_real_bot_matches_its_own_log() {
    let Ok(bot) = std::env::var("YACHT_BOT") else {
        return;
    };
    let log = parse_log(&play(8).log).unwrap();
    for side in Side::BOTH {
        let exchanges = side_commands(&log, side);
        let outcome = super::run_side(&bot, &exchanges, std::time::Duration::from_secs(5)).unwrap();
        assert_eq!(outcome.answers.len(), 25, "{}", rerun_text(&outcome));
        assert_eq!(outcome.mismatches().count(), 0, "{}", rerun_text(&outcome));
    }
}

#[test]
fn a_whole_game_passes_and_a_cut_or_foreign_one_says_what_it_lacks() {
    let text = play(3).log;
    assert_eq!(check_whole(&parse_log(&text).unwrap()), Ok(()));
    let lines: Vec<&str> = text.lines().collect();
    let cut = |n: usize| parse_log(&lines[..n].join("\n")).unwrap();
    // Cut in round 6, and cut just before FINISH.
    let round6 = lines.iter().position(|l| l.starts_with("ROUND 6")).unwrap();
    let e = check_whole(&cut(round6 + 3)).unwrap_err().to_string();
    assert!(e.contains("stops in round 6"), "{e}");
    let finish = lines.iter().position(|l| *l == "FINISH").unwrap();
    let e = check_whole(&cut(finish)).unwrap_err().to_string();
    assert!(e.contains("no FINISH"), "{e}");
    // A round without its second bid.
    let mut log = parse_log(&text).unwrap();
    log.rounds[4].bids[1] = None;
    let e = check_whole(&log).unwrap_err();
    assert_eq!(e.to_string(), "round 5 lacks a BID");
    assert_eq!(e.in_lang("ko"), "5라운드에 BID이(가) 없습니다");
    // Nothing of a game; an abort before the first round; an abort later is whole.
    assert!(check_whole(&parse_log("").unwrap())
        .unwrap_err()
        .to_string()
        .contains("no ROUND"));
    let e = check_whole(&parse_log("ABORT FIRST INVALID READY MESSAGE\n").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("before its first round"), "{e}");
    let aborted = format!("{}\nABORT SECOND TLE\n", lines[..round6 + 3].join("\n"));
    assert_eq!(check_whole(&parse_log(&aborted).unwrap()), Ok(()));
}
