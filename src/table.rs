//! The article's table: for each launch speed, one penalty throw per stiffness and one IPC
//! throw, each of a fixed number of steps.

use crate::format::{compact, py_repr, shortest, whole_or_shortest as whole};
use crate::integrator::Model;
use crate::params::Params;
use crate::sim::{throw, Horizon, Outcome, ThrowResult};

/// The article's launch speeds [m/s].
pub const ARTICLE_V0: [f64; 6] = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0];
/// The article's penalty stiffnesses [N/m].
pub const ARTICLE_K: [f64; 2] = [1e4, 1e6];

/// One throw of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    pub v0: f64,
    pub model: Model,
    /// The penalty stiffness; `None` for IPC.
    pub k: Option<f64>,
    pub result: ThrowResult,
}

/// Every throw of the table, in its order: for each `v0`, one penalty row per `k`, then the
/// IPC row. Each throw runs `params.steps` steps, as the article's do.
///
/// Throws are independent, so long sweeps are shared among the machine's cores; the rows
/// and every bit in them are the same as in one thread.
pub fn rows(params: &Params, v0s: &[f64], ks: &[f64]) -> Vec<Row> {
    const PER_THREAD: usize = 64;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads < 2 || v0s.len() < 2 * PER_THREAD {
        return rows_serial(params, v0s, ks);
    }
    let chunk = v0s.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> =
            v0s.chunks(chunk).map(|part| s.spawn(move || rows_serial(params, part, ks))).collect();
        // A throw does not panic; if one did, re-raise it here rather than lose rows.
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

fn rows_serial(params: &Params, v0s: &[f64], ks: &[f64]) -> Vec<Row> {
    let horizon = Horizon::Steps(params.steps);
    let mut out = Vec::with_capacity(v0s.len() * (ks.len() + 1));
    for &v0 in v0s {
        let p = Params { v0, ..*params };
        for &k in ks {
            let result = throw(&Params { k, ..p }, Model::Penalty, horizon);
            out.push(Row { v0, model: Model::Penalty, k: Some(k), result });
        }
        out.push(Row { v0, model: Model::Ipc, k: None, result: throw(&p, Model::Ipc, horizon) });
    }
    out
}

/// The table as the article prints it, byte for byte at the article's parameters.
pub fn format_table(params: &Params, v0s: &[f64], ks: &[f64]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "wall at {} m, thickness {} mm, h = {} ms",
        py_repr(params.wall),
        whole(params.thickness * 1000.0),
        whole(params.h * 1000.0)
    );
    let mut cols: Vec<String> =
        ks.iter().map(|&k| format!("{:13}", format!("pen k={}", compact(k)))).collect();
    cols.push(format!("IPC d^={}mm", whole(params.dhat * 1000.0)));
    let _ = writeln!(s, " v0[m/s] | {}", cols.join(" | "));
    for chunk in rows(params, v0s, ks).chunks(ks.len() + 1) {
        let cells: Vec<String> = chunk.iter().map(cell).collect();
        let _ = writeln!(s, " {:>7} | {}", whole(chunk[0].v0), cells.join(" | "));
    }
    s
}

fn cell(row: &Row) -> String {
    let r = &row.result;
    match row.model {
        Model::Penalty if r.outcome == Outcome::Through => format!("{:13}", "through"),
        Model::Penalty => format!("stop {:5.2} mm", r.xmax_minus_wall * 1000.0),
        Model::Ipc => format!("gap {:6.1} um, newton {:2}", -r.xmax_minus_wall * 1e6, r.newton_max),
    }
}

/// The CSV header.
pub const CSV_HEADER: &str = "v0,model,k,outcome,xmax_minus_wall_m,newton_max";

/// The rows as CSV, floats written so they parse back to the same value.
pub fn format_csv(rows: &[Row]) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    for r in rows {
        let k = r.k.map(shortest).unwrap_or_default();
        s += &format!(
            "{},{},{},{},{},{}\n",
            shortest(r.v0),
            r.model.name(),
            k,
            r.result.outcome.name(),
            shortest(r.result.xmax_minus_wall),
            r.result.newton_max
        );
    }
    s
}
