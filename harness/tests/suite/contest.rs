//! Every contest-like opponent plays legal games against the bot and against a sample,
//! and the gauntlet reports every opponent with a paired verdict.

use harness::contest::POPULATION;
use harness::matchmaking::gauntlet::{against_also, report, run_gauntlet, GauntletConfig};
use harness::matchmaking::matches::{run_match, Deals, MatchConfig, RunSettings, Shard};
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
        // A lighter search: this checks the contest bots' games, not the bot's strength.
        for opponent in ["bot:rollouts=200", "sample:7"] {
            let o = run_match(&MatchConfig {
                x: format!("contest:{}", member.name).parse().unwrap(),
                y: opponent.parse().unwrap(),
                logs: None,
                run: RunSettings {
                    deals: Deals::Seeded { seed: 3, count: 3 },
                    threads: 0,
                    referee: referee(),
                    progress: false,
                    shard: Shard::WHOLE,
                    only: None,
                    results: None,
                },
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
        also: vec!["bot:win=0".parse().unwrap()],
        opponents,
        run: RunSettings {
            deals: Deals::Seeded { seed: 4, count: 2 },
            threads: 0,
            referee: referee(),
            progress: false,
            shard: Shard::WHOLE,
            only: None,
            results: None,
        },
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
    // The further baseline is reported against the same candidate games.
    let also = against_also(&rows, 0);
    assert_eq!(also.len(), 2);
    for (row, other) in rows.iter().zip(&also) {
        assert_eq!(row.candidate.pair_halves, other.candidate.pair_halves);
        assert_eq!(other.baseline.y_label, row.baseline.y_label);
        assert!(
            other.baseline.x_label.contains("win=0"),
            "{}",
            other.baseline.x_label
        );
    }
}

/// The oracle knows a deterministic opponent's every bid before it bids: its copy, fed
/// the opponent's inputs, bids exactly what the opponent bids.
#[test]
fn the_oracle_predicts_deterministic_opponents_exactly() {
    use harness::player::Reader;
    use yacht::engine::BotConfig;
    use yacht::game::{play_agents, Agent, Deal};

    for spec in [
        "bot:bidder=equilibrium,win=0",
        "contest:adapt-ema",
        "contest:adapt-gain",
    ] {
        let opponent: PlayerSpec = spec.parse().unwrap();
        let search = BotConfig {
            use_clock: false,
            ..BotConfig::default()
        };
        let mut oracle = Reader::with_shadow(opponent.agent().unwrap(), search, search, "oracle");
        let mut real = opponent.agent().unwrap();
        for (i, deal) in Deal::seeded(31, 3).iter().enumerate() {
            oracle.reset(i as u64);
            real.reset(1_000 + i as u64);
            let record = if i % 2 == 0 {
                play_agents(deal, [&mut oracle, real.as_mut()])
            } else {
                play_agents(deal, [real.as_mut(), &mut oracle])
            };
            assert!(record.warnings.is_empty(), "{spec}: {:?}", record.warnings);
        }
        assert_eq!(oracle.reads, 36, "{spec}");
        assert_eq!(oracle.misses, 0, "{spec}");
    }
}

/// Against a randomised opponent the copy's random stream is not the opponent's: the
/// oracle counts what it did not know.
#[test]
fn the_oracle_counts_what_it_misses() {
    use harness::player::Reader;
    use yacht::engine::BotConfig;
    use yacht::game::{play_agents, Agent, Deal};

    let opponent: PlayerSpec = "contest:eq-noise-round".parse().unwrap();
    let search = BotConfig {
        use_clock: false,
        ..BotConfig::default()
    };
    let mut oracle = Reader::with_shadow(opponent.agent().unwrap(), search, search, "oracle");
    let mut real = opponent.agent().unwrap();
    let deal = &Deal::seeded(32, 1)[0];
    oracle.reset(1);
    real.reset(2);
    play_agents(deal, [&mut oracle, real.as_mut()]);
    assert_eq!(oracle.reads, 12);
    assert!(oracle.misses > 6, "{}", oracle.misses);
}
