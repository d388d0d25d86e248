//! The article's table: for each launch speed, one penalty throw per stiffness and one IPC
//! throw, each of a fixed number of steps.

use crate::format::{compact, py_repr, shortest, whole_or_shortest as whole};
use crate::integrator::Model;
use crate::params::Params;
#[cfg(doc)]
use crate::sim::throw;
use crate::sim::{coast_lanes, Horizon, Outcome, Simulation, ThrowResult};

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

/// The throws of one speed share their approach to the wall, which is the same for every
/// model and stiffness until the IPC ball comes within d̂ (see [`crate::sim::throw_both`]),
/// and [`LANES`] speeds coast side by side. Every bit is that of separate [`throw`]s.
fn rows_serial(params: &Params, v0s: &[f64], ks: &[f64]) -> Vec<Row> {
    const LANES: usize = 4;
    let horizon = Horizon::Steps(params.steps);
    let mut out = Vec::with_capacity(v0s.len() * (ks.len() + 1));
    let mut fork = |v0: f64, mut ipc: Simulation| {
        while ipc.coast() > 0 || ipc.step_out_of_contact() {}
        for &k in ks {
            let result = ipc.with_penalty_stiffness(k).run();
            out.push(Row { v0, model: Model::Penalty, k: Some(k), result });
        }
        out.push(Row { v0, model: Model::Ipc, k: None, result: ipc.run() });
    };
    let start = |v0: f64| Simulation::new(&Params { v0, ..*params }, Model::Ipc, horizon);
    let mut lanes = v0s.chunks_exact(LANES);
    for group in &mut lanes {
        let mut sims: [Simulation; LANES] = std::array::from_fn(|i| start(group[i]));
        coast_lanes(&mut sims);
        for (&v0, sim) in group.iter().zip(sims) {
            fork(v0, sim);
        }
    }
    for &v0 in lanes.remainder() {
        fork(v0, start(v0));
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
    use std::fmt::Write;
    let mut s = String::with_capacity(CSV_HEADER.len() + 1 + rows.len() * 48);
    s.push_str(CSV_HEADER);
    s.push('\n');
    // Consecutive rows share their speed: format it once.
    let mut v0 = (f64::NAN, String::new());
    for r in rows {
        if r.v0.to_bits() != v0.0.to_bits() {
            v0 = (r.v0, shortest(r.v0));
        }
        let k = r.k.map(shortest).unwrap_or_default();
        let _ = writeln!(
            s,
            "{},{},{},{},{},{}",
            v0.1,
            r.model.name(),
            k,
            r.result.outcome.name(),
            shortest(r.result.xmax_minus_wall),
            r.result.newton_max
        );
    }
    s
}
