//! `cargo xtask <command>`: the project's build, serve and test tasks, in Rust so that a
//! fresh machine needs nothing but the Rust toolchain (plus node and Chromium for tests).

mod build;
mod util;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  build                 build the figure into dist/ (a static site for any static host)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => no_more_args(&args[1..]).and_then(|()| build::build().map(|_| ())),
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
