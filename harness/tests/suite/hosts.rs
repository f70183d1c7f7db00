//! A tune on two "hosts": two SSH servers on loopback, each with its own host key and the
//! test's authorized key, and GNU parallel handing out the jobs. The same tune (seed,
//! batch, iterations) gives the same θ on them as on this machine alone, and when one host
//! is killed mid-batch (its server and every process it started) the tune still finishes
//! with the same θ, every game that had come back still kept. Needs Debian's
//! `openssh-server` and `parallel` (`.ci/run` installs them and sets
//! YACHT_REQUIRE_HOSTS=1, so CI never skips it); run as root, as this sandbox is.

use std::collections::BTreeMap;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use harness::distributed::parallel::Parallel;
use harness::distributed::Hosts;
use harness::referee::RefereeOptions;
use harness::tuning::run::{games_dir, read_log, run_tune, Setup, Tune, SCHEMA};
use harness::tuning::spsa::Parameter;

const HARNESS: &str = env!("CARGO_BIN_EXE_harness");
const SSHD: &str = "/usr/sbin/sshd";

/// Whether the tools are here; without them the test is skipped, unless CI demands it.
fn tools_present() -> bool {
    let runs = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    };
    let present = Path::new(SSHD).exists()
        && runs("ssh", &["-V"])
        && runs("ssh-keygen", &["-?"])
        && runs("parallel", &["--will-cite", "--version"]);
    if !present {
        assert!(
            std::env::var_os("YACHT_REQUIRE_HOSTS").is_none(),
            "YACHT_REQUIRE_HOSTS is set but sshd, ssh, ssh-keygen or GNU parallel is missing \
             (Debian: apt-get install openssh-server openssh-client parallel)"
        );
        eprintln!(
            "skipped: sshd, ssh or GNU parallel missing (apt-get install openssh-server parallel)"
        );
    }
    present
}

fn keygen(path: &Path) {
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", ""])
        .arg("-f")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success(), "ssh-keygen {}", path.display());
}

/// A free port on loopback (free when asked; the server takes it at once).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Every process under `pid` (children first), from /proc.
fn descendants(pid: u32) -> Vec<u32> {
    let mut parents: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid ...: the command may hold spaces, the part after ')' not.
        let after = &stat[stat.rfind(')').map_or(0, |i| i + 1)..];
        if let Some(ppid) = after.split_whitespace().nth(1).and_then(|p| p.parse().ok()) {
            parents.entry(ppid).or_default().push(child);
        }
    }
    fn walk(pid: u32, parents: &BTreeMap<u32, Vec<u32>>, out: &mut Vec<u32>) {
        for &child in parents.get(&pid).into_iter().flatten() {
            walk(child, parents, out);
            out.push(child);
        }
    }
    let mut out = Vec::new();
    walk(pid, &parents, &mut out);
    out
}

/// An SSH server on a loopback port, in the foreground so the test owns it.
struct Host {
    port: u16,
    server: Child,
}

impl Host {
    fn start(dir: &Path, name: &str, authorized: &Path) -> Host {
        let host_key = dir.join(format!("{name}_host_key"));
        keygen(&host_key);
        let port = free_port();
        let config = dir.join(format!("{name}_sshd_config"));
        std::fs::write(
            &config,
            format!(
                "Port {port}\nListenAddress 127.0.0.1\nHostKey {}\nAuthorizedKeysFile {}\n\
                 PasswordAuthentication no\nKbdInteractiveAuthentication no\n\
                 PubkeyAuthentication yes\nPermitRootLogin prohibit-password\nStrictModes no\n\
                 UsePAM no\nPidFile none\n",
                host_key.display(),
                authorized.display()
            ),
        )
        .unwrap();
        // sshd's privilege separation folder.
        std::fs::create_dir_all("/run/sshd").unwrap();
        let server = Command::new(SSHD)
            .arg("-D")
            .arg("-f")
            .arg(&config)
            .arg("-E")
            .arg(dir.join(format!("{name}_sshd.log")))
            .spawn()
            .unwrap();
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "sshd {name} did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Host { port, server }
    }

    /// The host dies: its server and every session and job under it, at once.
    fn kill(&mut self) {
        let pid = self.server.id();
        let mut all = vec![pid];
        all.extend(descendants(pid).into_iter().rev());
        for p in all {
            // SAFETY: kill(2) on processes this test started (the server and its tree).
            unsafe {
                libc::kill(p as i32, libc::SIGKILL);
            }
        }
        let _ = self.server.wait();
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The sshloginfile line of a host: one job at a time, the test's key, no questions.
fn login(port: u16, key: &Path) -> String {
    let user = String::from_utf8(Command::new("id").arg("-un").output().unwrap().stdout).unwrap();
    format!(
        "1/ssh -i {} -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
         -o LogLevel=ERROR -o ConnectTimeout=5 -p {port} {}@127.0.0.1",
        key.display(),
        user.trim()
    )
}

/// The tune: the planted program (tests/data/planted_bot.py, by a path relative to this
/// folder, so the hosts must run it where the coordinator is) against sample AI 2, one
/// batch of 8 iterations: 16 jobs of 2 deal pairs.
fn tune(log: &Path, hosts: Hosts) -> Tune {
    let parameter: Parameter = "x=0.3:0:1:0.1".parse().unwrap();
    let base = "cmd:python3 tests/data/planted_bot.py --x {x}";
    Tune {
        setup: Setup {
            schema: SCHEMA.to_string(),
            base: base.to_string(),
            parameters: vec![parameter.to_string()],
            opponents: vec!["sample:2".to_string()],
            pairs: 2,
            iterations: 8,
            r_end: 0.2,
            seed: 11,
            batch: 8,
        },
        parameters: vec![parameter],
        opponents: vec!["sample:2".parse().unwrap()],
        log: log.to_path_buf(),
        until: None,
        hosts,
        referee: RefereeOptions {
            time_scale: 20.0,
            ..RefereeOptions::default()
        },
        progress: false,
    }
}

/// Every line of every games file of a tune, by file.
fn kept(log: &Path) -> BTreeMap<PathBuf, Vec<String>> {
    let mut out = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(games_dir(log)) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "jsonl") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            // Whole lines only: a line being written is not kept yet.
            let whole = text.rfind('\n').map_or("", |i| &text[..i]);
            out.insert(path, whole.lines().map(str::to_string).collect());
        }
    }
    out
}

#[test]
fn a_tune_on_two_hosts_is_the_tune_here_and_outlives_a_lost_host() {
    if !tools_present() {
        return;
    }
    // The hosts run the jobs in this folder (the package's, where cargo runs the test).
    let dir = std::env::temp_dir().join(format!("yacht-hosts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let key = dir.join("user_key");
    keygen(&key);
    let authorized = dir.join("authorized_keys");
    std::fs::copy(key.with_extension("pub"), &authorized).unwrap();
    let first = Host::start(&dir, "first", &authorized);
    let mut second = Host::start(&dir, "second", &authorized);
    let hosts_file = dir.join("hosts");
    std::fs::write(
        &hosts_file,
        format!(
            "{}\n{}\n",
            login(first.port, &key),
            login(second.port, &key)
        ),
    )
    .unwrap();
    let parallel = || {
        Hosts::Parallel(Parallel {
            sshloginfile: hosts_file.clone(),
            harness: HARNESS.to_string(),
            retries: 2,
        })
    };

    // This machine alone, in-process.
    let here = dir.join("here.jsonl");
    let alone = run_tune(&tune(&here, Hosts::Local { threads: 0 }), |_| {}).unwrap();
    // The planted program moved toward its optimum (0.6) from 0.3.
    assert!(alone.theta[0] > 0.3, "{:?}", alone.theta);

    // Two hosts: the same log, line for line.
    let two = dir.join("two.jsonl");
    let spread = run_tune(&tune(&two, parallel()), |_| {}).unwrap();
    assert_eq!(spread.theta, alone.theta);
    assert_eq!(
        std::fs::read_to_string(&two).unwrap(),
        std::fs::read_to_string(&here).unwrap()
    );
    let joblog = std::fs::read_to_string(games_dir(&two).join("parallel.joblog")).unwrap();
    for host in [&first, &second] {
        assert!(
            joblog.contains(&format!("-p {} ", host.port)),
            "port {} ran no job: {joblog}",
            host.port
        );
    }
    // Each job's stderr is kept beside its games (the match report goes there).
    let stderr =
        std::fs::read_to_string(games_dir(&two).join("iteration-00000-plus.stderr")).unwrap();
    assert!(stderr.contains("games 4 (2 deal pairs)"), "{stderr}");

    // A match and an SPRT in one command each over the same hosts: the match's result
    // and the SPRT's every line are those of the same run on this machine.
    let harness = |args: &[&str]| {
        let out = Command::new(HARNESS).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let hosts_arg = hosts_file.to_str().unwrap();
    let spread_results = dir.join("match.jsonl");
    let pair = [
        "match",
        "bot:clock=0,rollouts=40",
        "sample:3",
        "--deals",
        "12",
        "--seed",
        "4",
    ];
    let spread_match = harness(
        &[
            &pair[..],
            &["--sshloginfile", hosts_arg, "--jobs", "3", "--no-progress"],
            &["--results", spread_results.to_str().unwrap()],
        ]
        .concat(),
    );
    let here_match = harness(&[&pair[..], &["--no-progress"]].concat());
    let lines_of = |report: &str| -> Vec<String> {
        report
            .lines()
            .filter(|l| {
                l.starts_with("X:") || l.starts_with("pairs") || l.starts_with("luck-adjusted")
            })
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        lines_of(&spread_match),
        lines_of(&here_match),
        "{spread_match}"
    );
    assert_eq!(lines_of(&spread_match).len(), 3, "{spread_match}");
    let sprt = [
        "sprt",
        "bot:clock=0,rollouts=40",
        "bot:clock=0,rollouts=40,level=6",
        "--adjusted",
        "--batch",
        "5",
        "--max-deals",
        "40",
        "--seed",
        "3",
    ];
    let sprt_results = dir.join("sprt.jsonl");
    let spread_sprt = harness(
        &[
            &sprt[..],
            &["--sshloginfile", hosts_arg, "--jobs", "4"],
            &["--results", sprt_results.to_str().unwrap()],
        ]
        .concat(),
    );
    assert_eq!(spread_sprt, harness(&sprt), "{spread_sprt}");
    assert!(spread_sprt.contains("accepted"), "{spread_sprt}");
    // Its games read back as one SPRT's results.
    let merged = harness(&["merge", sprt_results.to_str().unwrap()]);
    assert!(
        merged.contains(spread_sprt.lines().last().unwrap()),
        "{merged}"
    );

    // Two hosts, the second killed once a third of the batch's games are back.
    let lost = dir.join("lost.jsonl");
    let second_port = second.port;
    let watched = lost.clone();
    let killer = std::thread::spawn(move || {
        let started = Instant::now();
        loop {
            let snapshot = kept(&watched);
            let games: usize = snapshot.values().map(Vec::len).sum();
            if games >= 64 / 3 {
                second.kill();
                return snapshot;
            }
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "the tune never started"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    let survived = run_tune(&tune(&lost, parallel()), |_| {}).unwrap();
    let before_kill = killer.join().unwrap();
    assert_eq!(survived.theta, alone.theta);
    assert_eq!(
        std::fs::read_to_string(&lost).unwrap(),
        std::fs::read_to_string(&here).unwrap()
    );
    // The second host is gone, and it went mid-batch.
    assert!(TcpStream::connect(("127.0.0.1", second_port)).is_err());
    let back: usize = before_kill.values().map(Vec::len).sum();
    assert!((21..64).contains(&back), "killed after {back} of 64 games");
    let after = kept(&lost);
    for (path, lines) in &before_kill {
        for line in lines {
            assert!(
                after[path].contains(line),
                "{}: a game kept before the kill is gone",
                path.display()
            );
        }
    }
    // Every job holds its 4 games exactly once: nothing lost, nothing twice.
    assert_eq!(after.len(), 16, "{:?}", after.keys());
    for (path, lines) in &after {
        assert_eq!(lines.len(), 4, "{}", path.display());
    }
    let (_, iterations) = read_log(&lost).unwrap();
    assert_eq!(iterations.len(), 8);
    drop(first);
    std::fs::remove_dir_all(&dir).ok();
}
