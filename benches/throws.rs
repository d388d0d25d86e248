//! Throughput of the solver, and the CLI's sweep against the article's own Python.
//!
//! `cargo bench --bench throws` runs the criterion groups. With `IPC_WALL_SWEEP=1` it first
//! times, side by side in one run, the whole CLI process and the
//! whole article program (read from `../shared/article/`, never copied) over the same
//! 15,000-throw sweep: 5,000 launch speeds, penalty at k = 1e4 and 1e6, and IPC; with
//! `IPC_WALL_SWEEP_JSON=<file>` also writes those figures there. `cargo xtask bench` runs it
//! so and puts everything in its report.

use std::hint::black_box;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion, Throughput};
use ipc_wall::regime::RegimeMap;
use ipc_wall::sim::throw;
use ipc_wall::table::{rows, ARTICLE_K};
use ipc_wall::{Horizon, Model, Params};

const SWEEP_LEN: usize = 5_000;
const ARTICLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/article/004_edd5e71f459f89be.txt");

/// The sweep's launch speeds: 5,000 evenly from 1 to 50 m/s, the article's range.
fn sweep_v0() -> Vec<f64> {
    (0..SWEEP_LEN).map(|i| 1.0 + 49.0 * i as f64 / (SWEEP_LEN - 1) as f64).collect()
}

fn bench_throws(c: &mut Criterion) {
    let p = Params::default();
    let mut g = c.benchmark_group("throw_80_steps_article_defaults");
    g.throughput(Throughput::Elements(1));
    for model in Model::BOTH {
        g.bench_function(model.name(), |b| b.iter(|| throw(black_box(&p), model, Horizon::Steps(80))));
    }
    g.finish();

    let mut g = c.benchmark_group("throw_until_decided_article_defaults");
    g.throughput(Throughput::Elements(1));
    for model in Model::BOTH {
        g.bench_function(model.name(), |b| b.iter(|| throw(black_box(&p), model, Horizon::UntilDecided)));
    }
    g.finish();

    let v0s = sweep_v0();
    let mut g = c.benchmark_group("sweep");
    g.throughput(Throughput::Elements((v0s.len() * 3) as u64));
    g.sample_size(10);
    g.bench_function("15000_throws_in_process", |b| b.iter(|| rows(black_box(&p), &v0s, &ARTICLE_K)));
    g.finish();

    let mut g = c.benchmark_group("regime_map");
    g.sample_size(10);
    g.throughput(Throughput::Elements(128 * 128));
    g.bench_function("128x128_both_models", |b| {
        b.iter(|| {
            let mut map = RegimeMap::new(black_box(&p), 128);
            map.fill(usize::MAX)
        })
    });
    g.finish();
}

/// Runs `cmd` `n` times and returns the fastest wall-clock time (the least disturbed run).
fn fastest(n: usize, mut cmd: impl FnMut() -> Command) -> Duration {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            let status = cmd().stdout(Stdio::null()).status().expect("spawn");
            assert!(status.success());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The whole-process times of the sweep: the CLI's, and the article's program's when the
/// article is there.
struct Sweep {
    cli: Duration,
    cli_runs: usize,
    python: Option<Duration>,
    python_runs: usize,
}

/// The CLI's sweep and the article's program on the same sweep, whole process against whole
/// process, each the fastest of a few runs (the least disturbed by other work).
fn side_by_side() -> Sweep {
    let list: Vec<String> = sweep_v0().iter().map(|v| format!("{v:?}")).collect();
    let list = list.join(",");
    let (cli_runs, python_runs) = (7, 3);
    let cli = fastest(cli_runs, || {
        let mut c = Command::new(env!("CARGO_BIN_EXE_ipc-wall"));
        c.args(["table", "--format", "csv", "--v0", &list]);
        c
    });
    println!("sweep: CLI, 15,000 throws, whole process: {:.1} ms", cli.as_secs_f64() * 1e3);
    let mut sweep = Sweep { cli, cli_runs, python: None, python_runs };
    let Ok(article) = std::fs::read_to_string(ARTICLE) else {
        println!("sweep: the article is not at {ARTICLE}; no Python comparison");
        return sweep;
    };
    let (Some(start), Some(end)) = (article.find("import math"), article.find("\nwall at 0.503 m")) else {
        println!("sweep: the article's program was not found in {ARTICLE}; no Python comparison");
        return sweep;
    };
    // The article's program as printed, with its list of six speeds replaced by the sweep.
    let program = article[start..end].replace("[1, 2, 5, 10, 20, 50]", &format!("[{list}]"));
    let python = fastest(python_runs, || {
        let mut c = Command::new("python3");
        c.args(["-c", &program]);
        c
    });
    println!("sweep: article's Python, same sweep, whole process: {:.2} s", python.as_secs_f64());
    println!("sweep: speed-up {:.0}x (target: at least 100x)", python.as_secs_f64() / cli.as_secs_f64());
    sweep.python = Some(python);
    sweep
}

/// The sweep's figures as JSON, for `cargo xtask bench`'s report.
fn sweep_json(s: &Sweep) -> String {
    let python = s.python.map_or("null".to_string(), |d| format!("{:e}", d.as_secs_f64()));
    format!(
        "{{\"throws\": {}, \"cli_s\": {:e}, \"cli_runs\": {}, \"python_s\": {python}, \"python_runs\": {}}}\n",
        3 * SWEEP_LEN,
        s.cli.as_secs_f64(),
        s.cli_runs,
        s.python_runs
    )
}

criterion_group!(benches, bench_throws);

fn main() {
    if std::env::var_os("IPC_WALL_SWEEP").is_some() {
        let sweep = side_by_side();
        // `cargo xtask bench` reads the figures from here.
        if let Some(path) = std::env::var_os("IPC_WALL_SWEEP_JSON") {
            std::fs::write(&path, sweep_json(&sweep)).expect("writing IPC_WALL_SWEEP_JSON");
        }
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
