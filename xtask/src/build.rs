//! `cargo xtask build`: the wasm in release, its JS bindings, and the page, as a static site
//! in `dist/`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::util::{self, cargo, root, run, target_dir};

const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The module name the page imports: `./pkg/ipc_wall.js`.
const MODULE: &str = "ipc_wall";

/// Builds `dist/` and returns its path.
pub fn build() -> Result<PathBuf, String> {
    util::ensure_wasm_target()?;
    println!("xtask: building the wasm (release)");
    run(cargo().args(["build", "--package", "ipc-wall", "--lib", "--release", "--target", WASM_TARGET]))?;
    let wasm = target_dir().join(WASM_TARGET).join("release").join(format!("{MODULE}.wasm"));

    // Assemble in a staging folder, then swap it in: no stale files, and a server never
    // sees a half-written site.
    let dist = root().join("dist");
    let staging = target_dir().join("xtask").join("dist");
    remove_dir(&staging)?;
    let pkg = staging.join("pkg");
    fs::create_dir_all(&pkg).map_err(|e| format!("creating {}: {e}", pkg.display()))?;
    bindgen(&wasm, &pkg)?;

    let page = root().join("index.html");
    if page.is_file() {
        copy_file(&page, &staging.join("index.html"))?;
    } else {
        println!("xtask: warning: index.html is missing; dist/ has no page yet");
    }
    let www = root().join("www");
    if www.is_dir() {
        copy_dir(&www, &staging.join("www"))?;
        minify(&staging.join("www"))?;
    }
    figure(&staging.join("figure.svg"))?;
    specs(&pkg.join("specs.js"))?;

    remove_dir(&dist)?;
    if fs::rename(&staging, &dist).is_err() {
        // A target dir on another filesystem: copy instead.
        copy_dir(&staging, &dist)?;
        remove_dir(&staging)?;
    }
    print_sizes(&dist)?;
    Ok(dist)
}

/// wasm-bindgen as a library: `--target web`, no TypeScript, into `out`.
fn bindgen(wasm: &Path, out: &Path) -> Result<(), String> {
    println!("xtask: wasm-bindgen {} --target web", wasm.display());
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(wasm)
        .out_name(MODULE)
        .web(true)
        .map_err(|e| format!("wasm-bindgen: {e:#}"))?
        .typescript(false)
        // The function names (55 KB of the wasm, 17 KB gzipped) serve only a debugger's stack
        // traces: a panic's message, with its file and line, is in the data, not in them.
        .remove_name_section(true)
        // The CLI's default: `init()` with no argument fetches `ipc_wall_bg.wasm` next to the JS.
        .omit_default_module_path(false)
        .generate(out)
        .map_err(|e| format!("wasm-bindgen on {}: {e:#}", wasm.display()))
}

/// The page's modules and style sheets in `dir`, minified in place by esbuild one file at a
/// time: no bundling, so each stays the file the page and its preloads name, with its exports
/// and `import.meta.url` as written. Their comments and names are for the repository's
/// readers: the modules are 100 KB gzipped as written, 56 KB minified. The wasm-bindgen glue
/// in pkg/ stays as generated.
fn minify(dir: &Path) -> Result<(), String> {
    let tools = root().join("xtask");
    crate::test::ensure_npm_packages(&tools)?;
    let minified = |f: &PathBuf| f.extension().is_some_and(|e| e == "js" || e == "css");
    let sources: Vec<PathBuf> = files(dir)?.into_iter().filter(minified).map(|f| dir.join(f)).collect();
    println!("xtask: esbuild --minify, {} files of www/", sources.len());
    let mut esbuild = std::process::Command::new(tools.join("node_modules").join(".bin").join("esbuild"));
    esbuild
        .args(["--minify", "--log-level=warning", "--allow-overwrite"])
        .arg(format!("--outdir={}", dir.display()));
    run(esbuild.args(&sources))
}

/// The static stand-in at the defaults (index.html's `<noscript>` and `og:image`), drawn by
/// the CLI with the energy plot's own code.
fn figure(out: &Path) -> Result<(), String> {
    println!("xtask: ipc-wall figure --svg {}", out.display());
    let out = out.to_str().ok_or("the target path is not UTF-8")?;
    run(cargo().args([
        "run",
        "--quiet",
        "--package",
        "ipc-wall",
        "--bin",
        "ipc-wall",
        "--",
        "figure",
        "--svg",
        out,
    ]))
}

/// The parameters' rows (`Spec::all()` in src/params.rs, which the wasm's parameterSpecs()
/// also returns) as an ES module: the page's one source of them, there for the first paint,
/// before the wasm has loaded.
fn specs(out: &Path) -> Result<(), String> {
    let rows: Vec<serde_json::Value> = ipc_wall::Spec::all()
        .iter()
        .map(|s| {
            let r = s.range;
            serde_json::json!({
                "name": s.name, "unit": s.unit, "min": r.min, "max": r.max,
                "open_min": r.open_min, "open_max": r.open_max, "default": s.default,
            })
        })
        .collect();
    let json = serde_json::to_string(&rows).map_err(|e| e.to_string())?;
    let module = format!("// Written by `cargo xtask build` from src/params.rs: the parameters the page may set.\nexport const SPECS = {json};\n");
    fs::write(out, module).map_err(|e| format!("writing {}: {e}", out.display()))
}

fn remove_dir(dir: &Path) -> Result<(), String> {
    match fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("removing {}: {e}", dir.display())),
    }
}

fn copy_file(from: &Path, to: &Path) -> Result<(), String> {
    fs::copy(from, to).map(|_| ()).map_err(|e| format!("copying {} to {}: {e}", from.display(), to.display()))
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("creating {}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("reading {}: {e}", from.display()))? {
        let entry = entry.map_err(|e| format!("reading {}: {e}", from.display()))?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        let kind = entry.file_type().map_err(|e| format!("reading {}: {e}", path.display()))?;
        if kind.is_dir() {
            copy_dir(&path, &dest)?;
        } else {
            copy_file(&path, &dest)?;
        }
    }
    Ok(())
}

/// Every file under `dir`, sorted, as paths relative to `dir`.
pub fn files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        for entry in fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))? {
            let path = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?.path();
            if path.is_dir() {
                walk(base, &path, out)?;
            } else if let Ok(rel) = path.strip_prefix(base) {
                out.push(rel.to_path_buf());
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out)?;
    out.sort();
    Ok(out)
}

pub(crate) fn gzip_len(bytes: &[u8]) -> Result<usize, String> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).and_then(|()| gz.finish()).map(|v| v.len()).map_err(|e| format!("gzip: {e}"))
}

/// Raw and gzipped size of each file and of the whole site (the size budget is gzipped).
fn print_sizes(dist: &Path) -> Result<(), String> {
    let (mut raw_total, mut gz_total) = (0, 0);
    println!("\n{:<40} {:>10} {:>10}", "dist/", "bytes", "gzip -9");
    for rel in files(dist)? {
        let bytes = fs::read(dist.join(&rel)).map_err(|e| format!("reading {rel:?}: {e}"))?;
        let gz = gzip_len(&bytes)?;
        raw_total += bytes.len();
        gz_total += gz;
        println!("{:<40} {:>10} {:>10}", rel.display().to_string(), bytes.len(), gz);
    }
    println!("{:<40} {:>10} {:>10}", "total", raw_total, gz_total);
    println!("\nxtask: wrote {}", dist.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// index.html fetches every module and the wasm at once (no waterfall of imports found one
    /// level at a time): a module added to www/ without its preload would slow the first frame.
    #[test]
    fn the_page_preloads_every_module_and_the_wasm() {
        let page = fs::read_to_string(root().join("index.html")).unwrap();
        let mut modules: Vec<String> = fs::read_dir(root().join("www"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            // The worker's module is fetched by the worker: a preload of the page's would go unused.
            .filter(|n| n.ends_with(".js") && n != "main.js" && n != "regime-worker.js")
            .collect();
        modules.sort();
        assert!(!modules.is_empty());
        for m in &modules {
            assert!(
                page.contains(&format!("<link rel=\"modulepreload\" href=\"./www/{m}\">")),
                "index.html does not preload www/{m}"
            );
        }
        assert!(page.contains(&format!("<link rel=\"modulepreload\" href=\"./pkg/{MODULE}.js\">")));
        assert!(page.contains(&format!("<link rel=\"preload\" href=\"./pkg/{MODULE}_bg.wasm\" as=\"fetch\"")));
    }

    /// pkg/specs.js holds exactly the core's rows: every field, in order, every value.
    #[test]
    fn specs_js_is_the_cores_rows() {
        let out = std::env::temp_dir().join(format!("ipc-wall-specs-{}.js", std::process::id()));
        specs(&out).unwrap();
        let text = fs::read_to_string(&out).unwrap();
        fs::remove_file(&out).unwrap();
        let json = text.split_once("export const SPECS = ").unwrap().1.trim_end().trim_end_matches(';');
        let rows: Vec<serde_json::Value> = serde_json::from_str(json).unwrap();
        let core = ipc_wall::Spec::all();
        assert_eq!(rows.len(), core.len());
        for (row, s) in rows.iter().zip(&core) {
            assert_eq!(row["name"], s.name);
            assert_eq!(row["unit"], s.unit);
            assert_eq!(row["min"].as_f64(), Some(s.range.min), "{}", s.name);
            assert_eq!(row["max"].as_f64(), Some(s.range.max), "{}", s.name);
            assert_eq!(row["open_min"], s.range.open_min);
            assert_eq!(row["open_max"], s.range.open_max);
            assert_eq!(row["default"].as_f64(), Some(s.default), "{}", s.name);
        }
    }

    /// The parameters reach the page once, as pkg/specs.js (written by [`specs`]), which the
    /// sliders need before the wasm has loaded: no module asks the wasm's parameterSpecs()
    /// for them again (that stays the public API's, for authors and tests).
    #[test]
    fn the_page_reads_the_parameters_from_specs_js_alone() {
        let mut importers = 0;
        for entry in fs::read_dir(root().join("www")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "js") {
                let text = fs::read_to_string(&path).unwrap();
                assert!(
                    !text.contains(".parameterSpecs("),
                    "{} asks the wasm for the parameters",
                    path.display()
                );
                importers += usize::from(text.contains("from '../pkg/specs.js'"));
            }
        }
        assert!(importers > 0, "no module reads pkg/specs.js");
    }
}
