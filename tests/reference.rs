//! Agreement with the article's own Python code at parameters other than the article's.
//!
//! The article's code is read from `../shared/article/` (it is never copied into the
//! project), its constants are overridden case by case, and every throw must come out the
//! same: outcome, Newton count and the largest `x − wall` to the last bit.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

use ipc_wall::sim::throw;
use ipc_wall::{Horizon, Model, Params};

const ARTICLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/article/004_edd5e71f459f89be.txt");

/// The article's program up to (not including) its table printing.
fn article_code() -> Option<String> {
    let text = std::fs::read_to_string(ARTICLE).ok()?;
    let start = text.find("import math")?;
    let end = start + text[start..].find("print(f\"wall at")?;
    Some(text[start..end].to_owned())
}

const DRIVER: &str = r#"
import sys
ns = {}
exec(sys.argv[1], ns)
for line in sys.stdin:
    m, h, wall, w, dhat, kappa, k, v0, steps, mode = line.split()
    ns.update(M=float(m), H=float(h), WALL=float(wall), W=float(w), DHAT=float(dhat),
              KAPPA=float(kappa), K_PEN=float(k))
    try:
        r = ns["throw"](float(v0), mode, int(steps))
        print(r[0], repr(r[1]), r[2])
    except (ValueError, ZeroDivisionError) as e:
        print("error", type(e).__name__, 0)
"#;

/// A small deterministic generator (xorshift64*), so the cases are the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(lo.log10() + self.next() * (hi.log10() - lo.log10()))
    }
}

#[test]
fn every_throw_matches_the_articles_python_bit_for_bit() {
    let Some(code) = article_code() else {
        eprintln!("article not found at {ARTICLE}; skipping the comparison with its Python");
        return;
    };
    let mut rng = Rng(0x1bad_5eed_cafe_f00d);
    let mut cases = Vec::new();
    for _ in 0..250 {
        let p = Params {
            v0: rng.log_uniform(0.1, 100.0),
            h: rng.log_uniform(1e-3, 0.05),
            k: rng.log_uniform(1e2, 1e10),
            dhat: rng.log_uniform(1e-6, 1e-2),
            kappa: rng.log_uniform(1.0, 1e8),
            mass: rng.log_uniform(0.1, 10.0),
            wall: rng.log_uniform(0.05, 1.0),
            thickness: rng.log_uniform(1e-3, 0.1),
            ..Params::default()
        };
        for model in Model::BOTH {
            cases.push((p, model));
        }
    }
    let mut child = match Command::new("python3")
        .args(["-c", DRIVER, &code])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("python3 is needed to compare with the article's code: {e}"),
    };
    {
        let mut stdin = child.stdin.take().unwrap();
        for (p, model) in &cases {
            let mode = if *model == Model::Ipc { "ipc" } else { "pen" };
            // `{:?}` writes the shortest text that round-trips, which Python parses exactly.
            writeln!(
                stdin,
                "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {mode}",
                p.mass, p.h, p.wall, p.thickness, p.dhat, p.kappa, p.k, p.v0, p.steps
            )
            .unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the article's code failed");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), cases.len());
    let mut compared = 0;
    for ((p, model), line) in cases.iter().zip(lines) {
        let f: Vec<&str> = line.split(' ').collect();
        if f[0] == "error" {
            // The reference took log(0) or divided by zero; the Rust solver guards those.
            continue;
        }
        let ours = throw(p, *model, Horizon::Steps(p.steps));
        let xmax: f64 = f[1].parse().unwrap();
        assert_eq!(
            ours.outcome.name(),
            if f[0] == "through" { "through" } else { "stopped" },
            "{p:?} {model:?}"
        );
        assert_eq!(
            ours.xmax_minus_wall.to_bits(),
            xmax.to_bits(),
            "{p:?} {model:?}: {} vs {xmax}",
            ours.xmax_minus_wall
        );
        assert_eq!(ours.newton_max.to_string(), f[2], "{p:?} {model:?}");
        compared += 1;
    }
    assert!(compared >= cases.len() * 9 / 10, "only {compared} of {} cases compared", cases.len());
}
