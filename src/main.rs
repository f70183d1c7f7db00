//! `yacht-bot`: the Yacht Auction bot.
//!
//! With no subcommand (the judge runs `./main NYPC`) it plays on stdin/stdout. Arguments
//! it does not know are ignored, so any judge command line works.

use yacht::engine::bot::Bidder;
use yacht::engine::BotConfig;
use yacht::table;

const USAGE: &str = "\
usage: yacht-bot [--bidder equilibrium|model] [--win-from ROUND]
                                               play on stdin/stdout (the judge's protocol)
       yacht-bot bench [GAMES]                 self-play fixed deals: signature and speed
       yacht-bot solitaire [GAMES] [SEED]      one player, fair bundles: mean vs the table
       yacht-bot startup [RUNS]                spawn-to-OK and first-decision times of this binary
       yacht-bot calibrate [GAMES]             spread of the final difference around the table, by round
       yacht-bot table-audit                   quantisation loss against the exact f64 table
       yacht-bot --version";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut config = BotConfig::default();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--bidder" => {
                i += 1;
                match args.get(i).and_then(|name| Bidder::parse(name)) {
                    Some(bidder) => config.bidder = bidder,
                    None => eprintln!(
                        "yacht-bot: unknown bidder {:?} (equilibrium, model); using {:?}",
                        args.get(i),
                        config.bidder
                    ),
                }
            }
            "--win-from" => {
                i += 1;
                match args.get(i).and_then(|r| r.parse::<u8>().ok()) {
                    Some(round) => config.win_from_round = round,
                    None => eprintln!("yacht-bot: --win-from takes a round number (0: off)"),
                }
            }
            "--version" | "version" => return print_version(),
            "--help" | "-h" | "help" => return println!("{USAGE}"),
            "bench" => return bench(args.get(i + 1), config),
            "solitaire" => return solitaire(args.get(i + 1), args.get(i + 2)),
            "table-audit" => return table_audit(),
            "startup" => return startup(args.get(i + 1)),
            "calibrate" => return calibrate(args.get(i + 1)),
            _ => {} // e.g. the judge's `NYPC`
        }
        i += 1;
    }
    let stdin = std::io::stdin();
    yacht::session::run(stdin.lock(), std::io::stdout(), std::io::stderr(), config);
}

fn print_version() {
    println!("yacht-bot {}", env!("CARGO_PKG_VERSION"));
    println!(
        "table {:016x} ({} rows, {} bytes, bundle model {})",
        table::TABLE_HASH,
        table::TABLE_ROWS,
        table::TABLE_BYTES,
        table::TABLE_MODEL
    );
    println!(
        "expected score at start {:.4} k (exact f64); solved in {:.1} s on {} threads",
        table::TABLE_START_EXPECTED_K,
        table::TABLE_SOLVE_SECONDS,
        table::TABLE_SOLVE_THREADS
    );
}

fn parse_or<T: std::str::FromStr>(arg: Option<&String>, default: T) -> T {
    arg.and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn bench(games: Option<&String>, config: BotConfig) {
    let games = parse_or(games, yacht::bench::BENCH_GAMES);
    let report = yacht::bench::run(games, config);
    print!("{}", yacht::bench::format_report(&report));
}

fn solitaire(games: Option<&String>, seed: Option<&String>) {
    let games = parse_or(games, 100_000usize);
    let seed = parse_or(seed, 1u64);
    let start = std::time::Instant::now();
    let (mean, se) = yacht::solitaire::run(games, seed);
    let expected = table::TABLE_START_EXPECTED_K;
    println!(
        "solitaire {games} games (seed {seed}): mean {mean:.4} k ± {se:.4} (s.e.); table {expected:.4} k; \
         deviation {:+.2} s.e.; {:.1} s",
        (mean - expected) / se,
        start.elapsed().as_secs_f64()
    );
}

fn table_audit() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    match yacht::audit::run(threads) {
        Ok(r) => {
            println!(
                "exact f64 expected score at start     {:.6} k",
                r.exact_start_k
            );
            println!(
                "policy of the stored 16-bit table     {:.6} k",
                r.policy_start_k
            );
            println!("loss in play                          {:.6} k", r.loss_k());
            println!(
                "largest stored-entry error            {:.6} k",
                r.max_entry_error_k
            );
            println!(
                "solve {:.1} s, policy evaluation {:.1} s ({threads} threads)",
                r.solve_s, r.evaluate_s
            );
        }
        Err(e) => {
            eprintln!("yacht-bot: table-audit failed: {e}");
            std::process::exit(1);
        }
    }
}

fn startup(runs: Option<&String>) {
    let runs = parse_or(runs, 50usize);
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return eprintln!("yacht-bot: cannot locate own binary: {e}"),
    };
    match yacht::startup::measure(&exe, runs) {
        Ok(samples) => {
            let mut ok: Vec<u64> = samples.iter().map(|s| s.ok_us).collect();
            let mut bid: Vec<u64> = samples.iter().map(|s| s.first_bid_us).collect();
            ok.sort_unstable();
            bid.sort_unstable();
            let q =
                |v: &[u64], q: f64| v[((v.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0;
            println!(
                "{runs} runs: spawn to OK p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                q(&ok, 0.5),
                q(&ok, 0.99),
                q(&ok, 1.0)
            );
            println!(
                "first ROLL to BID p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                q(&bid, 0.5),
                q(&bid, 0.99),
                q(&bid, 1.0)
            );
        }
        Err(e) => eprintln!("yacht-bot: startup: {e}"),
    }
}

fn calibrate(games: Option<&String>) {
    let games = parse_or(games, 3000usize);
    println!("final difference minus the table's prediction after each auction ({games} self-play games)");
    for (round, (mean, sd)) in yacht::calibrate::final_diff_spread(games, 777)
        .iter()
        .enumerate()
    {
        println!("round {:>2}: mean {mean:>7.0}  sd {sd:>7.0}", round + 1);
    }
}
