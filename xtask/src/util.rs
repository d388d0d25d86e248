//! Paths and subprocesses shared by the tasks.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (xtask lives one level below it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits inside the workspace").to_path_buf()
}

/// Cargo's target directory, honouring `CARGO_TARGET_DIR` like cargo does.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root().join(d),
        None => root().join("target"),
    }
}

/// The cargo that runs us (so a toolchain override applies to the builds we start too).
pub fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

/// Runs `cmd`, failing with the command line and exit status.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("could not start {}: {e}", show(cmd)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", show(cmd)))
    }
}

/// A command line as one string, for messages.
pub fn show(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|s| s.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// rustfmt and clippy (absent from rustup's minimal profile); installs them when missing.
pub fn ensure_fmt_and_clippy() -> Result<(), String> {
    let works = |sub: &str| cargo().args([sub, "--version"]).output().is_ok_and(|o| o.status.success());
    let missing: Vec<&str> = [("fmt", "rustfmt"), ("clippy", "clippy")]
        .into_iter()
        .filter(|(sub, _)| !works(sub))
        .map(|(_, component)| component)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    eprintln!("xtask: installing {} with rustup", missing.join(" and "));
    run(Command::new("rustup").args(["component", "add"]).args(&missing).current_dir(root())).map_err(|e| {
        format!(
            "{e}
install them with `rustup component add {}`",
            missing.join(" ")
        )
    })
}

/// Whether rustup's wasm32 target is installed; installs it when it is not.
pub fn ensure_wasm_target() -> Result<(), String> {
    const TARGET: &str = "wasm32-unknown-unknown";
    let out = Command::new("rustup").args(["target", "list", "--installed"]).current_dir(root()).output();
    match out {
        Ok(o) if o.status.success() => {
            if String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == TARGET) {
                return Ok(());
            }
            eprintln!("xtask: installing the {TARGET} target with rustup");
            run(Command::new("rustup").args(["target", "add", TARGET]).current_dir(root()))
        }
        // Without rustup the target may still come with the toolchain; let cargo tell.
        _ => {
            if sysroot_has_wasm_target() {
                Ok(())
            } else {
                Err(format!(
                    "the {TARGET} target is missing and rustup is not available; \
                     install rustup (https://rustup.rs) and run `rustup target add {TARGET}`"
                ))
            }
        }
    }
}

fn sysroot_has_wasm_target() -> bool {
    Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .is_some_and(|s| Path::new(&s).join("lib/rustlib/wasm32-unknown-unknown").is_dir())
}
