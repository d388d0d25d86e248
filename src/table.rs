//! The article's table: for each launch speed, one penalty throw per stiffness and one IPC
//! throw, each of a fixed number of steps.

use crate::energy::ContactKind;
use crate::format::{compact, py_repr, whole_or_shortest as whole, Shortest};
use crate::integrator::Model;
use crate::params::Params;
use crate::sim::{coast_lanes, throw, Horizon, Outcome, Simulation, ThrowResult};

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
pub fn rows(params: &Params, v0s: &[f64], ks: &[f64]) -> Vec<Row> {
    by_parts(v0s, |part| rows_serial(params, part, ks)).into_iter().flatten().collect()
}

/// Every throw of a table of `models`, in its order: for each `v0`, for each model, one row
/// per `k` if its contact energy is penalty's, else one row. With the article's two models
/// this is [`rows`], whose approaches are shared; other models throw each row on its own.
pub fn rows_of(params: &Params, v0s: &[f64], ks: &[f64], models: &[Model]) -> Vec<Row> {
    if models == Model::BOTH {
        return rows(params, v0s, ks);
    }
    let horizon = Horizon::Steps(params.steps);
    let throw_at = |v0: f64, model: Model, k: Option<f64>| {
        let p = Params { v0, k: k.unwrap_or(params.k), ..*params };
        Row { v0, model, k, result: throw(&p, model, horizon) }
    };
    let speed = |v0: f64| {
        let row = |m: Model| -> Vec<Row> {
            if uses_k(m) {
                ks.iter().map(|&k| throw_at(v0, m, Some(k))).collect()
            } else {
                vec![throw_at(v0, m, None)]
            }
        };
        models.iter().flat_map(|&m| row(m)).collect::<Vec<Row>>()
    };
    by_parts(v0s, |part| part.iter().flat_map(|&v0| speed(v0)).collect::<Vec<Row>>())
        .into_iter()
        .flatten()
        .collect()
}

/// Whether a model's rows are one per penalty stiffness.
fn uses_k(model: Model) -> bool {
    model.spec().contact == ContactKind::Penalty
}

/// Whether a table of `models` is the article's (no `touching`/`converged` columns).
fn is_articles(models: &[Model]) -> bool {
    models.iter().all(|m| Model::BOTH.contains(m))
}

/// [`format_csv`] of [`rows`], each part of a long sweep formatted in the thread that threw
/// it: formatting costs about as much as the throws.
pub fn csv(params: &Params, v0s: &[f64], ks: &[f64]) -> String {
    let parts = by_parts(v0s, |part| csv_lines(&rows_serial(params, part, ks), false));
    let mut s = String::with_capacity(CSV_HEADER.len() + 1 + parts.iter().map(String::len).sum::<usize>());
    s.push_str(CSV_HEADER);
    s.push('\n');
    parts.iter().for_each(|part| s.push_str(part));
    s
}

/// `f` of consecutive parts of `v0s`, in order. Throws are independent, so long sweeps are
/// shared among the machine's cores; the results and every bit in them are the same as in
/// one thread.
fn by_parts<T: Send>(v0s: &[f64], f: impl Fn(&[f64]) -> T + Sync) -> Vec<T> {
    const PER_THREAD: usize = 64;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads < 2 || v0s.len() < 2 * PER_THREAD {
        return vec![f(v0s)];
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> =
            v0s.chunks(v0s.len().div_ceil(threads)).map(|part| s.spawn(move || f(part))).collect();
        // A throw does not panic; if one did, re-raise it here rather than lose rows.
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// The throws of one speed share their approach to the wall, which is the same for every
/// model and stiffness until the IPC ball comes within d̂ (see [`crate::sim::throw_both`]).
/// Four speeds fly side by side ([`coast_lanes`]) to the wall, and their IPC balls again on
/// the way back, which is most of an article throw. Every bit is that of separate
/// [`crate::sim::throw`]s.
fn rows_serial(params: &Params, v0s: &[f64], ks: &[f64]) -> Vec<Row> {
    const LANES: usize = 4;
    let horizon = Horizon::Steps(params.steps);
    let mut out = Vec::with_capacity(v0s.len() * (ks.len() + 1));
    // The penalty rows of the speed; the IPC ball is left at its first free-flight step
    // after contact (or at its end), for the caller to finish.
    let fork = |out: &mut Vec<Row>, v0: f64, ipc: &mut Simulation| {
        while ipc.coast() > 0 || ipc.step_out_of_contact() {}
        for &k in ks {
            let result = ipc.with_penalty_stiffness(k).run();
            out.push(Row { v0, model: Model::Penalty, k: Some(k), result });
        }
        ipc.step_to_flight();
        out.push(Row { v0, model: Model::Ipc, k: None, result: ipc.result() });
    };
    let start = |v0: f64| Simulation::new(&Params { v0, ..*params }, Model::Ipc, horizon);
    let mut lanes = v0s.chunks_exact(LANES);
    for group in &mut lanes {
        let mut sims: [Simulation; LANES] = std::array::from_fn(|i| start(group[i]));
        coast_lanes(&mut sims);
        for (&v0, sim) in group.iter().zip(&mut sims) {
            fork(&mut out, v0, sim);
        }
        coast_lanes(&mut sims);
        let rows = out.len() - LANES * (ks.len() + 1);
        for (row, sim) in out[rows..].iter_mut().skip(ks.len()).step_by(ks.len() + 1).zip(&mut sims) {
            row.result = sim.run();
        }
    }
    for &v0 in lanes.remainder() {
        let mut ipc = start(v0);
        fork(&mut out, v0, &mut ipc);
        if let Some(row) = out.last_mut() {
            row.result = ipc.run();
        }
    }
    out
}

/// The table as the article prints it, byte for byte at the article's parameters.
pub fn format_table(params: &Params, v0s: &[f64], ks: &[f64]) -> String {
    format_table_of(params, v0s, ks, &Model::BOTH)
}

/// [`format_table`] with a column per model (per `k` for penalty's energy). Once a half of
/// the guarantee is named, every cell also says its Newton count.
pub fn format_table_of(params: &Params, v0s: &[f64], ks: &[f64], models: &[Model]) -> String {
    use std::fmt::Write;
    let newton = !is_articles(models);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "wall at {} m, thickness {} mm, h = {} ms",
        py_repr(params.wall),
        whole(params.thickness * 1000.0),
        whole(params.h * 1000.0)
    );
    let width = |m: Model| if uses_k(m) && !newton { 13 } else { 24 };
    let mut cols: Vec<String> = Vec::new();
    for &m in models {
        let short = m.spec().short;
        if uses_k(m) {
            cols.extend(
                ks.iter().map(|&k| format!("{:w$}", format!("{short} k={}", compact(k)), w = width(m))),
            );
        } else {
            cols.push(format!(
                "{:w$}",
                format!("{short} d^={}mm", whole(params.dhat * 1000.0)),
                w = width(m)
            ));
        }
    }
    let header = format!(" v0[m/s] | {}", cols.join(" | "));
    let _ = writeln!(s, "{}", header.trim_end());
    let per_speed = models.iter().map(|&m| if uses_k(m) { ks.len() } else { 1 }).sum::<usize>().max(1);
    for chunk in rows_of(params, v0s, ks, models).chunks(per_speed) {
        let cells: Vec<String> =
            chunk.iter().map(|r| format!("{:w$}", cell(r, newton), w = width(r.model))).collect();
        let line = format!(" {:>7} | {}", whole(chunk[0].v0), cells.join(" | "));
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

/// One cell: penalty's energy reports its depth, a barrier's its gap, in the article's
/// formats; a barrier's cell, or any once `newton` is asked for, also its Newton count.
fn cell(row: &Row, newton: bool) -> String {
    let r = &row.result;
    let barrier = !uses_k(row.model);
    let mut text = if r.outcome == Outcome::Through {
        "through".to_owned()
    } else if barrier {
        format!("gap {:6.1} um", -r.xmax_minus_wall * 1e6)
    } else if newton && r.touching {
        // CCD alone: glued to the face, a gap of exactly 0.
        "touching the wall".to_owned()
    } else {
        format!("stop {:5.2} mm", r.xmax_minus_wall * 1000.0)
    };
    if barrier || newton {
        text += &format!(", newton {:2}", r.newton_max);
    }
    text
}

/// The CSV header.
pub const CSV_HEADER: &str = "v0,model,k,outcome,xmax_minus_wall_m,newton_max";
/// The CSV header's two more columns once a half of the guarantee is named.
pub const CSV_HALVES: &str = ",touching,converged";

/// [`csv`] of a table of `models`: the article's columns, plus `touching` and `converged`
/// when `models` names a half of the guarantee.
pub fn csv_of(params: &Params, v0s: &[f64], ks: &[f64], models: &[Model]) -> String {
    if models == Model::BOTH {
        return csv(params, v0s, ks);
    }
    let halves = !is_articles(models);
    let mut s = String::from(CSV_HEADER);
    if halves {
        s.push_str(CSV_HALVES);
    }
    s.push('\n');
    s + &csv_lines(&rows_of(params, v0s, ks, models), halves)
}

/// The rows as CSV, floats written so they parse back to the same value.
pub fn format_csv(rows: &[Row]) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    s + &csv_lines(rows, false)
}

/// The CSV lines of `rows`, without the header; with `halves`, also `touching,converged`.
fn csv_lines(rows: &[Row], halves: bool) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(rows.len() * 48);
    for r in rows {
        let _ = write!(s, "{},{},", Shortest(r.v0), r.model.name());
        if let Some(k) = r.k {
            let _ = write!(s, "{}", Shortest(k));
        }
        let _ = writeln!(
            s,
            ",{},{},{}",
            r.result.outcome.name(),
            Shortest(r.result.xmax_minus_wall),
            r.result.newton_max
        );
        if halves {
            s.pop();
            let _ = writeln!(s, ",{},{}", r.result.touching, r.result.converged);
        }
    }
    s
}
