//! The CLI: flags override every parameter, CSV round-trips, bad input gets one clear line.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

use ipc_wall::sim::throw;
use ipc_wall::{Horizon, Model, Outcome, Params};

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ipc-wall")).args(args).output().expect("run the CLI");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

struct CsvRow {
    v0: f64,
    model: String,
    k: Option<f64>,
    outcome: String,
    xmax_minus_wall: f64,
    newton_max: u32,
}

fn parse_csv(text: &str) -> Vec<CsvRow> {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("v0,model,k,outcome,xmax_minus_wall_m,newton_max"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 6, "{l}");
            CsvRow {
                v0: f[0].parse().unwrap(),
                model: f[1].to_owned(),
                k: if f[2].is_empty() { None } else { Some(f[2].parse().unwrap()) },
                outcome: f[3].to_owned(),
                xmax_minus_wall: f[4].parse().unwrap(),
                newton_max: f[5].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn csv_honours_every_flag_and_round_trips() {
    let args = [
        "table",
        "--format",
        "csv",
        "--v0",
        "3.5,0.7,12",
        "--k",
        "2e5,1e3,7.25e7",
        "--h",
        "0.004",
        "--dhat",
        "5e-4",
        "--kappa",
        "3e3",
        "--mass",
        "2.5",
        "--wall",
        "0.3",
        "--thickness",
        "0.01",
        "--steps",
        "150",
        "--ccd-safety",
        "0.8",
        "--tol",
        "1e-11",
    ];
    let (code, out, err) = cli(&args);
    assert_eq!(code, 0, "{err}");
    let rows = parse_csv(&out);
    assert_eq!(rows.len(), 3 * 4);
    let base = Params {
        h: 0.004,
        dhat: 5e-4,
        kappa: 3e3,
        mass: 2.5,
        wall: 0.3,
        thickness: 0.01,
        steps: 150,
        ccd_safety: 0.8,
        tol: 1e-11,
        ..Params::default()
    };
    let mut i = 0;
    for v0 in [3.5, 0.7, 12.0] {
        for k in [2e5, 1e3, 7.25e7] {
            let r = &rows[i];
            let want = throw(&Params { v0, k, ..base }, Model::Penalty, Horizon::Steps(150));
            assert_eq!((r.v0, r.model.as_str(), r.k), (v0, "penalty", Some(k)));
            assert_eq!(r.outcome, want.outcome.name());
            // Bit-exact: the CSV's floats parse back to the solver's values.
            assert_eq!(r.xmax_minus_wall.to_bits(), want.xmax_minus_wall.to_bits());
            assert_eq!(r.newton_max, want.newton_max);
            i += 1;
        }
        let r = &rows[i];
        let want = throw(&Params { v0, ..base }, Model::Ipc, Horizon::Steps(150));
        assert_eq!((r.v0, r.model.as_str(), r.k), (v0, "ipc", None));
        assert_eq!(r.outcome, "stopped");
        assert_eq!(want.outcome, Outcome::Stopped);
        assert_eq!(r.xmax_minus_wall.to_bits(), want.xmax_minus_wall.to_bits());
        assert_eq!(r.newton_max, want.newton_max);
        i += 1;
    }
}

#[test]
fn default_csv_is_the_articles_table_in_numbers() {
    let (code, out, _) = cli(&["table", "--format=csv"]);
    assert_eq!(code, 0);
    let rows = parse_csv(&out);
    assert_eq!(rows.len(), 18);
    let first = &rows[0];
    assert_eq!((first.v0, first.k, first.outcome.as_str()), (1.0, Some(1e4), "stopped"));
    assert_eq!(format!("{:.2}", first.xmax_minus_wall * 1000.0), "5.00");
    let ipc50 = &rows[17];
    assert_eq!((ipc50.v0, ipc50.model.as_str()), (50.0, "ipc"));
    assert_eq!(format!("{:.1}", -ipc50.xmax_minus_wall * 1e6), "2.1");
    assert_eq!(ipc50.newton_max, 12);
}

#[test]
fn header_reflects_the_parameters() {
    let (code, out, _) = cli(&[
        "table",
        "--wall",
        "0.25",
        "--thickness",
        "0.005",
        "--h",
        "0.0005",
        "--k",
        "3e5",
        "--dhat",
        "2e-4",
    ]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("wall at 0.25 m, thickness 5 mm, h = 0.5 ms"));
    assert_eq!(lines.next(), Some(" v0[m/s] | pen k=3e5     | IPC d^=0.2mm"));
    assert_eq!(out.lines().count(), 2 + 6);
}

#[test]
fn bad_input_exits_nonzero_with_one_line_naming_the_flag() {
    let cases: &[(&[&str], &str)] = &[
        (&["table", "--h", "abc"], "--h"),
        (&["table", "--h", "-0.01"], "--h"),
        (&["table", "--h", "NaN"], "--h"),
        (&["table", "--kappa", "inf"], "--kappa"),
        (&["table", "--dhat", "1e999"], "--dhat"),
        (&["table", "--mass", "0"], "--mass"),
        (&["table", "--v0", "1,,2"], "--v0"),
        (&["table", "--v0", ""], "--v0"),
        (&["table", "--k", "1e4,-3"], "--k"),
        (&["table", "--steps", "0"], "--steps"),
        (&["table", "--steps", "2.5"], "--steps"),
        (&["table", "--ccd-safety", "1"], "--ccd-safety"),
        (&["table", "--ccd-safety", "0"], "--ccd-safety"),
        (&["table", "--format", "xml"], "--format"),
        (&["table", "--frobnicate", "1"], "--frobnicate"),
        (&["table", "--h"], "--h"),
        (&["table", "stray"], "stray"),
        (&["tabel"], "tabel"),
    ];
    for (args, flag) in cases {
        let (code, out, err) = cli(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(flag), "{args:?}: {err}");
        assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
    }
    // Out-of-range messages say what is allowed.
    let (_, _, err) = cli(&["table", "--h", "-0.01"]);
    assert!(err.contains("allowed") && err.contains(" s"), "{err}");
}

#[test]
fn help_is_not_an_error() {
    let (code, out, _) = cli(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--ccd-safety"));
}
