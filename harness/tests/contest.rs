//! Every contest-like opponent plays legal games against the bot and against a sample,
//! and the gauntlet reports every opponent with a paired verdict.

use harness::contest::POPULATION;
use harness::gauntlet::{report, run_gauntlet, GauntletConfig};
use harness::matches::{run_match, Deals, MatchConfig};
use harness::player::PlayerSpec;
use harness::referee::RefereeOptions;

fn referee() -> RefereeOptions {
    // Generous deadlines: the test machine may be busy with other tests.
    RefereeOptions {
        time_scale: 20.0,
        ..RefereeOptions::default()
    }
}

#[test]
fn every_contest_bot_plays_legal_games() {
    for member in POPULATION {
        for opponent in ["bot", "sample:7"] {
            let o = run_match(&MatchConfig {
                x: format!("contest:{}", member.name).parse().unwrap(),
                y: opponent.parse().unwrap(),
                deals: Deals::Seeded { seed: 3, count: 3 },
                threads: 0,
                referee: referee(),
                logs: None,
                progress: false,
            })
            .unwrap();
            assert!(
                o.stats.aborts.is_empty(),
                "{}: {:?}",
                member.name,
                o.stats.aborts
            );
            assert_eq!(o.stats.completed, 6);
        }
    }
}

#[test]
fn the_gauntlet_reports_every_opponent_side_by_side() {
    let opponents: Vec<PlayerSpec> = ["contest:heur-capped", "contest:adapt-ema"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let rows = run_gauntlet(&GauntletConfig {
        candidate: "bot".parse().unwrap(),
        baseline: "bot:bidder=equilibrium".parse().unwrap(),
        opponents,
        deals: Deals::Seeded { seed: 4, count: 2 },
        threads: 0,
        referee: referee(),
        progress: false,
    })
    .unwrap();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert_eq!(row.candidate.pair_halves.len(), 2);
        assert_eq!(row.baseline.pair_halves.len(), 2);
    }
    let text = report("bot", "bot:bidder=equilibrium", &rows, -3.0, 0.0);
    assert!(text.contains("contest:heur-capped") && text.contains("contest:adapt-ema"));
    assert!(text.contains("SPRT nElo [-3, 0]"), "{text}");
}
