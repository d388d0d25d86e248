//! `ipc-wall`: the article's table and the static figure, from the command line.

// The CLI is native only (its static figure draws with native plotters backends), but cargo
// still compiles this binary when it tests the wasm boundary on wasm32.
#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
