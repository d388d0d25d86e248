//! The static figure's colours are the page's: www/style.css's variables, read here on their
//! own (line by line, as a reader of the stylesheet would) and compared with what
//! `figure.rs` draws with, in both schemes.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use ipc_wall::figure::{self, Lang, Palette, Style};
use ipc_wall::Params;
use plotters::style::{RGBAColor, RGBColor};

/// `--name: value;` lines of the stylesheet's light `:root` block (at the start of a line)
/// or of the dark scheme's (indented, inside `@media (prefers-color-scheme: dark)`).
fn css(dark: bool) -> HashMap<String, String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css")).unwrap();
    let mut lines = text.lines();
    if dark {
        lines.find(|l| l.starts_with("@media (prefers-color-scheme: dark)")).expect("the dark block");
    }
    let (open, close) = if dark { ("  :root {", "  }") } else { (":root {", "}") };
    lines.find(|l| *l == open).expect("a :root block");
    let vars: HashMap<String, String> = lines
        .take_while(|l| *l != close)
        .filter_map(|l| l.trim().strip_prefix("--")?.strip_suffix(';')?.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    assert!(vars.len() > 20, "{vars:?}");
    vars
}

fn hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// The figure's colour for each variable, as www/energy.js hands the page's plot its own.
fn named(p: &Palette) -> Vec<(&'static str, RGBColor)> {
    vec![
        ("canvas-bg", p.background),
        ("fg", p.text),
        ("muted", p.muted),
        ("lane", p.grid),
        ("line", p.axis),
        ("wall-fill", p.wall_fill),
        ("wall-hatch", p.wall_hatch),
        ("wall-edge", p.wall_edge),
        ("penalty", p.penalty),
        ("ipc", p.ipc),
        ("penalty-text", p.penalty_text),
        ("ipc-text", p.ipc_text),
        ("xtilde", p.x_tilde),
        ("barrier-text", p.barrier_text),
    ]
}

#[test]
fn the_figure_palette_is_the_stylesheet_variables_in_both_schemes() {
    for dark in [false, true] {
        let (vars, pal) = (css(dark), Palette::page(dark).unwrap());
        for (name, color) in named(&pal) {
            assert_eq!(hex(color), vars[name], "--{name} (dark: {dark})");
        }
        // The d̂ zone: an rgba() in the CSS, drawn with its opacity.
        let RGBAColor(r, g, b, a) = pal.barrier;
        assert_eq!(format!("rgba({r}, {g}, {b}, {a})"), vars["barrier"], "--barrier (dark: {dark})");
    }
    // The dark scheme is not the light one: each scheme's block is read.
    assert_ne!(Palette::page(true).unwrap().ipc, Palette::page(false).unwrap().ipc);
}

#[test]
fn the_figure_draws_with_the_stylesheet_ipc_green_and_background() {
    for (dark, lang) in [(false, Lang::En), (true, Lang::Es)] {
        let vars = css(dark);
        let svg = figure::svg(&Params::default(), Style { lang, dark }).unwrap().to_lowercase();
        assert!(
            svg.contains(&format!("stroke=\"{}\"", vars["ipc"])),
            "the IPC curve in --ipc {}",
            vars["ipc"]
        );
        assert!(svg.contains(&format!("fill=\"{}\"", vars["canvas-bg"])), "the background in --canvas-bg");
    }
}

#[test]
fn a_palette_follows_its_stylesheet_and_names_what_is_missing() {
    let page = ipc_wall::figure::PAGE_CSS;
    let greener = page.replacen("--ipc: #2f9e50;", "--ipc: #00ff00;", 1);
    assert_ne!(greener, page, "the light --ipc as the test expects it");
    assert_eq!(Palette::from_css(&greener, false).unwrap().ipc, RGBColor(0, 0xff, 0));
    assert_eq!(Palette::from_css(&greener, true).unwrap().ipc, Palette::page(true).unwrap().ipc);

    let without = page.replacen("--xtilde: #7a3fc6;", "", 1);
    let err = Palette::from_css(&without, false).unwrap_err();
    assert!(err.contains("--xtilde"), "{err}");
    let err = Palette::from_css(&page.replacen("--fg: #1c1e22;", "--fg: teal;", 1), false).unwrap_err();
    assert!(err.contains("--fg") && err.contains("teal"), "{err}");
    assert!(Palette::from_css(":root { --ipc: #2f9e50; }", true).unwrap_err().contains("dark"));
}
