//! `cargo xtask test [--native] [-- <cargo test args>]`: every check and test, in order,
//! failing fast. On a fresh Debian machine (as root) it first installs what is missing.
//! `cargo xtask test --long`: only the property tests, at 1,000,000 cases per property.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::serve::Server;
use crate::util::{cargo, ensure_fmt_and_clippy, ensure_wasm_target, root, run, show, target_dir};

const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Flags for Chromium as root in a container, quiet and offline apart from localhost.
pub const CHROMIUM_FLAGS: [&str; 7] = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

struct Options {
    native_only: bool,
    long: bool,
    cargo_test_args: Vec<String>,
}

/// Cases per property in `--long` mode, unless `IPC_WALL_PROPTEST_CASES` says otherwise.
const LONG_CASES: u32 = 1_000_000;

fn parse(args: &[String]) -> Result<Options, String> {
    let mut opts = Options { native_only: false, long: false, cargo_test_args: Vec::new() };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--native" => opts.native_only = true,
            "--long" => opts.long = true,
            "--" => opts.cargo_test_args = it.by_ref().cloned().collect(),
            other => {
                return Err(format!(
                    "unexpected argument {other:?}; usage: cargo xtask test [--native | --long] \
                     [-- <args for cargo test --package ipc-wall>]"
                ))
            }
        }
    }
    Ok(opts)
}

/// Numbered section headings and a closing summary of what ran and how long it took.
struct Sections {
    total: usize,
    done: Vec<(String, f64)>,
    current: Option<(String, Instant)>,
    start: Instant,
}

impl Sections {
    fn new(total: usize) -> Self {
        Sections { total, done: Vec::new(), current: None, start: Instant::now() }
    }

    fn begin(&mut self, title: &str) {
        self.finish_current();
        let n = self.done.len() + 1;
        println!("\n==> [{n}/{}] {title}", self.total);
        self.current = Some((title.to_string(), Instant::now()));
    }

    fn finish_current(&mut self) {
        if let Some((title, t)) = self.current.take() {
            let secs = t.elapsed().as_secs_f64();
            println!("--- {title}: ok ({secs:.1} s)");
            self.done.push((title, secs));
        }
    }

    fn summary(mut self) {
        self.finish_current();
        println!("\n==> all passed");
        for (title, secs) in &self.done {
            println!("    {secs:6.1} s  {title}");
        }
        println!("    {:6.1} s  total", self.start.elapsed().as_secs_f64());
    }
}

pub fn test(args: &[String]) -> Result<(), String> {
    let opts = parse(args)?;
    if opts.long {
        return long(&opts.cargo_test_args);
    }
    let mut s = Sections::new(if opts.native_only { 3 } else { 7 });

    s.begin("prerequisites");
    ensure_fmt_and_clippy()?;
    if opts.native_only {
        println!("--native: skipping the wasm target, Chromium and npm");
    } else {
        ensure_wasm_target()?;
        ensure_chromium()?;
        ensure_node_modules()?;
    }

    s.begin("format and lints: cargo fmt, cargo clippy -D warnings");
    run(cargo().args(["fmt", "--all", "--check"]))
        .map_err(|e| format!("{e}\nformatting differs: run `cargo fmt --all`"))?;
    run(cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;
    if !opts.native_only {
        // The wasm boundary and its tests only compile for wasm32; the CLI is native only.
        run(cargo().args([
            "clippy",
            "--target",
            WASM_TARGET,
            "--lib",
            "--test",
            "wasm",
            "--",
            "-D",
            "warnings",
        ]))?;
    }

    s.begin("native tests: cargo test --package ipc-wall, --package xtask");
    // One member at a time: `--workspace` would unify dependency features across members
    // and rebuild all of xtask's dependencies a second time, just for its own unit tests.
    // Extra arguments (filters, `--test NAME`, `-- --nocapture`) are for the project's tests.
    run(cargo().args(["test", "--package", "ipc-wall"]).args(&opts.cargo_test_args))?;
    run(cargo().args(["test", "--package", "xtask"]))?;

    if opts.native_only {
        s.summary();
        return Ok(());
    }

    let runner = install_runner()?;
    s.begin("wasm-bindgen tests under Node");
    run(wasm_test(&runner).env_remove("WASM_BINDGEN_USE_BROWSER"))?;

    s.begin("wasm-bindgen tests in headless Chromium");
    let caps = webdriver_json()?;
    run(wasm_test(&runner)
        .env("WASM_BINDGEN_USE_BROWSER", "1")
        .env("CHROMEDRIVER", CHROMEDRIVER)
        .env("WASM_BINDGEN_TEST_WEBDRIVER_JSON", &caps))?;

    s.begin("build dist/: cargo xtask build");
    let dist = crate::build::build()?;

    s.begin("end-to-end tests: Chromium against the served dist/");
    e2e(&dist, &[])?;

    s.summary();
    Ok(())
}

/// The long mode: tests/properties.rs optimized, at [`LONG_CASES`] cases per property (or
/// `IPC_WALL_PROPTEST_CASES`); it is not part of the default run.
fn long(cargo_test_args: &[String]) -> Result<(), String> {
    let cases = match std::env::var("IPC_WALL_PROPTEST_CASES") {
        Ok(v) => {
            v.parse::<u32>().map_err(|_| format!("IPC_WALL_PROPTEST_CASES={v:?}: allowed: a whole number"))?
        }
        Err(_) => LONG_CASES,
    };
    println!("==> property tests at {cases} cases per property (release)");
    let start = Instant::now();
    run(cargo()
        .args(["test", "--release", "--package", "ipc-wall", "--test", "properties"])
        .args(cargo_test_args)
        .env("IPC_WALL_PROPTEST_CASES", cases.to_string()))?;
    println!("==> {cases} cases per property passed in {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// `cargo test` of the wasm boundary, with this very program as the wasm32 runner. In
/// release, like the shipped wasm: the web crates are compiled once for both.
fn wasm_test(runner: &Path) -> Command {
    let mut cmd = cargo();
    cmd.args(["test", "--release", "--target", WASM_TARGET, "--test", "wasm"])
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", format!("{} wasm-runner", runner.display()))
        .env_remove("WASM_BINDGEN_USE_NODE_EXPERIMENTAL");
    cmd
}

/// A copy of this executable under target/, so that cargo rebuilding xtask later cannot
/// replace the runner while it is in use.
fn install_runner() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("locating xtask itself: {e}"))?;
    let dir = target_dir().join("xtask").join("runner");
    fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let copy = dir.join(exe.file_name().unwrap_or("xtask".as_ref()));
    fs::copy(&exe, &copy).map_err(|e| format!("copying {} to {}: {e}", exe.display(), copy.display()))?;
    if copy.to_string_lossy().contains(char::is_whitespace) {
        // Cargo splits the runner setting on whitespace.
        return Err(format!(
            "the target directory path {} contains whitespace, which cargo's runner \
             setting cannot express; set CARGO_TARGET_DIR to a path without spaces",
            dir.display()
        ));
    }
    Ok(copy)
}

/// Capabilities for chromedriver: Debian's Chromium, headless, no sandbox (we may be root).
/// The test runner adds `headless`, `no-sandbox` and `disable-dev-shm-usage` itself.
fn webdriver_json() -> Result<PathBuf, String> {
    let args: Vec<String> =
        CHROMIUM_FLAGS.iter().map(|f| format!("\"{}\"", f.trim_start_matches('-'))).collect();
    let json = format!(
        "{{\"goog:chromeOptions\": {{\"binary\": \"{CHROMIUM}\", \"args\": [{}]}}}}\n",
        args.join(", ")
    );
    let path = target_dir().join("xtask").join("webdriver.json");
    fs::create_dir_all(target_dir().join("xtask")).map_err(|e| e.to_string())?;
    fs::write(&path, json).map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(path)
}

/// `cargo xtask e2e [-- <node --test args>]`: only the end-to-end tests (build, serve, run).
pub fn e2e_only(args: &[String]) -> Result<(), String> {
    let node_args = match args.split_first() {
        None => &[][..],
        Some((first, rest)) if first == "--" => rest,
        Some((first, _)) => {
            return Err(format!(
                "unexpected argument {first:?}; usage: cargo xtask e2e [-- <node --test args>]"
            ))
        }
    };
    ensure_wasm_target()?;
    ensure_chromium()?;
    ensure_node_modules()?;
    let dist = crate::build::build()?;
    e2e(&dist, node_args)
}

fn e2e(dist: &Path, node_args: &[String]) -> Result<(), String> {
    let e2e_dir = root().join("tests").join("e2e");
    let artifacts = e2e_dir.join("artifacts");
    // Fresh artifacts: the screenshots are this run's.
    let _ = fs::remove_dir_all(&artifacts);
    fs::create_dir_all(&artifacts).map_err(|e| format!("creating {}: {e}", artifacts.display()))?;

    let server = Server::start(dist, 0, false)?;
    let url = server.url();
    println!("serving {} at {url}", dist.display());
    let mut node = Command::new("node");
    node.current_dir(root())
        // A test that waits forever fails after its own timeout instead of hanging CI, and
        // a browser left open by a failed hook does not keep the runner alive.
        .args([
            "--test",
            "--test-concurrency=1",
            &format!("--test-timeout={}", E2E_TEST_TIMEOUT.as_millis()),
            "--test-force-exit",
        ])
        .args(node_args)
        .arg("tests/e2e/")
        .env("IPC_WALL_URL", &url)
        .env("IPC_WALL_ARTIFACTS", &artifacts);
    let result = run_with_deadline(&mut node, e2e_deadline()?);
    server.stop();
    result.map_err(|e| format!("{e}\nscreenshots and logs: {}", artifacts.display()))?;
    println!("screenshots: {}", artifacts.display());
    Ok(())
}

/// Per end-to-end test (each takes a few seconds).
const E2E_TEST_TIMEOUT: Duration = Duration::from_secs(120);

/// The whole end-to-end run, as a last resort against a hang outside any test (a hook, the
/// runner); `IPC_WALL_E2E_TIMEOUT` (seconds) overrides it.
fn e2e_deadline() -> Result<Duration, String> {
    match std::env::var("IPC_WALL_E2E_TIMEOUT") {
        Err(_) => Ok(Duration::from_secs(900)),
        Ok(v) => v
            .parse()
            .map(Duration::from_secs)
            .map_err(|_| format!("IPC_WALL_E2E_TIMEOUT={v:?}: allowed: a whole number of seconds")),
    }
}

/// Runs `cmd`, killing it and everything it started if it outlives `limit`.
pub(crate) fn run_with_deadline(cmd: &mut Command, limit: Duration) -> Result<(), String> {
    let mut child = cmd.spawn().map_err(|e| format!("could not start {}: {e}", show(cmd)))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => return Err(format!("`{}` failed ({status})", show(cmd))),
            Ok(None) if start.elapsed() < limit => std::thread::sleep(Duration::from_millis(200)),
            Ok(None) => {
                kill_tree(child.id());
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "`{}` still ran after {} s and was stopped (set IPC_WALL_E2E_TIMEOUT to allow more)",
                    show(cmd),
                    limit.as_secs()
                ));
            }
            Err(e) => return Err(format!("waiting for `{}`: {e}", show(cmd))),
        }
    }
}

/// Kills the descendants of `pid` (node's test processes and their browsers), deepest first.
fn kill_tree(pid: u32) {
    let children = fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| list.split_whitespace().filter_map(|c| c.parse::<u32>().ok()).collect::<Vec<_>>())
        .collect::<Vec<_>>();
    for child in children {
        kill_tree(child);
        let _ = Command::new("kill").args(["-KILL", &child.to_string()]).status();
    }
}

/// Chromium and chromedriver from Debian; installed with apt-get when we can.
pub(crate) fn ensure_chromium() -> Result<(), String> {
    let missing: Vec<&str> =
        [CHROMIUM, CHROMEDRIVER].into_iter().filter(|p| !Path::new(p).is_file()).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let what = "Chromium and chromedriver (Debian packages `chromium` and `chromium-driver`, \
                providing /usr/bin/chromium and /usr/bin/chromedriver)";
    let debian = Path::new("/etc/debian_version").is_file();
    let apt = Path::new("/usr/bin/apt-get").is_file();
    if !(debian && apt && is_root()) {
        return Err(format!(
            "{} missing. The browser tests need {what}.\n\
             Install them with:  sudo apt-get update && sudo apt-get install -y chromium chromium-driver\n\
             (run `cargo xtask test` as root on Debian to have it install them, or \
             `cargo xtask test --native` to skip the wasm and browser tests)",
            missing.join(" and "),
        ));
    }
    println!("{} missing: installing chromium and chromium-driver with apt-get", missing.join(" and "));
    let apt_get = || {
        let mut c = Command::new("apt-get");
        c.env("DEBIAN_FRONTEND", "noninteractive");
        c
    };
    run(apt_get().arg("update"))?;
    run(apt_get().args(["install", "-y", "chromium", "chromium-driver"]))?;
    for p in [CHROMIUM, CHROMEDRIVER] {
        if !Path::new(p).is_file() {
            return Err(format!("apt-get installed the packages but {p} is still missing"));
        }
    }
    Ok(())
}

fn is_root() -> bool {
    // /proc/self/status: "Uid:\treal\teffective\t..."
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Uid:"))
                .and_then(|u| u.split_whitespace().nth(1).map(|e| e == "0"))
        })
        .unwrap_or(false)
}

/// `npm ci` in tests/e2e unless node_modules matches package-lock.json already.
pub(crate) fn ensure_node_modules() -> Result<(), String> {
    ensure_npm_packages(&root().join("tests").join("e2e"))
}

/// `npm ci` in `dir` (tests/e2e, bench, xtask) unless its node_modules matches package-lock.json.
pub(crate) fn ensure_npm_packages(dir: &Path) -> Result<(), String> {
    for (tool, arg) in [("node", "--version"), ("npm", "--version")] {
        let ok = Command::new(tool).arg(arg).output().is_ok_and(|o| o.status.success());
        if !ok {
            return Err(format!(
                "`{tool}` was not found. The build (it minifies the page's modules), the browser \
                 tests and the benchmarks need Node.js 20 or newer with npm \
                 (Debian: `apt-get install -y nodejs npm`, or https://nodejs.org)"
            ));
        }
    }
    let lock = dir.join("package-lock.json");
    let lock_bytes = fs::read(&lock).map_err(|e| format!("reading {}: {e}", lock.display()))?;
    // A copy of the lock file that node_modules was installed from.
    let stamp = dir.join("node_modules").join(".xtask-package-lock.json");
    if fs::read(&stamp).is_ok_and(|s| s == lock_bytes) {
        return Ok(());
    }
    let mut npm = Command::new("npm");
    npm.current_dir(dir).args(["ci", "--no-audit", "--no-fund"]);
    println!("{}  (in {})", show(&npm), dir.display());
    run(&mut npm)?;
    fs::write(&stamp, &lock_bytes).map_err(|e| format!("writing {}: {e}", stamp.display()))
}

/// `xtask wasm-runner <file.wasm> [args]`: cargo's runner for wasm32 test binaries.
pub fn wasm_runner(args: &[String]) -> Result<(), String> {
    let argv = std::iter::once("wasm-bindgen-test-runner".to_string()).chain(runner_args(args));
    wasm_bindgen_cli::wasm_bindgen_test_runner::run_cli_with_args(argv).map_err(|e| format!("{e:#}"))
}

/// libtest flags that cargo passes on (`cargo test -q`) but the wasm runner does not know:
/// `--quiet` becomes its terse format, thread and colour settings are dropped.
fn runner_args(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-q" | "--quiet" => out.push("--format=terse".to_string()),
            "--test-threads" | "--color" => {
                it.next();
            }
            s if s.starts_with("--test-threads=") || s.starts_with("--color=") => {}
            _ => out.push(a.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options() {
        let o = parse(&args(&[])).unwrap();
        assert!(!o.native_only && o.cargo_test_args.is_empty());
        let o = parse(&args(&["--native", "--", "golden", "--", "--nocapture"])).unwrap();
        assert!(o.native_only);
        assert_eq!(o.cargo_test_args, args(&["golden", "--", "--nocapture"]));
        assert!(parse(&args(&["--nativ"])).is_err());
        let o = parse(&args(&["--long"])).unwrap();
        assert!(o.long && !o.native_only);
        assert!(!parse(&args(&[])).unwrap().long, "the long mode is not part of the default run");
    }

    #[test]
    fn runner_understands_what_cargo_passes() {
        assert_eq!(
            runner_args(&args(&["t.wasm", "--quiet", "--test-threads", "2", "--color=always", "name"])),
            args(&["t.wasm", "--format=terse", "name"])
        );
        assert_eq!(runner_args(&args(&["t.wasm", "--nocapture"])), args(&["t.wasm", "--nocapture"]));
    }

    #[test]
    fn webdriver_capabilities_use_debian_chromium() {
        let path = webdriver_json().unwrap();
        let json = fs::read_to_string(path).unwrap();
        assert!(json.contains("\"binary\": \"/usr/bin/chromium\""), "{json}");
        assert!(json.contains("\"disable-gpu\""), "{json}");
        assert!(!json.contains("\"--"), "{json}");
    }
}
