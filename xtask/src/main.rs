//! `cargo xtask <command>`: the project's build, serve and test tasks, in Rust so that a
//! fresh machine needs nothing but the Rust toolchain (plus node and Chromium for tests).

mod bench;
mod build;
mod serve;
mod test;
mod util;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  build                 build the figure into dist/ (a static site for any static host)
  serve [--port N]      build, then serve dist/ at http://127.0.0.1:N/ (default 8000;
                        0 picks a free port)
  test [--native] [-- <cargo test args>]
                        fmt, clippy, native tests, wasm tests (Node and headless
                        Chromium), end-to-end tests in Chromium; --native runs only
                        fmt, clippy and the native tests
  test --long           only the property tests, optimized, at 1,000,000 cases per
                        property (IPC_WALL_PROPTEST_CASES=N for another count)
  bench [--quick | --browser | --lighthouse]
                        every benchmark: native, wasm under Node and in headless
                        Chromium, the page's frames and load, bytes, Lighthouse;
                        writes bench/report.md and bench/report.json with the budgets
                        checked (--quick: shorter criterion runs, for trying things
                        out; --browser: only dragging each slider, mouse and touch,
                        at 1x and 4x CPU, its section of bench/report.md;
                        --lighthouse: only Lighthouse 12, mobile and desktop
                        presets, 3 runs each, its section of bench/report.md and
                        report.json)
  e2e [-- <node --test args>]
                        only the end-to-end tests: build, serve, run tests/e2e/ in
                        headless Chromium
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => no_more_args(&args[1..]).and_then(|()| build::build().map(|_| ())),
        Some("serve") => serve::serve(&args[1..]),
        Some("test") => test::test(&args[1..]),
        Some("e2e") => test::e2e_only(&args[1..]),
        Some("bench") => bench::bench(&args[1..]),
        // Hidden: cargo's runner for wasm32 test binaries (set by `test`).
        Some("wasm-runner") => test::wasm_runner(&args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other:?}\n\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn no_more_args(args: &[String]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(a) => Err(format!("unexpected argument {a:?}\n\n{USAGE}")),
    }
}
