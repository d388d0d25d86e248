//! `cargo xtask bench [--quick]`: every benchmark, and a report that checks the budgets.
//!
//! 1. Native: the criterion benchmarks of `benches/throws.rs`, with the CLI's 15,000-throw
//!    sweep timed whole process against the article's own Python (when `../shared/article/`
//!    is there).
//! 2. The wasm of `dist/` under Node (`bench/wasm-node.mjs`) and, with the figure served
//!    from `dist/`, in headless Chromium at 1280 × 800, dpr 2 (`bench/browser.mjs`).
//! 3. Bytes of the wasm and of `dist/`, raw and gzip -9.
//! 4. Lighthouse 12 (npm, `bench/package.json`) with Debian's Chromium on its mobile and
//!    desktop presets, against `dist/` served gzipped: the four category scores, LCP, TBT and
//!    CLS, the median of three runs each (`--lighthouse`: only this).
//!
//! Writes `bench/report.md` and `bench/report.json`; a figure that misses its budget is
//! marked there (and the command still succeeds: budgets are reported, not enforced).
//! The pure pieces (statistics, budgets, the report's formats) are unit-tested below.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::{json, Value};

use crate::build;
use crate::serve::Server;
use crate::test::{
    ensure_chromium, ensure_node_modules, ensure_npm_packages, run_with_deadline, CHROMIUM, CHROMIUM_FLAGS,
};
use crate::util::{cargo, ensure_wasm_target, root, run, target_dir};

/// A budget: the value must be at most, or at least, the limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    AtMost(f64),
    AtLeast(f64),
}

impl Budget {
    pub fn met(self, value: f64) -> bool {
        match self {
            Budget::AtMost(limit) => value <= limit,
            Budget::AtLeast(limit) => value >= limit,
        }
    }

    fn text(self, unit: &str) -> String {
        let (op, limit) = match self {
            Budget::AtMost(l) => ("≤", l),
            Budget::AtLeast(l) => ("≥", l),
        };
        with_unit(&format!("{op} {}", number(limit)), unit)
    }
}

/// One line of the report. `value` is None when it could not be measured here (the article
/// is absent, say): shown as such, never as a miss.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub key: String,
    pub label: String,
    pub value: Option<f64>,
    pub unit: &'static str,
    pub budget: Option<Budget>,
}

impl Row {
    fn new(key: impl Into<String>, label: impl Into<String>, value: Option<f64>, unit: &'static str) -> Row {
        Row { key: key.into(), label: label.into(), value, unit, budget: None }
    }

    fn budget(mut self, b: Budget) -> Row {
        self.budget = Some(b);
        self
    }

    /// Some(true) met, Some(false) missed, None: no budget or no value.
    pub fn met(&self) -> Option<bool> {
        Some(self.budget?.met(self.value?))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: &'static str,
    pub note: String,
    pub rows: Vec<Row>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Where and when it was measured: (name, value).
    pub env: Vec<(&'static str, String)>,
    pub sections: Vec<Section>,
}

impl Report {
    pub fn misses(&self) -> Vec<&Row> {
        self.sections.iter().flat_map(|s| &s.rows).filter(|r| r.met() == Some(false)).collect()
    }
}

// ---- statistics ---------------------------------------------------------------------------

/// The median (mean of the two middle values for an even count); None for no values.
pub fn median(xs: &[f64]) -> Option<f64> {
    let mut v: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 { v[n / 2] } else { 0.5 * (v[n / 2 - 1] + v[n / 2]) })
}

/// The `p` quantile by nearest rank (p = 0.95: the smallest value with 95 % of the values at
/// or below it); None for no values.
pub fn percentile(xs: &[f64], p: f64) -> Option<f64> {
    let mut v: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let rank = (p * v.len() as f64).ceil().max(1.0) as usize;
    Some(v[rank.min(v.len()) - 1])
}

/// Frames the display had to skip, from the intervals between animation frames: an interval
/// of about k frame periods means k − 1 frames were dropped. The period is the median
/// interval (the display's rate).
pub fn dropped_frames(intervals_ms: &[f64]) -> Option<f64> {
    let period = median(intervals_ms)?;
    if period <= 0.0 {
        return None;
    }
    Some(intervals_ms.iter().map(|iv| ((iv / period).round() - 1.0).max(0.0)).sum())
}

// ---- formatting ---------------------------------------------------------------------------

/// A number for people: thousands grouped, three significant digits below 100.
pub fn number(x: f64) -> String {
    let a = x.abs();
    if a >= 1000.0 {
        let digits = format!("{:.0}", a);
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        if x < 0.0 {
            out.insert(0, '-');
        }
        return out;
    }
    // Whole numbers (scores, counts) show no decimals.
    let decimals = if a >= 100.0 || x.fract() == 0.0 {
        0
    } else if a >= 10.0 {
        1
    } else if a >= 1.0 {
        2
    } else {
        // Three significant digits.
        (2 - a.log10().floor() as i32).clamp(0, 12) as usize
    };
    format!("{x:.decimals$}")
}

fn with_unit(num: &str, unit: &str) -> String {
    match unit {
        "" => num.to_string(),
        "×" => format!("{num}×"),
        u => format!("{num} {u}"),
    }
}

/// The long tasks while loading (bench/browser.mjs), each with what ran in it (bench/frames.mjs
/// `whatRan`): a sentence for the page section's note, empty if there were none.
fn load_tasks_note(b: &Value) -> String {
    let tasks = b["long_tasks"]["load"].as_array().cloned().unwrap_or_default();
    let each: Vec<String> = tasks
        .iter()
        .filter_map(|t| {
            let (start, d) = (t["start"].as_f64()?, t["duration"].as_f64()?);
            let what = t["what"].as_str().unwrap_or("not recorded");
            let first =
                t["first_frame"].as_f64().map_or(String::new(), |f| format!(", first frame at {f:.0}"));
            Some(format!("{d:.0} ms, {start:.0}–{:.0} ms after navigation{first}: {what}", start + d))
        })
        .collect();
    if each.is_empty() {
        return String::new();
    }
    format!(
        " The long tasks while loading, and what ran in each (Long Animation Frame timing: each script of 5 ms \
         or more by file and by how it was called, in ms, and a frame's style, layout and paint; the rest is \
         the browser's other work, parsing and commit, and shorter scripts): {}.",
        each.join("; ")
    )
}

/// The line on top of the report: every budget met, or the misses by name.
pub fn summary_line(missed_labels: &[&str]) -> String {
    if missed_labels.is_empty() {
        "**Every budget is met.**".to_string()
    } else {
        format!("**Budget misses ({}):** {}.", missed_labels.len(), missed_labels.join("; "))
    }
}

/// The report as Markdown: a table per section, misses in bold, a summary on top.
pub fn markdown(r: &Report) -> String {
    let mut s =
        String::from("# ipc-wall benchmark report\n\nWritten by `cargo xtask bench`; do not edit.\n\n");
    let labels: Vec<&str> = r.misses().iter().map(|m| m.label.as_str()).collect();
    let _ = writeln!(s, "{}\n", summary_line(&labels));
    for (name, value) in &r.env {
        let _ = writeln!(s, "- {name}: {value}");
    }
    for sec in &r.sections {
        s.push('\n');
        s.push_str(&section_markdown(sec));
    }
    s
}

/// One section as Markdown: its heading, its note and its table.
pub fn section_markdown(sec: &Section) -> String {
    let mut s = format!("## {}\n\n", sec.title);
    if !sec.note.is_empty() {
        let _ = write!(s, "{}\n\n", sec.note);
    }
    s.push_str("| | value | budget | |\n|---|---:|---|---|\n");
    for row in &sec.rows {
        let value = row.value.map_or("not measured".to_string(), |v| with_unit(&number(v), row.unit));
        let budget = row.budget.map_or(String::new(), |b| b.text(row.unit));
        let status = match row.met() {
            Some(true) => "ok",
            Some(false) => "**MISS**",
            None => "",
        };
        let _ = writeln!(s, "| {} | {value} | {budget} | {status} |", row.label);
    }
    s
}

/// The report as JSON: every row with its key, value, unit, budget and whether it is met.
pub fn json_report(r: &Report) -> Value {
    let env: serde_json::Map<String, Value> = r.env.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
    let sections: Vec<Value> = r.sections.iter().map(section_json).collect();
    let misses: Vec<&str> = r.misses().iter().map(|m| m.key.as_str()).collect();
    json!({"env": env, "misses": misses, "sections": sections})
}

/// One section as JSON: its title and its rows.
pub fn section_json(sec: &Section) -> Value {
    let rows: Vec<Value> = sec
        .rows
        .iter()
        .map(|row| {
            let budget = row.budget.map(|b| match b {
                Budget::AtMost(l) => json!({"at_most": l}),
                Budget::AtLeast(l) => json!({"at_least": l}),
            });
            json!({
                "key": row.key,
                "label": row.label,
                "value": row.value,
                "unit": row.unit,
                "budget": budget,
                "met": row.met(),
            })
        })
        .collect();
    json!({"title": sec.title, "rows": rows})
}

// ---- Lighthouse ---------------------------------------------------------------------------

/// The heading of the Lighthouse section in bench/report.md and its title in report.json.
pub const LIGHTHOUSE_TITLE: &str = "Lighthouse 12: the page, mobile and desktop presets (issue 14)";

/// Lighthouse's presets: name, CLI flags and the Performance budget (issue 14). Mobile is
/// Lighthouse's default (a mid-range phone, 4× CPU slowdown and slow 4G, simulated).
const LIGHTHOUSE_PRESETS: [(&str, &[&str], f64); 2] =
    [("mobile", &[], 90.0), ("desktop", &["--preset=desktop"], 95.0)];

/// Runs per preset: the report gives each run and their median.
const LIGHTHOUSE_RUNS: usize = 3;

/// Lighthouse's category ids and names. Every budget is 100 but Performance's.
const CATEGORIES: [(&str, &str); 4] = [
    ("performance", "Performance"),
    ("accessibility", "Accessibility"),
    ("best-practices", "Best Practices"),
    ("seo", "SEO"),
];

/// The audits recorded: id, short name, unit and budget (CLS ≤ 0.01: issue 14, point 3).
const METRICS: [(&str, &str, &str, Option<Budget>); 3] = [
    ("largest-contentful-paint", "LCP", "ms", None),
    ("total-blocking-time", "TBT", "ms", None),
    ("cumulative-layout-shift", "CLS", "", Some(Budget::AtMost(0.01))),
];

/// One Lighthouse run: the category scores (0–100, in `CATEGORIES`' order; None when
/// Lighthouse could not score one), the `METRICS`, and Lighthouse's own measure of the
/// machine's CPU speed (`benchmarkIndex`, higher is faster).
#[derive(Clone, Debug, PartialEq)]
pub struct LhRun {
    pub scores: Vec<Option<f64>>,
    pub metrics: Vec<Option<f64>>,
    pub benchmark_index: Option<f64>,
}

/// Reads a Lighthouse result (its JSON output); a run that Lighthouse reports as failed is
/// an error.
pub fn lighthouse_run(lhr: &Value) -> Result<LhRun, String> {
    if let Some(e) = lhr.get("runtimeError").filter(|e| !e.is_null()) {
        return Err(format!(
            "Lighthouse could not measure the page: {} {}",
            e["code"].as_str().unwrap_or("?"),
            e["message"].as_str().unwrap_or("")
        ));
    }
    if !lhr["categories"].is_object() {
        return Err("not a Lighthouse result: it has no categories".into());
    }
    let score = |id: &str| lhr["categories"][id]["score"].as_f64().map(|s| (s * 100.0).round());
    Ok(LhRun {
        scores: CATEGORIES.iter().map(|(id, _)| score(id)).collect(),
        metrics: METRICS.iter().map(|(id, ..)| lhr["audits"][id]["numericValue"].as_f64()).collect(),
        benchmark_index: lhr["environment"]["benchmarkIndex"].as_f64(),
    })
}

/// The Lighthouse section: per preset, the median of its runs for each score and metric,
/// with its budget; every run in a table in the note, below `head`.
pub fn lighthouse_section(presets: &[(&str, Vec<LhRun>)], head: &str) -> Section {
    let mut rows = Vec::new();
    for (preset, runs) in presets {
        let performance = LIGHTHOUSE_PRESETS.iter().find(|p| p.0 == *preset).map_or(100.0, |p| p.2);
        for (i, (id, name)) in CATEGORIES.iter().enumerate() {
            let values: Vec<f64> = runs.iter().filter_map(|r| r.scores[i]).collect();
            let limit = if *id == "performance" { performance } else { 100.0 };
            let key = format!("lighthouse_{preset}_{}", id.replace('-', "_"));
            rows.push(
                Row::new(key, format!("{preset}: {name}"), median(&values), "")
                    .budget(Budget::AtLeast(limit)),
            );
        }
        for (i, (_, name, unit, budget)) in METRICS.iter().enumerate() {
            let values: Vec<f64> = runs.iter().filter_map(|r| r.metrics[i]).collect();
            let row = Row::new(
                format!("lighthouse_{preset}_{}", name.to_lowercase()),
                format!("{preset}: {name}"),
                median(&values),
                unit,
            );
            rows.push(match budget {
                Some(b) => row.budget(*b),
                None => row,
            });
        }
    }
    Section { title: LIGHTHOUSE_TITLE, note: format!("{head}\n\n{}", lighthouse_runs_table(presets)), rows }
}

/// Every run, one line each.
fn lighthouse_runs_table(presets: &[(&str, Vec<LhRun>)]) -> String {
    let mut s = String::from("| preset | run |");
    for (_, name) in CATEGORIES {
        let _ = write!(s, " {name} |");
    }
    for (_, name, unit, _) in METRICS {
        let _ = write!(s, " {name}{} |", if unit.is_empty() { String::new() } else { format!(" [{unit}]") });
    }
    s.push_str(" benchmarkIndex |\n|---|---|");
    s.push_str(&"---:|".repeat(CATEGORIES.len() + METRICS.len() + 1));
    let cell = |v: Option<f64>| v.map_or("–".to_string(), number);
    for (preset, runs) in presets {
        for (n, run) in runs.iter().enumerate() {
            let _ = write!(s, "\n| {preset} | {} |", n + 1);
            for v in run.scores.iter().chain(&run.metrics).chain([&run.benchmark_index]) {
                let _ = write!(s, " {} |", cell(*v));
            }
        }
    }
    s
}

/// `report` (bench/report.md) with its Lighthouse section replaced by `section` (Markdown),
/// or with `section` added before the drags of `--browser` (or at the end). The rest stays.
pub fn splice_lighthouse(report: &str, section: &str) -> String {
    let heading = format!("## {LIGHTHOUSE_TITLE}");
    let section = section.trim_end();
    if let Some(start) = report.find(&heading) {
        let end =
            report[start + heading.len()..].find("\n## ").map_or(report.len(), |i| start + heading.len() + i);
        let rest = &report[end..];
        return format!("{}{section}\n{}", &report[..start], if rest.is_empty() { "" } else { rest });
    }
    match report.find(PHONE_HEADING) {
        Some(at) => format!("{}\n\n{section}\n\n{}", report[..at].trim_end(), &report[at..]),
        None => format!("{}\n\n{section}\n", report.trim_end()),
    }
}

/// `field` ("key", "label") of every row of report.json that misses its budget.
pub fn json_misses(report: &Value, field: &str) -> Vec<Value> {
    let rows = report["sections"].as_array().into_iter().flatten().filter_map(|s| s["rows"].as_array());
    rows.flatten().filter(|r| r["met"] == json!(false)).map(|r| r[field].clone()).collect()
}

/// How many budgets the latest run of the drags missed, from the line `bench/phone.mjs` puts
/// on top of its section (None: the report has no such run, or one from before that line).
pub fn drag_misses(report: &str) -> Option<usize> {
    let at = report.find(PHONE_HEADING)?;
    let latest = &report[at..];
    let latest = latest.find(EARLIER_HEADING).map_or(latest, |end| &latest[..end]);
    latest.lines().find_map(|l| {
        if l.starts_with("**Every budget of the drags") {
            return Some(0);
        }
        let n = l.strip_prefix("**Budget misses in this run (")?.split(')').next()?;
        n.parse().ok()
    })
}

/// `report` (bench/report.md) with its summary line (every budget met, or the misses) made
/// again from `missed_labels` (the full run's) and the misses of the drags' latest run.
pub fn with_summary(report: &str, missed_labels: &[&str]) -> String {
    let drags = drag_misses(report).filter(|&n| n > 0).map(|n| {
        format!("{n} in the drags and loads of `cargo xtask bench --browser` (listed in their section)")
    });
    let labels: Vec<&str> = missed_labels.iter().copied().chain(drags.as_deref()).collect();
    let line = summary_line(&labels);
    let old = report.lines().find(|l| l.starts_with("**Budget misses") || l.starts_with("**Every budget"));
    match old {
        Some(old) => report.replacen(old, &line, 1),
        None => report.to_string(),
    }
}

/// report.json with its Lighthouse section replaced by (or added as) `section`, and its
/// list of misses made again from every row.
pub fn splice_lighthouse_json(mut report: Value, section: &Section) -> Value {
    if !report["sections"].is_array() {
        report["sections"] = json!([]);
    }
    let sections = report["sections"].as_array_mut().expect("an array");
    let new = section_json(section);
    match sections.iter_mut().find(|s| s["title"] == section.title) {
        Some(old) => *old = new,
        None => sections.push(new),
    }
    report["misses"] = Value::Array(json_misses(&report, "key"));
    report
}

// ---- the measurements, gathered into a report --------------------------------------------

/// Everything measured, as raw as the tools gave it.
pub struct Measured {
    /// Criterion's median time per iteration (ns) by `group/name`.
    pub criterion: Vec<(String, Option<f64>)>,
    /// `benches/throws.rs`'s sweep JSON.
    pub sweep: Value,
    /// `bench/wasm-node.mjs`'s JSON.
    pub node: Value,
    /// `bench/browser.mjs`'s JSON.
    pub browser: Value,
    /// Bytes of the wasm and of the whole site.
    pub wasm_bytes: Bytes,
    pub dist_bytes: Bytes,
}

const MODELS: [&str; 2] = ["penalty", "ipc"];
const THROW_GROUP: &str = "throw_80_steps_article_defaults";

fn f64s(v: &Value) -> Vec<f64> {
    v.as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default()
}

fn ns(m: &Measured, id: &str) -> Option<f64> {
    m.criterion.iter().find(|(k, _)| k == id).and_then(|(_, v)| *v)
}

/// Throws per second of the wasm for `model`: the median repetition.
fn wasm_rate(throughput: &Value, model: &str) -> Option<f64> {
    median(&f64s(&throughput[model]["seconds_per_throw"])).filter(|s| *s > 0.0).map(|s| 1.0 / s)
}

fn kb(bytes: usize) -> Option<f64> {
    Some(bytes as f64 / 1000.0)
}

pub fn report(m: &Measured, env: Vec<(&'static str, String)>) -> Report {
    let per_s = |ns: Option<f64>, n: f64| ns.filter(|t| *t > 0.0).map(|t| n * 1e9 / t);
    let native: Vec<Option<f64>> =
        MODELS.iter().map(|model| per_s(ns(m, &format!("{THROW_GROUP}/{model}")), 1.0)).collect();

    let until_decided =
        |model: &str| per_s(ns(m, &format!("throw_until_decided_article_defaults/{model}")), 1.0);
    let rows = vec![
        Row::new("native_penalty_per_s", "penalty: throws/s (80 steps, article defaults)", native[0], "/s"),
        Row::new("native_ipc_per_s", "ipc: throws/s (80 steps, article defaults)", native[1], "/s"),
        Row::new(
            "native_penalty_until_decided_per_s",
            "penalty: throws/s (until decided)",
            until_decided("penalty"),
            "/s",
        ),
        Row::new(
            "native_ipc_until_decided_per_s",
            "ipc: throws/s (until decided)",
            until_decided("ipc"),
            "/s",
        ),
        Row::new(
            "native_sweep_in_process_per_s",
            "15,000-throw sweep in process: throws/s",
            per_s(ns(m, "sweep/15000_throws_in_process"), 15_000.0),
            "/s",
        ),
        Row::new(
            "native_regime_map_ms",
            "regime map 128 × 128, both models",
            ns(m, "regime_map/128x128_both_models").map(|t| t / 1e6),
            "ms",
        ),
    ];
    let native_section = Section {
        title: "Native throughput",
        note: "Criterion's median time per throw (`cargo bench --bench throws`).".into(),
        rows,
    };

    let cli = m.sweep["cli_s"].as_f64();
    let python = m.sweep["python_s"].as_f64();
    let speedup = cli.zip(python).filter(|(c, _)| *c > 0.0).map(|(c, p)| p / c);
    let sweep_section = Section {
        title: "The 15,000-throw sweep: the CLI against the article's Python",
        note: format!(
            "`ipc-wall table --format csv --v0 <5,000 speeds from 1 to 50 m/s>` (penalty at k = 1e4 and 1e6, and IPC) \
             against the article's own program run by `python3` on the same speeds, read from `../shared/article/` \
             (never copied into the project); whole process against whole process, the fastest of {} and {} runs.",
            m.sweep["cli_runs"].as_u64().unwrap_or(0),
            m.sweep["python_runs"].as_u64().unwrap_or(0)
        ),
        rows: vec![
            Row::new("sweep_cli_ms", "CLI, whole process", cli.map(|s| s * 1e3), "ms"),
            Row::new("sweep_python_s", "article's Python, whole process", python, "s"),
            Row::new("sweep_speedup", "speed-up", speedup, "×").budget(Budget::AtLeast(100.0)),
        ],
    };

    let mut wasm_rows = Vec::new();
    for (runtime, key, data) in
        [("Node", "node", &m.node["throughput"]), ("Chromium", "chromium", &m.browser["throughput"])]
    {
        for (model, nat) in MODELS.iter().zip(&native) {
            let rate = wasm_rate(data, model);
            let (k_rate, k_ratio) = match (key, *model) {
                ("node", "penalty") => ("node_penalty_per_s", "node_penalty_ratio"),
                ("node", _) => ("node_ipc_per_s", "node_ipc_ratio"),
                (_, "penalty") => ("chromium_penalty_per_s", "chromium_penalty_ratio"),
                _ => ("chromium_ipc_per_s", "chromium_ipc_ratio"),
            };
            wasm_rows.push(Row::new(k_rate, format!("{runtime}, {model}: throws/s"), rate, "/s"));
            let ratio = rate.zip(*nat).map(|(w, n)| w / n);
            wasm_rows.push(
                Row::new(k_ratio, format!("{runtime}, {model}: wasm / native"), ratio, "")
                    .budget(Budget::AtLeast(0.6)),
            );
        }
    }
    let wasm_section = Section {
        title: "WebAssembly throughput",
        note: format!(
            "The same 80-step throw through `benchThrows` of `dist/`'s wasm; the median of repeated runs after a warm-up. \
             Node {}, Chromium {}.",
            m.node["node"].as_str().unwrap_or("?"),
            m.browser["chromium"].as_str().unwrap_or("?")
        ),
        rows: wasm_rows,
    };

    let b = &m.browser;
    let frames = |phase: &str, what: &str| f64s(&b[phase][what]);
    let mut page_rows = vec![Row::new(
        "first_frame_ms",
        "navigation to the first drawn frame (median of fresh loads)",
        median(&f64s(&b["first_frame_ms"])),
        "ms",
    )
    .budget(Budget::AtMost(300.0))];
    for (phase, name) in [("playing", "playing"), ("dragging", "dragging the v0 slider")] {
        let work = frames(phase, "work_ms");
        let whole = frames(phase, "whole_ms");
        let key = |k: &'static str, d: &'static str| if phase == "playing" { k } else { d };
        page_rows.push(
            Row::new(
                key("play_frame_median_ms", "drag_frame_median_ms"),
                format!("{name}: frame median (steps, scene, energy plot)"),
                median(&work),
                "ms",
            )
            .budget(Budget::AtMost(4.0)),
        );
        page_rows.push(
            Row::new(
                key("play_frame_p95_ms", "drag_frame_p95_ms"),
                format!("{name}: frame p95"),
                percentile(&work, 0.95),
                "ms",
            )
            .budget(Budget::AtMost(8.0)),
        );
        page_rows.push(Row::new(
            key("play_whole_median_ms", "drag_whole_median_ms"),
            format!("{name}: whole frame with the panels, median"),
            median(&whole),
            "ms",
        ));
        page_rows.push(Row::new(
            key("play_whole_p95_ms", "drag_whole_p95_ms"),
            format!("{name}: whole frame with the panels, p95"),
            percentile(&whole, 0.95),
            "ms",
        ));
        page_rows.push(Row::new(
            key("play_frames", "drag_frames"),
            format!("{name}: frames that stepped or drew"),
            Some(work.len() as f64),
            "",
        ));
        let dropped = Row::new(
            key("play_dropped_frames", "drag_dropped_frames"),
            format!("{name}: dropped frames"),
            dropped_frames(&f64s(&b[phase]["intervals_ms"])),
            "",
        );
        page_rows.push(if phase == "dragging" { dropped.budget(Budget::AtMost(0.0)) } else { dropped });
    }
    let longest = |phase: &str| {
        let tasks = b["long_tasks"][phase].as_array().cloned().unwrap_or_default();
        Some(tasks.iter().filter_map(|t| t["duration"].as_f64()).fold(0.0, f64::max))
    };
    page_rows.push(
        Row::new(
            "longest_task_load_ms",
            "longest task while loading (0: none over 50 ms)",
            longest("load"),
            "ms",
        )
        .budget(Budget::AtMost(50.0)),
    );
    page_rows.push(
        Row::new(
            "longest_task_frames_ms",
            "longest task while playing and dragging (0: none over 50 ms)",
            longest("frames"),
            "ms",
        )
        .budget(Budget::AtMost(50.0)),
    );
    let map = b["map"].as_array().cloned().unwrap_or_default();
    let compute: Vec<f64> = map.iter().filter_map(|c| c["compute_ms"].as_f64()).collect();
    let screen: Vec<f64> = map.iter().filter_map(|c| c["screen_ms"].as_f64()).collect();
    page_rows.push(
        Row::new("map_fill_ms", "regime map 128 × 128: fill (compute) time, median", median(&compute), "ms")
            .budget(Budget::AtMost(300.0)),
    );
    page_rows.push(Row::new(
        "map_screen_ms",
        "regime map: change of k to the complete map on screen, median",
        median(&screen),
        "ms",
    ));
    page_rows.push(Row::new(
        "heap_mb",
        "JS heap after load (after GC)",
        b["heap"]["used_bytes"].as_f64().map(|x| x / 1e6),
        "MB",
    ));
    let page_section = Section {
        title: "The figure in headless Chromium (1280 × 800, dpr 2)",
        note: "Frame times are the page's own per-frame work (`window.ipcWall.__frameTimes`), counting the frames \
               that stepped or drew: slider input handlers, steps, scene and energy plot (the budget), and the whole \
               frame with the panels below the figure once the regime map is complete. Long tasks from a \
               PerformanceObserver; a dropped frame is a missed animation frame. The map is filled a slice per \
               frame (10 ms at most), so on screen it takes longer than its compute time."
            .to_string()
            + &load_tasks_note(b),
        rows: page_rows,
    };

    let bytes_section = Section {
        title: "Bytes (1 KB = 1,000 bytes; gzip -9 of each file, summed)",
        note: String::new(),
        rows: vec![
            Row::new("wasm_raw_kb", "wasm", kb(m.wasm_bytes.0), "KB"),
            Row::new("wasm_gz_kb", "wasm, gzip -9", kb(m.wasm_bytes.1), "KB").budget(Budget::AtMost(120.0)),
            Row::new("dist_raw_kb", "whole dist/", kb(m.dist_bytes.0), "KB"),
            Row::new("dist_gz_kb", "whole dist/, gzip -9", kb(m.dist_bytes.1), "KB")
                .budget(Budget::AtMost(200.0)),
        ],
    };
    Report { env, sections: vec![native_section, sweep_section, wasm_section, page_section, bytes_section] }
}

// ---- running it ---------------------------------------------------------------------------

/// (raw, gzip -9) bytes.
pub type Bytes = (usize, usize);

/// Raw and gzip -9 bytes of `dist/`'s wasm and of all of `dist/` (each file gzipped alone,
/// as a server sends them).
pub fn site_bytes(dist: &Path) -> Result<(Bytes, Bytes), String> {
    let (mut wasm, mut total) = ((0, 0), (0, 0));
    for rel in build::files(dist)? {
        let bytes = fs::read(dist.join(&rel)).map_err(|e| format!("reading {}: {e}", rel.display()))?;
        let gz = build::gzip_len(&bytes)?;
        total = (total.0 + bytes.len(), total.1 + gz);
        if rel.extension().is_some_and(|e| e == "wasm") {
            wasm = (wasm.0 + bytes.len(), wasm.1 + gz);
        }
    }
    Ok((wasm, total))
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Criterion's median (ns per iteration) of `group/name`, from its last run.
fn criterion_median(id: &str) -> Option<f64> {
    let path = target_dir().join("criterion").join(id).join("new").join("estimates.json");
    read_json(&path).ok()?["median"]["point_estimate"].as_f64()
}

fn output(cmd: &mut Command) -> String {
    cmd.output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "?".into())
}

/// The load average over 1, 5 and 15 minutes, as "2.73 2.89 3.43".
fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "?".into())
}

fn environment() -> Vec<(&'static str, String)> {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_string())
            })
        })
        .unwrap_or_else(|| "?".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let load = load_average();
    vec![
        ("date", output(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"]))),
        ("commit", output(Command::new("git").args(["rev-parse", "--short", "HEAD"]).current_dir(root()))),
        ("machine", format!("{cpu}, {cores} cores")),
        ("load average before the run (1, 5, 15 min)", load),
        ("rustc", output(Command::new("rustc").arg("--version"))),
    ]
}

/// The heading of the section `--browser` writes into bench/report.md.
const PHONE_HEADING: &str = "## Dragging each slider";

/// `report` with its section starting at [`PHONE_HEADING`] (to the end) replaced by `section`,
/// or with `section` added: the other rows stay as they were.
pub fn splice_phone(report: &str, section: &str) -> String {
    let kept = report.find(PHONE_HEADING).map_or(report, |at| &report[..at]);
    format!("{}\n\n{section}", kept.trim_end())
}

/// The heading under which each earlier run of the drags is kept.
const EARLIER_HEADING: &str = "### An earlier run";

/// The new drags `section` (its heading first), stamped with `stamp` (the commit and date),
/// and the figures of the one it replaces (`old`, from its heading on) kept below it, newest
/// first: the "keep the old rows, so that the change shows".
pub fn with_earlier(section: &str, stamp: &str, old: Option<&str>) -> String {
    let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
    let mut out = format!("{heading}\n\n{stamp}\n\n{}", body.trim());
    if let Some(old) = old {
        let old_body = old.split_once('\n').map_or("", |(_, b)| b).trim();
        out.push_str(&format!("\n\n{EARLIER_HEADING}\n\n{old_body}"));
    }
    out + "\n"
}

/// `cargo xtask bench --browser`: only the drags of `bench/phone.mjs` (mouse, and touch on the
/// phone), at 1× and 4× CPU, into bench/report.md.
fn bench_browser() -> Result<(), String> {
    ensure_chromium()?;
    ensure_node_modules()?;
    let dist = build::build()?;
    let work = target_dir().join("xtask").join("bench");
    fs::create_dir_all(&work).map_err(|e| format!("creating {}: {e}", work.display()))?;
    println!(
        "xtask: dragging each slider in headless Chromium, mouse and touch, 1x and 4x CPU (bench/phone.mjs)"
    );
    let out = work.join("phone.md");
    browser_bench(&dist, "bench/phone.mjs", &out, Duration::from_secs(2400))?;
    let section = fs::read_to_string(&out).map_err(|e| format!("reading {}: {e}", out.display()))?;
    let path = root().join("bench").join("report.md");
    let old = fs::read_to_string(&path).unwrap_or_default();
    let stamp = format!(
        "This run: commit {}, {}.",
        output(Command::new("git").args(["rev-parse", "--short", "HEAD"]).current_dir(root())),
        output(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"]))
    );
    let section = with_earlier(&section, &stamp, old.find(PHONE_HEADING).map(|at| &old[at..]));
    // The summary on top counts these drags' misses beside the full run's (from report.json).
    let json_path = root().join("bench").join("report.json");
    let full = if json_path.is_file() { json_misses(&read_json(&json_path)?, "label") } else { vec![] };
    let full: Vec<&str> = full.iter().filter_map(Value::as_str).collect();
    let md = with_summary(&splice_phone(&old, &section), &full);
    fs::write(&path, md).map_err(|e| format!("writing bench/report.md: {e}"))?;
    println!("\n{section}\nxtask: wrote {}", path.display());
    Ok(())
}

/// Where the pinned Lighthouse is installed (`npm ci` in bench/).
fn lighthouse_dir() -> std::path::PathBuf {
    root().join("bench").join("node_modules").join("lighthouse")
}

/// One Lighthouse run of `url` with a preset's flags, its result kept in `out`.
fn lighthouse_once(url: &str, preset_flags: &[&str], out: &Path) -> Result<LhRun, String> {
    let chrome: Vec<&str> = ["--headless=new", "--no-sandbox"].into_iter().chain(CHROMIUM_FLAGS).collect();
    let _ = fs::remove_file(out);
    let mut node = Command::new("node");
    node.arg(lighthouse_dir().join("cli").join("index.js"))
        .arg(url)
        .args(["--quiet", "--output=json"])
        .arg(format!("--output-path={}", out.display()))
        .arg(format!("--only-categories={}", CATEGORIES.map(|c| c.0).join(",")))
        .arg(format!("--chrome-flags={}", chrome.join(" ")))
        .args(preset_flags)
        .env("CHROME_PATH", CHROMIUM);
    run_with_deadline(&mut node, Duration::from_secs(300))?;
    lighthouse_run(&read_json(out)?).map_err(|e| format!("{}: {e}", out.display()))
}

/// Lighthouse run `LIGHTHOUSE_RUNS` times with each preset against `dist/` served gzipped on a
/// free loopback port, with Debian's Chromium, offline.
fn lighthouse(dist: &Path) -> Result<Section, String> {
    let version =
        read_json(&lighthouse_dir().join("package.json"))?["version"].as_str().unwrap_or("?").to_string();
    let work = target_dir().join("xtask").join("bench");
    fs::create_dir_all(&work).map_err(|e| format!("creating {}: {e}", work.display()))?;
    let (date, load_before) =
        (output(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"])), load_average());
    let server = Server::start(dist, 0, false)?;
    let mut presets = Vec::new();
    let mut measure = || -> Result<(), String> {
        for (preset, flags, _) in LIGHTHOUSE_PRESETS {
            let mut runs = Vec::new();
            for n in 1..=LIGHTHOUSE_RUNS {
                let run = lighthouse_once(
                    &server.url(),
                    flags,
                    &work.join(format!("lighthouse-{preset}-{n}.json")),
                )?;
                println!("xtask: Lighthouse {preset}, run {n}: {run:?}");
                runs.push(run);
            }
            presets.push((preset, runs));
        }
        Ok(())
    };
    let result = measure();
    server.stop();
    result?;
    let head = format!(
        "Lighthouse {version} (npm, pinned in `bench/package.json`; version 13 needs Node 22) with {}, \
         headless and offline, against `dist/` served gzipped on loopback by `cargo xtask serve`'s server; \
         the mobile preset (Lighthouse's default: a mid-range phone, simulated 4× CPU slowdown and slow 4G) and \
         `--preset=desktop`. Each row is the median of {LIGHTHOUSE_RUNS} runs; every run is below \
         (benchmarkIndex: Lighthouse's measure of this machine's CPU, higher is faster). Measured {date} at commit {}; \
         load average (1, 5, 15 min) {load_before} before, {} after, on {} cores. Scores are out of 100; \
         `cargo xtask bench --lighthouse` runs only this part.",
        output(Command::new(CHROMIUM).arg("--version")),
        output(Command::new("git").args(["rev-parse", "--short", "HEAD"]).current_dir(root())),
        load_average(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    Ok(lighthouse_section(&presets, &head))
}

/// `cargo xtask bench --lighthouse`: only Lighthouse, into its section of bench/report.md and
/// report.json; the other sections stay.
fn bench_lighthouse() -> Result<(), String> {
    ensure_chromium()?;
    ensure_npm_packages(&root().join("bench"))?;
    let dist = build::build()?;
    let section = lighthouse(&dist)?;
    let out = root().join("bench");
    let json_path = out.join("report.json");
    let old_json = if json_path.is_file() { read_json(&json_path)? } else { json!({"env": {}}) };
    let new_json = splice_lighthouse_json(old_json, &section);
    let labels = json_misses(&new_json, "label");
    let labels: Vec<&str> = labels.iter().filter_map(Value::as_str).collect();
    let old_md = fs::read_to_string(out.join("report.md")).unwrap_or_default();
    let md = if old_md.is_empty() {
        markdown(&Report { env: vec![], sections: vec![section] })
    } else {
        with_summary(&splice_lighthouse(&old_md, &section_markdown(&section)), &labels)
    };
    fs::write(out.join("report.md"), &md).map_err(|e| format!("writing bench/report.md: {e}"))?;
    let js = serde_json::to_string_pretty(&new_json).map_err(|e| e.to_string())? + "\n";
    fs::write(&json_path, js).map_err(|e| format!("writing bench/report.json: {e}"))?;
    println!("\n{md}\nxtask: wrote {} and report.json", out.join("report.md").display());
    Ok(())
}

pub fn bench(args: &[String]) -> Result<(), String> {
    let quick = match args {
        [] => false,
        [a] if a == "--quick" => true,
        [a] if a == "--browser" => return bench_browser(),
        [a] if a == "--lighthouse" => return bench_lighthouse(),
        _ => return Err("usage: cargo xtask bench [--quick | --browser | --lighthouse]".into()),
    };
    let env = environment();
    ensure_wasm_target()?;
    ensure_chromium()?;
    ensure_node_modules()?;
    ensure_npm_packages(&root().join("bench"))?;
    let dist = build::build()?;
    let (wasm_bytes, dist_bytes) = site_bytes(&dist)?;
    let work = target_dir().join("xtask").join("bench");
    fs::create_dir_all(&work).map_err(|e| format!("creating {}: {e}", work.display()))?;

    println!("\nxtask: native benchmarks (cargo bench --bench throws), with the sweep against the article's Python");
    let sweep_path = work.join("sweep.json");
    let _ = fs::remove_file(&sweep_path);
    let mut bench = cargo();
    bench
        .args(["bench", "--package", "ipc-wall", "--bench", "throws"])
        .env("IPC_WALL_SWEEP", "1")
        .env("IPC_WALL_SWEEP_JSON", &sweep_path);
    if quick {
        bench.args(["--", "--warm-up-time", "1", "--measurement-time", "2"]);
    }
    run(&mut bench)?;
    let ids = [
        format!("{THROW_GROUP}/penalty"),
        format!("{THROW_GROUP}/ipc"),
        "throw_until_decided_article_defaults/penalty".to_string(),
        "throw_until_decided_article_defaults/ipc".to_string(),
        "sweep/15000_throws_in_process".to_string(),
        "regime_map/128x128_both_models".to_string(),
    ];
    let criterion = ids.iter().map(|id| (id.clone(), criterion_median(id))).collect();

    println!("\nxtask: the wasm under Node (bench/wasm-node.mjs)");
    let node_path = work.join("node.json");
    let mut node = Command::new("node");
    node.current_dir(root()).arg("bench/wasm-node.mjs").arg(&dist).arg(&node_path);
    run_with_deadline(&mut node, Duration::from_secs(300))?;

    println!("xtask: the figure in headless Chromium (bench/browser.mjs)");
    let browser_path = work.join("browser.json");
    browser_bench(&dist, "bench/browser.mjs", &browser_path, Duration::from_secs(600))?;

    println!("xtask: Lighthouse, mobile and desktop presets");
    let lighthouse = lighthouse(&dist)?;

    let mut env = env;
    let measured = Measured {
        criterion,
        sweep: read_json(&sweep_path)?,
        node: read_json(&node_path)?,
        browser: read_json(&browser_path)?,
        wasm_bytes,
        dist_bytes,
    };
    if let Some(errors) = measured.browser["errors"].as_array().filter(|e| !e.is_empty()) {
        return Err(format!("the page logged errors during the benchmark: {errors:?}"));
    }
    env.push(("node", measured.node["node"].as_str().unwrap_or("?").to_string()));
    env.push(("chromium", measured.browser["chromium"].as_str().unwrap_or("?").to_string()));
    let mut report = report(&measured, env);
    report.sections.push(lighthouse);
    let out = root().join("bench");
    let md = markdown(&report);
    // The drags of `--browser` are kept (run it again to renew them).
    let old = fs::read_to_string(out.join("report.md")).unwrap_or_default();
    let labels: Vec<&str> = report.misses().iter().map(|m| m.label.as_str()).collect();
    let md = match old.find(PHONE_HEADING) {
        Some(at) => with_summary(&splice_phone(&md, &old[at..]), &labels),
        None => md,
    };
    fs::write(out.join("report.md"), &md).map_err(|e| format!("writing bench/report.md: {e}"))?;
    let js = serde_json::to_string_pretty(&json_report(&report)).map_err(|e| e.to_string())? + "\n";
    fs::write(out.join("report.json"), js).map_err(|e| format!("writing bench/report.json: {e}"))?;
    println!("\n{md}\nxtask: wrote {} and report.json", out.join("report.md").display());
    Ok(())
}

/// Runs the node `script` (writing `out`) against dist/ served on a free port, within `limit`.
fn browser_bench(dist: &Path, script: &str, out: &Path, limit: Duration) -> Result<(), String> {
    let server = Server::start(dist, 0, false)?;
    let mut node = Command::new("node");
    node.current_dir(root()).arg(script).arg(out).env("IPC_WALL_URL", server.url());
    let result = run_with_deadline(&mut node, limit);
    server.stop();
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn budgets_hold_at_their_limit_and_not_beyond() {
        assert!(Budget::AtMost(4.0).met(4.0));
        assert!(!Budget::AtMost(4.0).met(4.000001));
        assert!(Budget::AtLeast(0.6).met(0.6));
        assert!(!Budget::AtLeast(0.6).met(0.59));
        assert!(!Budget::AtMost(300.0).met(f64::NAN), "a NaN never meets a budget");
    }

    #[test]
    fn the_browser_section_replaces_its_old_self_and_keeps_the_rest() {
        let once = splice_phone("# Report\n\n| a | 1 |\n", "## Dragging each slider\n\n| x |\n");
        assert_eq!(once, "# Report\n\n| a | 1 |\n\n## Dragging each slider\n\n| x |\n");
        let twice = splice_phone(&once, "## Dragging each slider\n\n| y |\n");
        assert_eq!(twice, "# Report\n\n| a | 1 |\n\n## Dragging each slider\n\n| y |\n");
    }

    #[test]
    fn a_new_run_of_the_drags_keeps_the_earlier_ones_below_it() {
        let first = with_earlier("## Dragging each slider\n\n| x |\n", "This run: a.", None);
        assert_eq!(first, "## Dragging each slider\n\nThis run: a.\n\n| x |\n");
        let second = with_earlier("## Dragging each slider\n\n| y |\n", "This run: b.", Some(&first));
        assert_eq!(
            second,
            "## Dragging each slider\n\nThis run: b.\n\n| y |\n\n### An earlier run\n\nThis run: a.\n\n| x |\n"
        );
        let third = with_earlier("## Dragging each slider\n\n| z |\n", "This run: c.", Some(&second));
        assert!(
            third.find("| z |") < third.find("| y |") && third.find("| y |") < third.find("| x |"),
            "{third}"
        );
    }

    #[test]
    fn the_summary_on_top_counts_the_latest_drags_misses_and_not_the_earlier_ones() {
        let top = "# R\n\n**Every budget is met.**\n\n| a | 1 |\n";
        let drags = |line: &str, earlier: &str| {
            format!("{top}\n## Dragging each slider\n\n{line}\n\n| x |\n\n### An earlier run\n\n{earlier}\n")
        };
        let missed = drags(
            "**Budget misses in this run (7):** frame median at 4× (7): k.",
            "**Every budget of the drags and loads is met in this run.**",
        );
        assert_eq!(drag_misses(&missed), Some(7));
        let line = with_summary(&missed, &["bytes"]).lines().nth(2).unwrap().to_string();
        assert_eq!(
            line,
            "**Budget misses (2):** bytes; 7 in the drags and loads of `cargo xtask bench --browser` (listed in their section)."
        );
        let met = drags(
            "**Every budget of the drags and loads is met in this run.**",
            "**Budget misses in this run (3):** x.",
        );
        assert_eq!(drag_misses(&met), Some(0));
        assert_eq!(with_summary(&met, &[]).lines().nth(2), Some("**Every budget is met.**"));
        assert_eq!(drag_misses(top), None, "no drags run");
        assert_eq!(
            drag_misses(&drags("| old run without the line |", "**Budget misses in this run (3):** x.")),
            None
        );
    }

    #[test]
    fn median_and_p95() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[f64::NAN, 5.0]), Some(5.0));
        let xs: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&xs, 0.95), Some(95.0));
        assert_eq!(percentile(&xs, 0.5), Some(50.0));
        assert_eq!(percentile(&[7.0], 0.95), Some(7.0));
        assert_eq!(percentile(&[1.0, 2.0], 0.95), Some(2.0));
    }

    #[test]
    fn dropped_frames_count_the_missed_periods() {
        let mut iv = vec![16.7; 50];
        assert_eq!(dropped_frames(&iv), Some(0.0));
        iv.push(33.4); // one frame missed
        iv.push(50.0); // two
        iv.push(20.0); // late, but not a missed frame
        assert_eq!(dropped_frames(&iv), Some(3.0));
        assert_eq!(dropped_frames(&[]), None);
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(number(8_401_000.4), "8,401,000");
        assert_eq!(number(1000.0), "1,000");
        assert_eq!(number(-12_345.0), "-12,345");
        assert_eq!(number(125.4), "125");
        assert_eq!(number(12.34), "12.3");
        assert_eq!(number(2.345), "2.35");
        assert_eq!(number(0.6789), "0.679");
        assert_eq!(number(0.0), "0");
        assert_eq!(number(97.0), "97", "whole numbers (scores, counts) have no decimals");
        assert_eq!(number(6.0), "6");
        assert_eq!(number(9.5), "9.50");
    }

    /// A Lighthouse result with the parts the bench reads.
    fn lhr(scores: [f64; 4], lcp: f64, tbt: f64, cls: f64) -> Value {
        json!({
            "lighthouseVersion": "12.2.3",
            "categories": {
                "performance": {"score": scores[0]},
                "accessibility": {"score": scores[1]},
                "best-practices": {"score": scores[2]},
                "seo": {"score": scores[3]},
            },
            "audits": {
                "largest-contentful-paint": {"numericValue": lcp},
                "total-blocking-time": {"numericValue": tbt},
                "cumulative-layout-shift": {"numericValue": cls},
            },
            "environment": {"benchmarkIndex": 1500.5},
        })
    }

    #[test]
    fn a_lighthouse_run_gives_scores_out_of_100_and_its_metrics() {
        let run = lighthouse_run(&lhr([0.77, 1.0, 0.96, 1.0], 1906.2, 150.5, 0.48)).unwrap();
        assert_eq!(run.scores, [Some(77.0), Some(100.0), Some(96.0), Some(100.0)]);
        assert_eq!(run.metrics, [Some(1906.2), Some(150.5), Some(0.48)]);
        assert_eq!(run.benchmark_index, Some(1500.5));
        let mut unscored = lhr([0.5, 1.0, 1.0, 1.0], 1.0, 1.0, 0.0);
        unscored["categories"]["performance"]["score"] = Value::Null;
        assert_eq!(lighthouse_run(&unscored).unwrap().scores[0], None);
        let mut failed = unscored.clone();
        failed["runtimeError"] = json!({"code": "NO_FCP", "message": "The page did not paint"});
        let err = lighthouse_run(&failed).unwrap_err();
        assert!(err.contains("NO_FCP") && err.contains("did not paint"), "{err}");
        assert!(lighthouse_run(&json!({"error": "x"})).is_err());
    }

    fn lighthouse_sample() -> Section {
        let run =
            |perf: f64, cls: f64| lighthouse_run(&lhr([perf, 1.0, 1.0, 1.0], 2000.0, 100.0, cls)).unwrap();
        let mobile = vec![run(0.77, 0.48), run(0.74, 0.48), run(0.91, 0.005)];
        let desktop = vec![run(0.95, 0.0), run(0.99, 0.0), run(0.94, 0.0)];
        lighthouse_section(&[("mobile", mobile), ("desktop", desktop)], "Measured here.")
    }

    #[test]
    fn the_lighthouse_section_takes_medians_and_each_presets_budget() {
        let sec = lighthouse_sample();
        let find = |key: &str| sec.rows.iter().find(|r| r.key == key).unwrap_or_else(|| panic!("{key}"));
        assert_eq!(find("lighthouse_mobile_performance").value, Some(77.0));
        assert_eq!(find("lighthouse_mobile_performance").budget, Some(Budget::AtLeast(90.0)));
        assert_eq!(find("lighthouse_mobile_performance").met(), Some(false));
        assert_eq!(find("lighthouse_desktop_performance").value, Some(95.0));
        assert_eq!(find("lighthouse_desktop_performance").budget, Some(Budget::AtLeast(95.0)));
        assert_eq!(find("lighthouse_desktop_performance").met(), Some(true));
        assert_eq!(find("lighthouse_desktop_best_practices").budget, Some(Budget::AtLeast(100.0)));
        assert_eq!(find("lighthouse_mobile_cls").value, Some(0.48));
        assert_eq!(find("lighthouse_mobile_cls").met(), Some(false));
        assert_eq!(find("lighthouse_desktop_cls").met(), Some(true));
        assert_eq!(find("lighthouse_mobile_lcp").budget, None);
        assert_eq!(sec.rows.len(), 14, "4 scores and 3 metrics per preset");
        // Every run is in the note, below the head.
        assert!(sec.note.starts_with("Measured here."), "{}", sec.note);
        assert!(
            sec.note.contains("| mobile | 3 | 91 | 100 | 100 | 100 | 2,000 | 100 | 0.00500 | 1,500 |"),
            "{}",
            sec.note
        );
        assert_eq!(sec.note.matches("\n| desktop |").count(), 3);
    }

    #[test]
    fn the_lighthouse_section_replaces_its_old_self_before_the_drags() {
        let sec = section_markdown(&lighthouse_sample());
        let top = "# Report\n\n**Every budget is met.**\n\n## Bytes\n\n| a |\n";
        let phone = "## Dragging each slider\n\n| x |\n";
        // Added before the drags of --browser, which stay last.
        let once = splice_lighthouse(&format!("{top}\n{phone}"), &sec);
        assert!(once.starts_with(top), "{once}");
        assert!(once.ends_with(&format!("{}\n\n{phone}", sec.trim_end())), "{once}");
        // Replaced, not added twice; the rest unchanged.
        let other =
            section_markdown(&Section { title: LIGHTHOUSE_TITLE, note: "again".into(), rows: vec![] });
        let twice = splice_lighthouse(&once, &other);
        assert_eq!(twice.matches(LIGHTHOUSE_TITLE).count(), 1, "{twice}");
        assert!(twice.contains("again") && !twice.contains("Measured here."), "{twice}");
        assert!(twice.starts_with(top) && twice.ends_with(phone), "{twice}");
        // Without the drags: at the end, and replaced at the end.
        let end = splice_lighthouse(top, &sec);
        assert_eq!(end, format!("{}\n\n{}\n", top.trim_end(), sec.trim_end()));
        assert_eq!(splice_lighthouse(&end, &other), format!("{}\n\n{}\n", top.trim_end(), other.trim_end()));
    }

    #[test]
    fn the_json_and_the_summary_follow_the_new_lighthouse_section() {
        let r = report(&sample(), vec![("machine", "test".into())]);
        let j = splice_lighthouse_json(json_report(&r), &lighthouse_sample());
        let keys = json_misses(&j, "key");
        assert_eq!(j["misses"], Value::Array(keys.clone()));
        assert_eq!(keys.len(), 4 + 2, "the sample's four misses and mobile's Performance and CLS");
        assert!(keys.contains(&json!("lighthouse_mobile_cls")));
        // Spliced again with every budget met: the old section is gone, its misses with it.
        let mut met = lighthouse_sample();
        met.rows.retain(|row| row.met() != Some(false));
        let again = splice_lighthouse_json(j, &met);
        assert_eq!(again["sections"].as_array().unwrap().len(), r.sections.len() + 1);
        assert_eq!(json_misses(&again, "key").len(), 4);
        let md = markdown(&r);
        let labels = json_misses(&again, "label");
        let labels: Vec<&str> = labels.iter().filter_map(Value::as_str).collect();
        assert_eq!(with_summary(&md, &labels), md, "the same misses, the same line");
        let none = with_summary(&md, &[]);
        assert!(none.contains("**Every budget is met.**") && !none.contains("**Budget misses"), "{none}");
        assert_eq!(with_summary(&none, &["x"]).lines().nth(4), Some("**Budget misses (1):** x."));
    }

    #[test]
    fn gzip_sizes_are_gzip_minus_9_of_each_file() {
        let dir = target_dir().join("xtask").join("test-site-bytes");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("pkg")).unwrap();
        let wasm: Vec<u8> = (0..20_000u32).map(|i| (i % 7) as u8).collect();
        let js = "export const x = 1;\n".repeat(200);
        fs::write(dir.join("pkg").join("a_bg.wasm"), &wasm).unwrap();
        fs::write(dir.join("index.js"), &js).unwrap();
        let ((w_raw, w_gz), (t_raw, t_gz)) = site_bytes(&dir).unwrap();
        assert_eq!(w_raw, 20_000);
        assert_eq!(t_raw, 20_000 + js.len());
        assert!(w_gz > 18 && w_gz < 500, "{w_gz}");
        assert_eq!(t_gz, w_gz + build::gzip_len(js.as_bytes()).unwrap());
        // What it counts is a real gzip stream of the same bytes, at the best level.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut gz, &wasm).unwrap();
        let stream = gz.finish().unwrap();
        assert_eq!(stream.len(), w_gz);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&stream[..]).read_to_end(&mut back).unwrap();
        assert_eq!(back, wasm);
        fs::remove_dir_all(&dir).unwrap();
    }

    fn sample() -> Measured {
        let reps = |rate: f64| json!({"seconds_per_throw": [1.0 / rate, 1.1 / rate, 0.9 / rate]});
        Measured {
            criterion: vec![
                (format!("{THROW_GROUP}/penalty"), Some(100.0)), // 10 M/s
                (format!("{THROW_GROUP}/ipc"), Some(1000.0)),    // 1 M/s
                ("sweep/15000_throws_in_process".into(), Some(10e6)),
                ("regime_map/128x128_both_models".into(), None),
            ],
            sweep: json!({"throws": 15000, "cli_s": 0.012, "cli_runs": 7, "python_s": 1.56, "python_runs": 3}),
            node: json!({"node": "v20", "throughput": {"penalty": reps(7e6), "ipc": reps(5e5)}}),
            browser: json!({
                "chromium": "156",
                "first_frame_ms": [250.0, 320.0, 280.0],
                "throughput": {"penalty": reps(8e6), "ipc": reps(8e5)},
                "playing": {"work_ms": [1.0, 2.0, 3.0], "whole_ms": [2.0, 3.0, 4.0], "intervals_ms": [16.7, 16.7, 33.4]},
                "dragging": {"work_ms": [2.0, 9.0, 3.0], "whole_ms": [4.0], "intervals_ms": [16.7, 16.7, 16.7]},
                "long_tasks": {"load": [{"start": 210.0, "duration": 120.0, "first_frame": 280.0, "what": "main.js animation frame 90, the rest 30"}], "frames": []},
                "map": [{"compute_ms": 150.0, "screen_ms": 400.0}],
                "heap": {"used_bytes": 3.2e6},
            }),
            wasm_bytes: (260_000, 103_000),
            dist_bytes: (510_000, 201_000),
        }
    }

    fn row<'a>(r: &'a Report, key: &str) -> &'a Row {
        r.sections
            .iter()
            .flat_map(|s| &s.rows)
            .find(|row| row.key == key)
            .unwrap_or_else(|| panic!("no row {key}"))
    }

    #[test]
    fn the_report_derives_rates_ratios_and_misses() {
        let r = report(&sample(), vec![("machine", "test".into())]);
        assert!((row(&r, "native_penalty_per_s").value.unwrap() - 1e7).abs() < 1e-3);
        assert!((row(&r, "node_penalty_ratio").value.unwrap() - 0.7).abs() < 1e-9);
        assert_eq!(row(&r, "node_ipc_ratio").met(), Some(false), "0.5 of native misses 0.6");
        assert!((row(&r, "chromium_ipc_ratio").value.unwrap() - 0.8).abs() < 1e-9);
        assert!((row(&r, "sweep_speedup").value.unwrap() - 130.0).abs() < 1e-9);
        assert_eq!(row(&r, "first_frame_ms").value, Some(280.0));
        assert_eq!(row(&r, "drag_frame_p95_ms").met(), Some(false));
        assert_eq!(row(&r, "play_dropped_frames").value, Some(1.0));
        assert_eq!(row(&r, "longest_task_load_ms").met(), Some(false));
        let page =
            &r.sections.iter().find(|s| s.rows.iter().any(|row| row.key == "first_frame_ms")).unwrap().note;
        assert!(
            page.ends_with("120 ms, 210–330 ms after navigation, first frame at 280: main.js animation frame 90, the rest 30."),
            "the miss says what ran in it: {page}"
        );
        assert_eq!(row(&r, "longest_task_frames_ms").value, Some(0.0));
        assert_eq!(row(&r, "native_regime_map_ms").value, None, "missing estimates stay unmeasured");
        let keys: Vec<&str> = r.misses().iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["node_ipc_ratio", "drag_frame_p95_ms", "longest_task_load_ms", "dist_gz_kb"]);
    }

    #[test]
    fn markdown_marks_misses_and_names_them_on_top() {
        let r = report(&sample(), vec![("machine", "test".into())]);
        let md = markdown(&r);
        assert!(md.contains("**Budget misses (4):**"), "{md}");
        assert!(md.contains("| whole dist/, gzip -9 | 201 KB | ≤ 200 KB | **MISS** |"), "{md}");
        assert!(md.contains("| wasm, gzip -9 | 103 KB | ≤ 120 KB | ok |"), "{md}");
        assert!(md.contains("| speed-up | 130× | ≥ 100× | ok |"), "{md}");
        assert!(md.contains("| regime map 128 × 128, both models | not measured |  |  |"), "{md}");
        assert!(md.contains("- machine: test"), "{md}");
        assert_eq!(md.matches("**MISS**").count(), 4);
    }

    #[test]
    fn without_the_article_the_python_row_is_unmeasured_not_missed() {
        let mut m = sample();
        m.sweep["python_s"] = Value::Null;
        let r = report(&m, vec![]);
        assert_eq!(row(&r, "sweep_speedup").value, None);
        assert_eq!(row(&r, "sweep_speedup").met(), None);
        assert!(!r.misses().iter().any(|m| m.key == "sweep_speedup"));
    }

    #[test]
    fn json_has_every_row_with_its_budget_and_verdict() {
        let r = report(&sample(), vec![("machine", "test".into())]);
        let j = json_report(&r);
        assert_eq!(j["env"]["machine"], "test");
        assert_eq!(
            j["misses"],
            json!(["node_ipc_ratio", "drag_frame_p95_ms", "longest_task_load_ms", "dist_gz_kb"])
        );
        let rows: Vec<&Value> =
            j["sections"].as_array().unwrap().iter().flat_map(|s| s["rows"].as_array().unwrap()).collect();
        let n: usize = r.sections.iter().map(|s| s.rows.len()).sum();
        assert_eq!(rows.len(), n);
        let wasm = rows.iter().find(|r| r["key"] == "wasm_gz_kb").unwrap();
        assert_eq!(wasm["budget"], json!({"at_most": 120.0}));
        assert_eq!(wasm["met"], json!(true));
        assert_eq!(wasm["value"], json!(103.0));
        let heap = rows.iter().find(|r| r["key"] == "heap_mb").unwrap();
        assert_eq!(heap["budget"], Value::Null);
        assert_eq!(heap["met"], Value::Null);
    }
}
