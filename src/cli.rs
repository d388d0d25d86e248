//! The command line's body (src/main.rs is its native-only entry point).
//!
//! `ipc-wall table`: the article's table, or any variation of it, from the command line;
//! `ipc-wall figure`: the figure as a static SVG or PNG.

use std::io::Write;
use std::process::ExitCode;

use ipc_wall::figure::Lang;
use ipc_wall::figure::{self, Style};
use ipc_wall::params::{check, echo, Field};
use ipc_wall::table::{csv_of, format_table_of, ARTICLE_K, ARTICLE_V0};
use ipc_wall::{Model, Params};

const USAGE: &str = "\
ipc-wall: a ball thrown at a 20 mm wall, penalty contact against IPC's log barrier

USAGE:
    ipc-wall table [OPTIONS]
    ipc-wall figure [--svg FILE] [--png FILE] [--lang en|es] [--theme light|dark] [OPTIONS]

With no options, prints the article's table. `figure` draws the figure at the parameters
(one --v0, one --k): the throw's scene with every step, and the energy plot at the impact
step; the SVG to FILE (`-`: standard output), the PNG at twice its 800x550 size. Options (SI units):
    --v0 LIST          launch speeds [m/s], comma separated   (default 1,2,5,10,20,50)
    --k LIST           penalty stiffnesses [N/m], comma separated (default 1e4,1e6)
    --h X              time step [s]                          (default 0.01)
    --dhat X           barrier activation distance [m]        (default 0.001)
    --kappa X          barrier stiffness                      (default 1e4)
    --mass X           mass [kg]                              (default 1)
    --wall X           position of the wall's front face [m]  (default 0.503)
    --thickness X      wall thickness [m]                     (default 0.02)
    --steps N          steps per throw                        (default 80)
    --ccd-safety X     CCD safety factor in (0, 1)            (default 0.9)
    --tol X            Newton tolerance [m]                   (default 1e-10)
    --format F         table or csv                           (default table)
    --models LIST      penalty, ipc, barrier-alone, ccd-alone, comma separated
                       (default penalty,ipc: the article's columns); the last two are
                       the halves of IPC's guarantee alone: its barrier with the plain
                       line search, and its CCD-filtered line search with penalty energy
";

enum Format {
    Table,
    Csv,
}

struct Command {
    params: Params,
    v0s: Vec<f64>,
    ks: Vec<f64>,
    models: Vec<Model>,
    format: Format,
    figure: Option<FigureOut>,
}

/// `ipc-wall figure`'s own flags.
#[derive(Default)]
struct FigureOut {
    svg: Option<String>,
    png: Option<String>,
    style: Style,
}

/// Most values a list flag takes; the benchmark sweep uses 5,000.
const MAX_LIST: usize = 1_000_000;

fn allowed(field: Field) -> String {
    let r = field.range();
    let unit = if field.unit().is_empty() { String::new() } else { format!(" {}", field.unit()) };
    let kind = if field == Field::Steps { "a whole number" } else { "a number" };
    format!("{kind} in {r}{unit}")
}

fn number(flag: &str, field: Field, text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("--{flag}: {} is not a number; allowed: {}", echo(text), allowed(field)))?;
    check(field, value)
        .map_err(|_| format!("--{flag}: {} is out of range; allowed: {}", echo(text), allowed(field)))
}

fn list(flag: &str, field: Field, text: &str) -> Result<Vec<f64>, String> {
    let items: Vec<&str> = text.split(',').collect();
    if items.len() > MAX_LIST {
        return Err(format!("--{flag}: more than {MAX_LIST} values"));
    }
    items
        .iter()
        .map(|item| {
            if item.trim().is_empty() {
                Err(format!(
                    "--{flag}: empty item in {}; allowed: comma-separated values, each {}",
                    echo(text),
                    allowed(field)
                ))
            } else {
                number(flag, field, item)
            }
        })
        .collect()
}

fn models(text: &str) -> Result<Vec<Model>, String> {
    let names = || Model::ALL.map(Model::name).join(", ");
    let mut out: Vec<Model> = Vec::new();
    for item in text.split(',') {
        let m = Model::from_name(item.trim())
            .ok_or_else(|| format!("--models: {} is not a model; allowed: {}", echo(item), names()))?;
        if out.contains(&m) {
            return Err(format!("--models: {} is named twice", m.name()));
        }
        out.push(m);
    }
    Ok(out)
}

fn parse(args: &[String]) -> Result<Option<Command>, String> {
    let mut args = args.iter();
    let figure_out = match args.next().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => return Ok(None),
        Some("table") => None,
        Some("figure") => Some(FigureOut::default()),
        Some(other) => {
            return Err(format!("unknown command {}; allowed: table, figure (see --help)", echo(other)))
        }
    };
    let mut cmd = Command {
        params: Params::default(),
        v0s: ARTICLE_V0.to_vec(),
        ks: ARTICLE_K.to_vec(),
        models: Model::BOTH.to_vec(),
        format: Format::Table,
        figure: figure_out,
    };
    while let Some(arg) = args.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(None);
        }
        let Some(flag) = arg.strip_prefix("--") else {
            return Err(format!("unexpected argument {}; flags look like --h 0.01 (see --help)", echo(arg)));
        };
        let (flag, inline) = match flag.split_once('=') {
            Some((f, v)) => (f, Some(v.to_owned())),
            None => (flag, None),
        };
        let figure_flag = cmd.figure.is_some() && matches!(flag, "svg" | "png" | "lang" | "theme");
        let known = figure_flag
            || matches!(flag, "v0" | "k")
            || (matches!(flag, "format" | "models") && cmd.figure.is_none())
            || Field::from_name(flag).is_some_and(|f| f != Field::V0 && f != Field::K);
        if !known || flag == "ccd_safety" {
            return Err(format!(
                "unknown flag {}; allowed: --v0 --k --h --dhat --kappa --mass --wall --thickness --steps --ccd-safety --tol --format --models",
                echo(&format!("--{flag}"))
            ));
        }
        let value = match inline {
            Some(v) => v,
            None => args.next().cloned().ok_or_else(|| format!("--{flag}: missing value"))?,
        };
        if let (true, Some(out)) = (figure_flag, cmd.figure.as_mut()) {
            figure_option(out, flag, value)?;
            continue;
        }
        match flag {
            // The figure draws one throw: one v0 and one k, set like the other parameters.
            "v0" if cmd.figure.is_none() => cmd.v0s = list(flag, Field::V0, &value)?,
            "k" if cmd.figure.is_none() => cmd.ks = list(flag, Field::K, &value)?,
            "models" => cmd.models = models(&value)?,
            "format" => {
                cmd.format = match value.as_str() {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    _ => {
                        return Err(format!(
                            "--format: {} is not a format; allowed: table, csv",
                            echo(&value)
                        ))
                    }
                }
            }
            _ => {
                let field = Field::from_name(flag)
                    .ok_or_else(|| format!("unknown flag {}", echo(&format!("--{flag}"))))?;
                let v = number(flag, field, &value)?;
                cmd.params.set(field, v).map_err(|e| format!("--{flag}: {e}"))?;
            }
        }
    }
    Ok(Some(cmd))
}

fn figure_option(out: &mut FigureOut, flag: &str, value: String) -> Result<(), String> {
    match flag {
        "svg" => out.svg = Some(value),
        "png" => out.png = Some(value),
        "lang" => {
            out.style.lang = Lang::from_code(&value)
                .ok_or_else(|| format!("--lang: {} is not a language; allowed: en, es", echo(&value)))?
        }
        _ => {
            out.style.dark = match value.as_str() {
                "light" => false,
                "dark" => true,
                _ => return Err(format!("--theme: {} is not a theme; allowed: light, dark", echo(&value))),
            }
        }
    }
    Ok(())
}

/// Writes the figure's files; `-` is standard output.
fn write_figure(params: &Params, out: &FigureOut) -> Result<(), String> {
    if out.svg.is_none() && out.png.is_none() {
        return Err("figure: nothing to write; allowed: --svg FILE, --png FILE".to_owned());
    }
    let write = |path: &str, bytes: &[u8]| -> Result<(), String> {
        if path == "-" {
            std::io::stdout().lock().write_all(bytes).map_err(|e| format!("writing: {e}"))
        } else {
            std::fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", echo(path)))
        }
    };
    if let Some(path) = &out.svg {
        write(path, figure::svg(params, out.style)?.as_bytes())?;
    }
    if let Some(path) = &out.png {
        write(path, &figure::png(params, out.style)?)?;
    }
    Ok(())
}

pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = match parse(&args) {
        Ok(None) => USAGE.to_owned(),
        Ok(Some(Command { params, figure: Some(out), .. })) => {
            return match write_figure(&params, &out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(msg) => {
                    eprintln!("error: {msg}");
                    ExitCode::from(2)
                }
            };
        }
        Ok(Some(cmd)) => match cmd.format {
            Format::Table => format_table_of(&cmd.params, &cmd.v0s, &cmd.ks, &cmd.models),
            Format::Csv => csv_of(&cmd.params, &cmd.v0s, &cmd.ks, &cmd.models),
        },
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    // A closed pipe (`| head`) is not an error worth a message.
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    ExitCode::SUCCESS
}
