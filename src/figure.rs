//! The static stand-in for print, feeds and link previews: the throw's scene with every
//! step's marker above the energy plot at the impact step, as one SVG or PNG
//! (`ipc-wall figure`). The energy plot is [`crate::plot::draw`], the page's own code, here
//! on plotters' SVG and bitmap backends; the scene is a compact version of www/scene.js.
//! Its colours are the page's CSS variables, read from www/style.css ([`Palette`]).
//!
//! Both parts are drawn with their own origin at (0, 0) (the plot's coordinates are the
//! backend's): the SVG nests the plot's `<svg id="energy-plot">` below the scene's
//! `<svg id="scene">`; the PNG draws the plot into the lower rows of the same buffer.

use std::collections::HashMap;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::integrator::{Iterate, Model};
use crate::plot::{self, EnergyPlot, Layer, Marker, ModelStyle};
use crate::sim::{Horizon, Outcome, Simulation};
use crate::Params;

/// The figure in CSS pixels (SVG user units): the scene above, the energy plot below.
pub const WIDTH: u32 = 800;
pub const SCENE_HEIGHT: u32 = 150;
pub const PLOT_HEIGHT: u32 = 400;
/// Device pixels per CSS pixel of the PNG.
pub const PNG_SCALE: u32 = 2;

/// The language of the figure's words and numbers (`--lang`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Es,
}

impl Lang {
    /// `"en"` or `"es"`.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }
}

/// How the figure is drawn.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    pub lang: Lang,
    pub dark: bool,
}

/// The page's stylesheet, the one owner of every colour: the page reads its variables at run
/// time, the figure here at compile time (a change to the CSS rebuilds the figure with it).
pub const PAGE_CSS: &str = include_str!("../www/style.css");

/// The figure's colours: the page's CSS variables (see [`Palette::from_css`]).
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub background: RGBColor,
    pub text: RGBColor,
    pub muted: RGBColor,
    pub grid: RGBColor,
    pub axis: RGBColor,
    pub wall_fill: RGBColor,
    pub wall_hatch: RGBColor,
    pub wall_edge: RGBColor,
    /// The curves and markers, and words in the models' colours.
    pub penalty: RGBColor,
    pub ipc: RGBColor,
    pub penalty_text: RGBColor,
    pub ipc_text: RGBColor,
    pub x_tilde: RGBColor,
    /// The barrier's activation zone d̂ (translucent) and its label.
    pub barrier: RGBAColor,
    pub barrier_text: RGBColor,
}

impl Palette {
    /// The colours of [`PAGE_CSS`] in the light or dark scheme.
    pub fn page(dark: bool) -> Result<Palette, String> {
        Palette::from_css(PAGE_CSS, dark).map_err(|e| format!("www/style.css: {e}"))
    }

    /// The colours of a stylesheet's variables, named as www/energy.js reads them for the
    /// page's plot: `:root`'s, and with `dark` those of its `prefers-color-scheme: dark` block
    /// over them. An error names a variable that is missing or not a colour.
    pub fn from_css(css: &str, dark: bool) -> Result<Palette, String> {
        let vars = css_variables(css, dark)?;
        let color = |name: &str| -> Result<RGBAColor, String> {
            let value = vars.get(name).ok_or_else(|| format!("no --{name} in {}", scheme(dark)))?;
            parse_color(value).ok_or_else(|| format!("--{name}: {value:?} is not #rrggbb, rgb() or rgba()"))
        };
        let opaque = |name: &str| -> Result<RGBColor, String> {
            let c = color(name)?;
            (c.3 == 1.0).then_some(RGBColor(c.0, c.1, c.2)).ok_or_else(|| format!("--{name} is not opaque"))
        };
        Ok(Palette {
            background: opaque("canvas-bg")?,
            text: opaque("fg")?,
            muted: opaque("muted")?,
            grid: opaque("lane")?,
            axis: opaque("line")?,
            wall_fill: opaque("wall-fill")?,
            wall_hatch: opaque("wall-hatch")?,
            wall_edge: opaque("wall-edge")?,
            penalty: opaque("penalty")?,
            ipc: opaque("ipc")?,
            penalty_text: opaque("penalty-text")?,
            ipc_text: opaque("ipc-text")?,
            x_tilde: opaque("xtilde")?,
            barrier: color("barrier")?,
            barrier_text: opaque("barrier-text")?,
        })
    }

    /// Ball `i`'s (colour, text colour), in the order of [`BALLS`].
    fn ball(&self, i: usize) -> (RGBColor, RGBColor) {
        [(self.penalty, self.penalty_text), (self.ipc, self.ipc_text)][i]
    }
}

fn scheme(dark: bool) -> &'static str {
    if dark {
        "the dark scheme"
    } else {
        ":root"
    }
}

/// The custom properties (`--name: value;`, by name without the dashes) of the stylesheet's
/// first `:root` block, and with `dark` those of the `:root` inside its
/// `@media (prefers-color-scheme: dark)` block over them.
pub fn css_variables(css: &str, dark: bool) -> Result<HashMap<String, String>, String> {
    let mut vars = HashMap::new();
    let root = block(css, ":root").ok_or("no :root { … } block")?;
    declarations(root, &mut vars);
    if dark {
        let media = block(css, "@media (prefers-color-scheme: dark)")
            .ok_or("no @media (prefers-color-scheme: dark) { … } block")?;
        declarations(block(media, ":root").ok_or("no :root { … } in the dark scheme's block")?, &mut vars);
    }
    Ok(vars)
}

/// The inside of the first `{ … }` whose selector is exactly `selector` (braces balanced).
fn block<'a>(css: &'a str, selector: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(i) = css[from..].find(selector).map(|i| i + from) {
        let after = css[i + selector.len()..].trim_start();
        let starts_line = css[..i].trim_end_matches([' ', '\t']).ends_with('\n') || i == 0;
        if starts_line && after.starts_with('{') {
            let open = css.len() - after.len();
            let mut depth = 0;
            for (j, ch) in css[open..].char_indices() {
                depth += match ch {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                if depth == 0 {
                    return Some(&css[open + 1..open + j]);
                }
            }
            return None;
        }
        from = i + selector.len();
    }
    None
}

/// Adds the block's own `--name: value;` declarations (not those of nested blocks) to `vars`.
fn declarations(block: &str, vars: &mut HashMap<String, String>) {
    for decl in block.split(';') {
        let decl = decl.trim();
        if let Some((name, value)) = decl.strip_prefix("--").and_then(|d| d.split_once(':')) {
            vars.insert(name.trim().to_string(), value.trim().to_string());
        }
    }
}

/// A CSS colour as the page's variables write it: `#rgb`, `#rrggbb`, `rgb(r, g, b)` or
/// `rgba(r, g, b, a)`.
pub fn parse_color(css: &str) -> Option<RGBAColor> {
    let s = css.trim();
    if let Some(hex) = s.strip_prefix('#') {
        let full: String = match hex.len() {
            3 => hex.chars().flat_map(|c| [c, c]).collect(),
            6 => hex.to_string(),
            _ => return None,
        };
        let v = u32::from_str_radix(&full, 16).ok()?;
        return Some(RGBAColor((v >> 16) as u8, (v >> 8) as u8, v as u8, 1.0));
    }
    let args = s.strip_prefix("rgba(").or_else(|| s.strip_prefix("rgb("))?.strip_suffix(')')?;
    let parts: Vec<&str> = args.split(',').map(str::trim).collect();
    let channel = |i: usize| parts[i].parse::<u8>().ok();
    let alpha = match parts.len() {
        3 => 1.0,
        4 => parts[3].parse::<f64>().ok().filter(|a| (0.0..=1.0).contains(a))?,
        _ => return None,
    };
    Some(RGBAColor(channel(0)?, channel(1)?, channel(2)?, alpha))
}

/// The figure's balls, as the page draws them: model, marker, dashed curve (the halves
/// alone have no ball in this figure).
const BALLS: [(Model, Marker, bool); 2] =
    [(Model::Penalty, Marker::Disc, true), (Model::Ipc, Marker::Diamond, false)];

impl Style {
    /// The energy plot's colours and words, as the page hands them over.
    pub fn plot(&self) -> Result<plot::Style, String> {
        let pal = Palette::page(self.dark)?;
        let w = words(self.lang);
        let mut models = [None, None, None, None];
        for (i, (model, marker, dashed)) in BALLS.into_iter().enumerate() {
            let (color, text) = pal.ball(i);
            let label = [w.plot_penalty, w.plot_ipc][i].to_string();
            models[model as usize] = Some(ModelStyle { color, text, marker, dashed, label });
        }
        Ok(plot::Style {
            background: pal.background,
            text: pal.text,
            muted: pal.muted,
            grid: pal.grid,
            axis: pal.axis,
            wall_fill: pal.wall_fill,
            wall_hatch: pal.wall_hatch,
            wall_edge: pal.wall_edge,
            x_tilde: pal.x_tilde,
            dhat_fill: pal.barrier,
            dhat_text: pal.barrier_text,
            models,
            words: plot::Words {
                iterates: w.plot_iterates.to_string(),
                wall: w.wall.to_string(),
                x_axis: w.plot_x_axis.to_string(),
                front_face_at: w.plot_front_face_at.to_string(),
                off_plot: w.plot_off_plot.to_string(),
                step: w.plot_step.to_string(),
            },
            decimal: if self.lang == Lang::Es { ',' } else { '.' },
            // An <img> has no page fonts: the generic family, as the scene above it.
            font_family: "sans-serif".to_string(),
        })
    }
}

/// Both throws, until decided: every step's position, and each ball's impact step.
pub struct Throws {
    /// Positions after each step, penalty then IPC.
    pub positions: [Vec<f64>; 2],
    pub outcomes: [Outcome; 2],
    pub xmax_minus_wall: [f64; 2],
    /// Each ball's impact step (1-based), as the page's plot rests on it: the first step of
    /// its largest x (the red ball's jump, the green ball's closest approach).
    pub impact: [u64; 2],
    /// x̃ of each ball's impact step and its Newton iterates there.
    pub x_tilde: [f64; 2],
    pub iterates: [Vec<Iterate>; 2],
}

impl Throws {
    pub fn run(params: &Params) -> Throws {
        let mut sims = Model::BOTH.map(|m| Simulation::new(params, m, Horizon::UntilDecided).with_trace());
        let mut positions = [Vec::new(), Vec::new()];
        let mut impact = [0, 0];
        let mut x_tilde = [f64::NAN; 2];
        let mut iterates = [Vec::new(), Vec::new()];
        for (i, sim) in sims.iter_mut().enumerate() {
            let mut xmax = f64::NEG_INFINITY;
            while let Some(r) = sim.step() {
                if r.x > xmax {
                    xmax = r.x;
                    (impact[i], x_tilde[i], iterates[i]) = (r.step, r.x_tilde, sim.iterates().to_vec());
                }
                positions[i].push(r.x);
            }
        }
        Throws {
            positions,
            outcomes: sims.each_ref().map(Simulation::outcome),
            xmax_minus_wall: sims.each_ref().map(|s| s.result().xmax_minus_wall),
            impact,
            x_tilde,
            iterates,
        }
    }

    /// The energy plot's curves: each ball at its impact step, penalty on top.
    fn layers(&self) -> Vec<Layer<'_>> {
        (0..2)
            .filter(|&i| self.impact[i] > 0)
            .map(|i| Layer {
                model: Model::BOTH[i],
                x_tilde: self.x_tilde[i],
                step: Some(self.impact[i] as usize),
                minimizer: self.positions[i][self.impact[i] as usize - 1],
                iterates: &self.iterates[i],
            })
            .collect()
    }
}

/// The figure as an SVG document.
pub fn svg(params: &Params, style: Style) -> Result<String, String> {
    register_fonts();
    let pal = Palette::page(style.dark)?;
    let throws = Throws::run(params);
    let mut scene = String::new();
    {
        let root = SVGBackend::with_string(&mut scene, (WIDTH, SCENE_HEIGHT)).into_drawing_area();
        draw_scene(&root, params, &throws, style, &pal, 1.0).map_err(|e| format!("scene: {e}"))?;
        root.present().map_err(|e| format!("scene: {e}"))?;
    }
    let mut energy = String::new();
    {
        let root = SVGBackend::with_string(&mut energy, (WIDTH, PLOT_HEIGHT)).into_drawing_area();
        draw_plot(&root, params, &throws, style, 1.0)?;
    }
    let height = SCENE_HEIGHT + PLOT_HEIGHT;
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\">\n\
         <title>{}</title>\n{}\n{}\n</svg>\n",
        title(params, style.lang),
        nest(&scene, "scene", 0),
        nest(&energy, "energy-plot", SCENE_HEIGHT),
    ))
}

/// The figure as a PNG of [`WIDTH`] × ([`SCENE_HEIGHT`] + [`PLOT_HEIGHT`]) CSS pixels at
/// [`PNG_SCALE`] device pixels each.
pub fn png(params: &Params, style: Style) -> Result<Vec<u8>, String> {
    register_fonts();
    let pal = Palette::page(style.dark)?;
    let throws = Throws::run(params);
    let s = PNG_SCALE;
    let (w, scene_h, plot_h) = (WIDTH * s, SCENE_HEIGHT * s, PLOT_HEIGHT * s);
    let mut rgb = vec![0u8; (w * (scene_h + plot_h) * 3) as usize];
    let (top, bottom) = rgb.split_at_mut((w * scene_h * 3) as usize);
    {
        let root = BitMapBackend::with_buffer(top, (w, scene_h)).into_drawing_area();
        draw_scene(&root, params, &throws, style, &pal, f64::from(s)).map_err(|e| format!("scene: {e}"))?;
        root.present().map_err(|e| format!("scene: {e}"))?;
    }
    {
        let root = BitMapBackend::with_buffer(bottom, (w, plot_h)).into_drawing_area();
        draw_plot(&root, params, &throws, style, f64::from(s))?;
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, scene_h + plot_h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Best);
    enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = enc.write_header().map_err(|e| format!("png: {e}"))?;
    writer.write_image_data(&rgb).map_err(|e| format!("png: {e}"))?;
    writer.finish().map_err(|e| format!("png: {e}"))?;
    Ok(out)
}

/// The plotters SVG `doc` as a nested `<svg>` with an id, `y` user units down.
fn nest(doc: &str, id: &str, y: u32) -> String {
    let body = doc.trim().trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>").trim();
    canvas_font_sizes(&body.replacen("<svg ", &format!("<svg id=\"{id}\" x=\"0\" y=\"{y}\" "), 1))
}

/// plotters' SVG backend writes a font of size `s` as `font-size = s / 1.24`, its canvas
/// backend as `s px`: the page's size is the canvas's, so undo the factor.
fn canvas_font_sizes(svg: &str) -> String {
    const ATTR: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(i) = rest.find(ATTR) {
        let (head, tail) = rest.split_at(i + ATTR.len());
        out.push_str(head);
        let end = tail.find('"').unwrap_or(0);
        match tail[..end].parse::<f64>() {
            Ok(size) => out.push_str(&format!("{:.2}", size * 1.24)),
            Err(_) => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// Draws the energy plot of `throws` on `root`.
fn draw_plot<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    params: &Params,
    throws: &Throws,
    style: Style,
    dpr: f64,
) -> Result<(), String> {
    let layers = throws.layers();
    let (x0, x1) = plot::window(params, &throws.x_tilde);
    let st = style.plot()?;
    let input = EnergyPlot { params, layers: &layers, x0, x1, dpr, style: &st };
    plot::draw(root, &input).map_err(|e| format!("energy plot: {e}"))?;
    root.present().map_err(|e| format!("energy plot: {e}"))
}

/// The text plotters' bitmap backend draws with (ab_glyph takes fonts from bytes): shipped,
/// so a machine without fonts draws the same PNG.
fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let regular = include_bytes!("../assets/fonts/DejaVuSans-subset.ttf");
        let bold = include_bytes!("../assets/fonts/DejaVuSans-Bold-subset.ttf");
        for (style, bytes) in [(FontStyle::Normal, &regular[..]), (FontStyle::Bold, &bold[..])] {
            // The fonts are part of the build, so a bad one is a bug caught by the tests.
            assert!(plotters::style::register_font("sans-serif", style, bytes).is_ok(), "shipped font");
        }
    });
}

/// The scene's words.
struct Words {
    penalty: &'static str,
    ipc: &'static str,
    wall: &'static str,
    through: &'static str,
    stopped_inside: &'static str,
    stopped_front: &'static str,
    impact: &'static str,
    title: &'static str,
    plot_penalty: &'static str,
    plot_ipc: &'static str,
    plot_iterates: &'static str,
    plot_x_axis: &'static str,
    plot_front_face_at: &'static str,
    plot_off_plot: &'static str,
    plot_step: &'static str,
}

const EN: Words = Words {
    penalty: "penalty",
    ipc: "IPC",
    wall: "wall",
    through: "went through",
    stopped_inside: "stopped {} inside the wall",
    stopped_front: "stopped {} from the wall",
    impact: "below: the energy at step {}",
    title: "A ball thrown at a wall: penalty contact against IPC's log barrier",
    plot_penalty: "penalty ½kp²",
    plot_ipc: "IPC log barrier",
    plot_iterates: "Newton iterates, numbered",
    plot_x_axis: "x − wall [mm]",
    plot_front_face_at: "front face at",
    plot_off_plot: "off the plot",
    plot_step: "step",
};

const ES: Words = Words {
    penalty: "penalización",
    ipc: "IPC",
    wall: "pared",
    through: "atravesó la pared",
    stopped_inside: "se detuvo {} dentro de la pared",
    stopped_front: "se detuvo a {} de la pared",
    impact: "abajo: la energía en el paso {}",
    title: "Una pelota lanzada contra una pared: contacto por penalización frente a la barrera logarítmica de IPC",
    plot_penalty: "penalización ½kp²",
    plot_ipc: "barrera logarítmica de IPC",
    plot_iterates: "iteraciones de Newton, numeradas",
    plot_x_axis: "x − pared [mm]",
    plot_front_face_at: "cara frontal en",
    plot_off_plot: "fuera de la gráfica",
    plot_step: "paso",
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Es => &ES,
    }
}

fn title(params: &Params, lang: Lang) -> String {
    let v0 = number(lang, crate::format::shortest(params.v0));
    format!("{} (v0 = {v0} m/s)", words(lang).title).replace('\'', "&apos;")
}

fn number(lang: Lang, s: String) -> String {
    match lang {
        Lang::En => s,
        Lang::Es => s.replace('.', ","),
    }
}

/// A length as the page writes gaps and depths: 24.0 µm, 5.00 mm.
fn length(lang: Lang, m: f64) -> String {
    let s = if m.abs() >= 1e-3 { format!("{:.2} mm", m * 1e3) } else { format!("{:.1} µm", m * 1e6) };
    number(lang, s)
}

/// A length in mm to three significant digits, as the page writes the wall: 20.0 mm.
fn length_mm(lang: Lang, m: f64) -> String {
    let mm = m * 1e3;
    let decimals = (2 - mm.abs().log10().floor() as i32).clamp(0, 6) as usize;
    number(lang, format!("{mm:.decimals$} mm"))
}

fn outcome_text(lang: Lang, outcome: Outcome, xmax_minus_wall: f64) -> String {
    let w = words(lang);
    match outcome {
        Outcome::Through => w.through.to_string(),
        _ if xmax_minus_wall > 0.0 => w.stopped_inside.replace("{}", &length(lang, xmax_minus_wall)),
        _ => w.stopped_front.replace("{}", &length(lang, -xmax_minus_wall)),
    }
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The track to scale: one lane per ball, the wall hatched, a faint marker at each step's
/// position (leading edge at x, as on the page), the ball where its throw ended.
fn draw_scene<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    params: &Params,
    throws: &Throws,
    style: Style,
    pal: &Palette,
    s: f64,
) -> DrawResult<DB> {
    let px = |css: f64| (css * s).round() as i32;
    let font = |css: f64, bold: bool, color: RGBColor, h: HPos| {
        let st = if bold { FontStyle::Bold } else { FontStyle::Normal };
        FontDesc::new(FontFamily::SansSerif, css * s, st).color(&color).pos(Pos::new(h, VPos::Bottom))
    };
    root.fill(&pal.background)?;
    let (wall, back) = (params.wall, params.wall + params.thickness);
    let (w, pad, r) = (f64::from(WIDTH), 14.0, 8.0);
    let x_hi = 1.16 * back;
    let x0 = pad + 2.0 * r + 2.0;
    let sx = |x: f64| x0 + x.min(x_hi) / x_hi * (w - pad - x0);
    let (y_top, y_ruler) = (26.0, 126.0);
    let lanes = [64.0, 106.0];

    // The wall, hatched, its thickness above it.
    let (a, b) = (px(sx(wall)), px(sx(back)).max(px(sx(wall)) + px(2.0)));
    root.draw(&Rectangle::new([(a, px(y_top)), (b, px(y_ruler))], pal.wall_fill.filled()))?;
    let step = px(6.0).max(3);
    let (y0, y1) = (px(y_top), px(y_ruler));
    let mut k = a - (y1 - y0);
    while k < b {
        let (t0, t1) = ((a - k).max(0), (b - k).min(y1 - y0));
        if t0 < t1 {
            root.draw(&PathElement::new(
                vec![(k + t0, y1 - t0), (k + t1, y1 - t1)],
                pal.wall_hatch.stroke_width(1),
            ))?;
        }
        k += step;
    }
    root.draw(&Rectangle::new([(a, y0), (b, y1)], pal.wall_edge.stroke_width(1)))?;
    let wall_label = format!("{} {}", words(style.lang).wall, length_mm(style.lang, params.thickness));
    root.draw(&Text::new(
        wall_label,
        ((a + b) / 2, px(y_top - 6.0)),
        font(11.0, false, pal.muted, HPos::Center),
    ))?;

    // The ruler: 0 m and the front face.
    root.draw(&PathElement::new(vec![(px(sx(0.0)), y1), (px(w - pad), y1)], pal.axis.stroke_width(1)))?;
    for (x, text) in
        [(0.0, "0 m".to_string()), (wall, format!("{} m", number(style.lang, crate::format::shortest(wall))))]
    {
        root.draw(&PathElement::new(
            vec![(px(sx(x)), y1), (px(sx(x)), y1 + px(5.0))],
            pal.text.stroke_width(1),
        ))?;
        root.draw(&Text::new(text, (px(sx(x)), y1 + px(18.0)), font(11.0, false, pal.muted, HPos::Center)))?;
    }
    let mut steps = throws.impact.map(|s| s.to_string()).to_vec();
    steps.dedup();
    let impact = words(style.lang).impact.replace("{}", &steps.join("/"));
    root.draw(&Text::new(
        impact,
        (px(sx(0.0) + 40.0), y1 + px(18.0)),
        font(11.0, false, pal.x_tilde, HPos::Left),
    ))?;

    for (i, y) in lanes.into_iter().enumerate() {
        let (color, text_color) = pal.ball(i);
        let marker = BALLS[i].1;
        let lane_y = px(y + r + 3.5);
        root.draw(&PathElement::new(
            vec![(px(sx(0.0) - 2.0 * r), lane_y), (px(w - pad), lane_y)],
            pal.grid.stroke_width(1),
        ))?;
        // Behind the back face a marker's trailing edge is at x, clear of the wall.
        let at = |x: f64, rad: f64| px(sx(x) + if x > back { 2.0 * rad } else { 0.0 });
        let faint = color.mix(0.45).stroke_width(1);
        for &x in &throws.positions[i] {
            root.draw(&PathElement::new(outline(marker, (at(x, 3.5), px(y)), px(3.5)), faint))?;
        }
        let last = throws.positions[i].last().copied().unwrap_or(0.0);
        let ball = outline(marker, (at(last, r), px(y)), px(r));
        root.draw(&Polygon::new(ball.clone(), color.filled()))?;
        root.draw(&PathElement::new(ball, text_color.stroke_width(px(1.5) as u32)))?;
        let name = [words(style.lang).penalty, words(style.lang).ipc][i];
        let label =
            format!("{name}: {}", outcome_text(style.lang, throws.outcomes[i], throws.xmax_minus_wall[i]));
        root.draw(&Text::new(label, (px(pad), px(y - 12.0)), font(12.0, true, text_color, HPos::Left)))?;
    }
    Ok(())
}

/// The closed outline of `marker` of radius `r` with its leading (right) edge at `(x, y)`.
fn outline(marker: Marker, (x, y): (i32, i32), r: i32) -> Vec<(i32, i32)> {
    let mut pts: Vec<(i32, i32)> = match marker {
        Marker::Disc => (0..24)
            .map(|k| {
                let t = f64::from(k) * std::f64::consts::TAU / 24.0;
                (x - r + (f64::from(r) * t.cos()).round() as i32, y + (f64::from(r) * t.sin()).round() as i32)
            })
            .collect(),
        Marker::Diamond => vec![(x, y), (x - r, y - r), (x - 2 * r, y), (x - r, y + r)],
        Marker::Square => vec![(x, y - r), (x - 2 * r, y - r), (x - 2 * r, y + r), (x, y + r)],
        Marker::Triangle => vec![(x, y), (x - 2 * r, y - r), (x - 2 * r, y + r)],
    };
    pts.push(pts[0]);
    pts
}
