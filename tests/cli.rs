//! The CLI: flags override every parameter, CSV round-trips, bad input gets one clear line.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

use ipc_wall::params::{check, Field};
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

/// Every class of hostile input the issue names, as text a shell hands over. Each value is
/// tried at every flag; `hostile_flags_get_one_short_line_and_no_output` counts the tries and
/// writes them to `target/tmp/hostile-cli.txt` (the README's "What we tried" table).
const HOSTILE: &[(&str, &[&str])] = &[
    ("NaN", &["NaN", "nan", "-NaN"]),
    ("+Infinity", &["inf", "Infinity", "+inf"]),
    ("-Infinity", &["-inf", "-Infinity"]),
    ("1e999", &["1e999", "-1e999"]),
    ("zero", &["0", "-0", "0.0"]),
    ("negative", &["-1", "-0.01", "-5e-3"]),
    ("huge (1e300)", &["1e300", "1.7976931348623157e308"]),
    ("tiny (1e-300)", &["1e-300", "5e-324"]),
    ("string", &["abc", "five", "0x10", "5 m/s", ""]),
    ("object", &["{}", "[object Object]", "{\"v0\":5}", "[5]"]),
    ("null", &["null", "undefined"]),
    ("HTML or script", &["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\"><svg onload=x>"]),
];

/// Flags as a reader types them (`--ccd-safety` is the CLI's spelling).
const FLAGS: [&str; 11] =
    ["v0", "k", "h", "dhat", "kappa", "mass", "wall", "thickness", "steps", "ccd-safety", "tol"];

/// One short line on stderr naming `flag`, exit 2, nothing on stdout.
fn assert_refused(args: &[&str], flag: &str) {
    let (code, out, err) = cli(args);
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(60).collect()).collect();
    assert_eq!(code, 2, "{shown:?}: {err}");
    assert!(out.is_empty(), "{shown:?} printed {out}");
    assert_eq!(err.lines().count(), 1, "{shown:?}: {err}");
    assert!(err.len() <= 300, "{shown:?}: a {}-byte error line", err.len());
    assert!(err.starts_with("error: ") && err.contains(flag), "{shown:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("000000000000000000"), "{err}");
}

#[test]
fn hostile_flags_get_one_short_line_and_no_output() {
    let mut summary = String::new();
    for (class, values) in HOSTILE {
        let (mut refused, mut accepted) = (0, 0);
        for value in *values {
            for flag in FLAGS {
                let dashed = format!("--{flag}");
                let args = ["table", dashed.as_str(), value];
                let (code, out, err) = cli(&args);
                // What the core accepts (a tiny positive speed, tolerance or CCD factor is in
                // its ranges) must give a table of finite numbers; the rest one error line.
                let field = Field::from_name(&flag.replace('-', "_")).unwrap();
                let valid = value.trim().parse().is_ok_and(|v| check(field, v).is_ok());
                if valid {
                    assert_eq!(code, 0, "{args:?}: {err}");
                    assert!(!out.contains("NaN") && !out.contains("inf"), "{args:?}: {out}");
                    accepted += 1;
                } else {
                    assert_refused(&args, &dashed);
                    refused += 1;
                }
            }
        }
        summary
            .push_str(&format!("{class}\t{}\t{refused} refused, {accepted} accepted\n", refused + accepted));
    }
    // Unknown flags (and keys that look like JS internals) and unknown commands.
    let unknown = ["--speed", "--V0", "--__proto__", "--constructor", "--<script>", "--v0\nerror: forged"];
    for flag in unknown {
        assert_refused(&["table", flag, "1"], &flag.escape_debug().take(8).collect::<String>());
    }
    assert_refused(&["<script>alert(1)</script>"], "<script>");
    summary.push_str(&format!(
        "unknown key\t{}\t{} refused, 0 accepted\n",
        unknown.len() + 1,
        unknown.len() + 1
    ));
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-cli.txt");
    std::fs::write(&path, &summary).unwrap();
    println!("hostile CLI input (class, tries, outcome), also in {}:\n{summary}", path.display());
}

#[test]
fn a_huge_argument_gets_a_short_error_line() {
    // Linux caps one argument at 128 KiB (MAX_ARG_STRLEN): 120 kB is as long as one gets.
    let mega = "<".repeat(120_000);
    let list = format!("1,{}", "x".repeat(120_000));
    let empty_item = format!("{},,1", "1,".repeat(50_000));
    for args in [
        vec!["table", "--h", mega.as_str()],
        vec!["table", "--v0", list.as_str()],
        vec!["table", "--k", empty_item.as_str()],
        vec!["table", "--format", mega.as_str()],
        vec!["table", mega.as_str()],
        vec![mega.as_str()],
    ] {
        let (code, out, err) = cli(&args);
        assert_eq!(code, 2);
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{}", &err[..err.len().min(200)]);
        assert!(err.len() <= 300, "a {}-byte error line: {}…", err.len(), &err[..200]);
        assert!(err.contains('…'), "the echo says it was cut: {err}");
    }
}

#[test]
fn models_flag_prints_both_halves_in_both_formats() {
    let (code, out, _) =
        cli(&["table", "--models", "penalty,ipc,barrier-alone,ccd-alone", "--format", "csv"]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("v0,model,k,outcome,xmax_minus_wall_m,newton_max,touching,converged"));
    let rows: Vec<&str> = lines.collect();
    // Per speed: penalty at both k, IPC, barrier alone, CCD alone at both k.
    assert_eq!(rows.len(), 6 * 6);
    assert!(rows.contains(&"5,barrier-alone,,through,-0.0030000000000000027,2,false,true"));
    assert!(rows.contains(&"5,ccd-alone,10000,stopped,0,59,true,false"));
    let (code, table, _) = cli(&["table", "--models", "barrier-alone,ccd-alone", "--k", "1e4"]);
    assert_eq!(code, 0);
    assert!(table.contains("barrier alone d^=1mm"), "{table}");
    let five = table.lines().find(|l| l.starts_with("       5 |")).unwrap_or_default();
    assert!(five.contains("through, newton  2") && five.ends_with("touching the wall, newton 59"), "{table}");
    // The default stays the article's three columns.
    assert_eq!(cli(&["table"]).1, cli(&["table", "--models", "penalty,ipc"]).1);
    let (code, _, err) = cli(&["table", "--models", "ipc,frictionless"]);
    assert_eq!(code, 2);
    assert!(err.contains("--models") && err.contains("ccd-alone"), "{err}");
}
