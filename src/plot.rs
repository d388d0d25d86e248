//! The energy plot: `E(x) = ½ M (x − x̃)² + h² C(x)` of each model around the wall, drawn
//! with plotters on any backend: the page's canvas (plotters-canvas), and natively the SVG
//! and bitmap backends of the static figure (`ipc-wall figure`). One code path for both.
//!
//! What is drawn, and where it comes from, is decided in [`crate::landscape`] (sampling,
//! y range, clipping), where it is tested natively; this module only lays it out. Every
//! length is in backing pixels, scaled by `dpr`: the canvas is never `ctx.scale`d. Nothing
//! here knows a model by name: each curve is a [`Layer`], drawn as its [`ModelStyle`] says;
//! colours and words are the caller's ([`Style`]).

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::integrator::{Iterate, Model};
use crate::landscape::{self, ClippedCurve};
use crate::params::Params;

type DrawResult<T, DB> = Result<T, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A model's marker shape, as the page draws it (www/energy.js `MODEL_MARKS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Disc,
    Diamond,
    Square,
    Triangle,
}

impl Marker {
    /// `"disc"`, `"diamond"`, `"square"` or `"triangle"`.
    pub fn from_name(name: &str) -> Option<Marker> {
        [Marker::Disc, Marker::Diamond, Marker::Square, Marker::Triangle]
            .into_iter()
            .find(|m| m.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Marker::Disc => "disc",
            Marker::Diamond => "diamond",
            Marker::Square => "square",
            Marker::Triangle => "triangle",
        }
    }

    /// Size relative to a disc of the same `r`, so that every shape covers about as much.
    fn scale(self) -> f64 {
        match self {
            Marker::Disc => 1.0,
            Marker::Diamond => 1.3,
            Marker::Square => 0.9,
            Marker::Triangle => 1.2,
        }
    }
}

/// How one model's marks look: handed over by the page (its CSS variables and words).
#[derive(Clone, Debug, PartialEq)]
pub struct ModelStyle {
    /// Curves and markers (graphical objects: at least 3:1 on the background).
    pub color: RGBColor,
    /// Words and numbers in the model's colour (text: at least 4.5:1, WCAG AA).
    pub text: RGBColor,
    pub marker: Marker,
    /// Dashed curve (drawn over the solid ones, so coinciding curves both show).
    pub dashed: bool,
    /// The legend's words.
    pub label: String,
}

/// The plot's words other than the models' labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Words {
    pub iterates: String,
    pub wall: String,
    pub x_axis: String,
    pub front_face_at: String,
    pub off_plot: String,
    /// The word before a step's number: "step".
    pub step: String,
}

/// Colours and words: the page's (www/style.css and www/i18n.js, read by www/energy.js), or
/// the static figure's defaults (src/figure.rs).
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    pub background: RGBColor,
    pub text: RGBColor,
    pub muted: RGBColor,
    pub grid: RGBColor,
    pub axis: RGBColor,
    pub wall_fill: RGBColor,
    pub wall_hatch: RGBColor,
    pub wall_edge: RGBColor,
    pub x_tilde: RGBColor,
    /// The barrier's activation zone d̂ and its label.
    pub dhat_fill: RGBAColor,
    pub dhat_text: RGBColor,
    /// Each model's look, by [`Model`] (the order of [`Model::ALL`]); `None`: not drawable.
    pub models: [Option<ModelStyle>; 4],
    pub words: Words,
    /// The decimal separator: `.` or `,`.
    pub decimal: char,
    /// The CSS font families of every word: the page's `--font` (www/style.css), so that the
    /// plot's words are in the page's typeface.
    pub font_family: String,
}

/// `css` as the font families of the plot's words, if it can be one: a CSS list on one line,
/// as a style sheet's `--font` gives it. A canvas ignores a font it cannot parse and would draw
/// the words at its default size.
pub fn font_family(css: &str) -> Option<String> {
    let css = css.trim();
    let odd = |c: char| c.is_control() || matches!(c, ';' | '{' | '}' | '\\');
    (!css.is_empty() && css.len() <= 256 && !css.contains(odd)).then(|| css.to_string())
}

impl Style {
    pub fn model(&self, model: Model) -> Option<&ModelStyle> {
        self.models[model as usize].as_ref()
    }

    fn number(&self, s: String) -> String {
        s.chars().map(|c| if c == '.' { self.decimal } else { c }).collect()
    }
}

/// One model's curve: its E for its own x̃, its minimizer, the Newton iterates of the step.
#[derive(Clone, Copy, Debug)]
pub struct Layer<'a> {
    pub model: Model,
    /// The predicted position x̃ this curve is for [m].
    pub x_tilde: f64,
    /// The recorded step it shows (1-based), if any (none for an x̃ the reader set).
    pub step: Option<usize>,
    /// Where the minimizer is marked: the step's result, or E's global minimizer.
    pub minimizer: f64,
    /// That step's Newton iterates (empty for none).
    pub iterates: &'a [Iterate],
}

/// The x window around the wall: from a little before the barrier's reach to a little behind
/// the back face, widened to include every x̃ shown when one is farther.
///
/// It widens by round lengths ([`landscape::nice_ceil`]): an x̃ that moves a little, from one
/// step of the throw to the next or with a slider, leaves the axes (and the plot's static
/// frame, drawn once per window) as they were, and they change a few times a decade.
pub fn window(params: &Params, x_tildes: &[f64]) -> (f64, f64) {
    let (wall, w, dhat) = (params.wall, params.thickness, params.dhat);
    let (b0, b1) = (wall - (1.5 * w).max(2.5 * dhat), wall + w + (2.0 * w).max(0.5 * dhat));
    let finite = x_tildes.iter().copied().filter(|x| x.is_finite());
    let lo = finite.clone().fold(b0, f64::min);
    let hi = finite.fold(b1, f64::max);
    // At least 8 % of the span as a margin beyond the farthest x̃.
    let x0 = if lo < b0 { b0 - landscape::nice_ceil(b0 - lo + 0.08 * (b1.max(hi) - lo)) } else { b0 };
    let x1 = if hi > b1 { b1 + landscape::nice_ceil(hi - b1 + 0.08 * (hi - b0.min(lo))) } else { b1 };
    (x0, x1)
}

/// Everything the plot shows: one curve per layer, each for its own x̃.
#[derive(Clone, Copy, Debug)]
pub struct EnergyPlot<'a> {
    pub params: &'a Params,
    /// The curves, topmost first (at least one).
    pub layers: &'a [Layer<'a>],
    /// The window `[x0, x1]` [m], `x0 < x1`.
    pub x0: f64,
    pub x1: f64,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
    pub style: &'a Style,
}

/// Where the data went: the plotting area in backing pixels, which maps `x0..x1` linearly
/// onto `left..right` (the page turns pointer positions into x̃ with it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotFrame {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    pub x0: f64,
    pub x1: f64,
}

/// The smallest canvas, in CSS pixels, that leaves the data a usable area.
pub const MIN_CSS_SIZE: (f64, f64) = (200.0, 160.0);

/// Whether a canvas of `width`×`height` backing pixels at `dpr` is at least [`MIN_CSS_SIZE`]
/// (give or take the rounding of the backing size).
pub fn fits(width: u32, height: u32, dpr: f64) -> bool {
    f64::from(width) + 1.0 >= MIN_CSS_SIZE.0 * dpr && f64::from(height) + 1.0 >= MIN_CSS_SIZE.1 * dpr
}

/// A rectangle in backing pixels, for keeping labels apart.
#[derive(Clone, Copy, Debug)]
struct Bbox {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Bbox {
    fn overlaps(&self, o: &Bbox) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn inside(&self, o: &Bbox) -> bool {
        self.x0 >= o.x0 && self.x1 <= o.x1 && self.y0 >= o.y0 && self.y1 <= o.y1
    }
}

/// Sizes in backing pixels.
struct Scale<'a> {
    s: f64,
    family: &'a str,
}

impl<'a> Scale<'a> {
    fn px(&self, css: f64) -> i32 {
        (css * self.s).round() as i32
    }

    fn stroke(&self, css: f64) -> u32 {
        (css * self.s).round().max(1.0) as u32
    }

    fn font(&self, css: f64, style: FontStyle) -> FontDesc<'a> {
        FontDesc::new(FontFamily::Name(self.family), css * self.s, style)
    }

    fn text(&self, css: f64, color: RGBColor, h: HPos, v: VPos) -> TextStyle<'a> {
        self.font(css, FontStyle::Normal).color(&color).pos(Pos::new(h, v))
    }

    /// An estimate of the width of `text` at `css` px: measuring through the DOM on every
    /// frame would cost a layout each time, and labels only need to be kept apart.
    fn text_width(&self, text: &str, css: f64) -> i32 {
        let chars = text.chars().filter(|c| !('\u{300}'..='\u{36f}').contains(c)).count();
        (chars as f64 * 0.58 * css * self.s).ceil() as i32
    }
}

/// Sets a canvas's own dash pattern in backing pixels (on, off, …; empty: solid).
pub type SetDash<'a> = dyn Fn(&[f64]) + 'a;

/// What the parts of the plot share once the axes are laid out.
struct Ctx<'a> {
    sc: &'a Scale<'a>,
    st: &'a Style,
    p: &'a Params,
    area: Bbox,
    cap: f64,
    x0: f64,
    x1: f64,
    /// Data `(x [m], E [J])` to backing pixels.
    to_px: &'a dyn Fn(f64, f64) -> (i32, i32),
    dash: Option<&'a SetDash<'a>>,
}

impl Ctx<'_> {
    fn in_window(&self, x: f64) -> bool {
        x >= self.x0 && x <= self.x1
    }

    fn xp(&self, x: f64) -> i32 {
        (self.to_px)(x, 0.0).0
    }
}

/// Layer indices grouped by the x̃ they are drawn for (bit for bit), in layer order.
fn x_tilde_groups(layers: &[Layer]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, l) in layers.iter().enumerate() {
        match groups.iter_mut().find(|g| layers[g[0]].x_tilde.to_bits() == l.x_tilde.to_bits()) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups
}

/// Height of one row of x̃ labels above the plot, in CSS px.
const X_TILDE_ROW: f64 = 17.0;
/// Height of the x axis's tick labels and title, in CSS px.
const X_LABEL_AREA: f64 = 40.0;
/// The smallest plot, either way, in CSS px.
const MIN_PLOT: f64 = 30.0;

/// The room above the plot for `n_groups` rows of x̃ labels, in backing pixels.
fn x_tilde_strip(sc: &Scale, n_groups: usize) -> i32 {
    sc.px(20.0 + X_TILDE_ROW * (n_groups as f64 - 1.0))
}

/// The height the body below the legend needs: the x̃ labels, the smallest plot, the x axis.
fn body_min_height(sc: &Scale, n_groups: usize) -> i32 {
    x_tilde_strip(sc, n_groups) + sc.px(X_LABEL_AREA) + sc.px(MIN_PLOT)
}

/// Draws the plot on `root` (the whole canvas) and returns where the data went.
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &EnergyPlot,
) -> DrawResult<PlotFrame, DB> {
    let layout = Layout::of(root.dim_in_pixel(), plot).ok_or(DrawingAreaErrorKind::LayoutError)?;
    draw_frame(root, plot, &layout)?;
    draw_content(root, plot, &layout, None)
}

/// How the plot is laid out on a canvas: the header's legend and the axes. Everything drawn
/// from it alone is the plot's static frame ([`draw_frame`]); the page keeps that frame in a
/// canvas of its own while its [`FrameKey`] stays the same, and draws only the content over it.
pub struct Layout<'a> {
    sc: Scale<'a>,
    looks: Vec<&'a ModelStyle>,
    groups: Vec<Vec<usize>>,
    legend: Vec<(Swatch<'a>, &'a str)>,
    rows: Vec<Vec<usize>>,
    header_h: i32,
    y: YAxis,
    key: FrameKey,
}

/// Everything the static frame is drawn from: equal keys, equal frames.
#[derive(Clone, Debug, PartialEq)]
pub struct FrameKey {
    dims: (u32, u32),
    dpr: f64,
    cap: f64,
    window: (f64, f64),
    wall: f64,
    thickness: f64,
    models: Vec<Model>,
    n_groups: usize,
    style: Style,
}

const LEGEND_PAD: f64 = 8.0;
const LEGEND_ROW: f64 = 20.0;
const LEGEND_LEFT: f64 = 12.0;

impl<'a> Layout<'a> {
    /// The layout of `plot` on a canvas of `dims` backing pixels; none when the canvas is too
    /// small for it (or a layer's model has no look).
    pub fn of(dims: (u32, u32), plot: &EnergyPlot<'a>) -> Option<Self> {
        let (st, sc) = (plot.style, Scale { s: plot.dpr, family: &plot.style.font_family });
        let looks: Option<Vec<&ModelStyle>> = plot.layers.iter().map(|l| st.model(l.model)).collect();
        let looks = looks.filter(|l| !l.is_empty() && fits(dims.0, dims.1, plot.dpr))?;
        let (pad, row_h) = (sc.px(LEGEND_PAD), sc.px(LEGEND_ROW));
        let groups = x_tilde_groups(plot.layers);
        // The legend's rows leave the plot the height it needs under its x̃ labels.
        let max_rows = (dims.1 as i32 - pad / 2 - body_min_height(&sc, groups.len())) / row_h;
        let max_w = dims.0 as i32 - sc.px(LEGEND_LEFT) - pad;
        let (legend, rows) = fitted_legend(&sc, plot.layers, &looks, st, max_w, max_rows);
        let header_h = pad / 2 + rows.len() as i32 * row_h;
        let y = YAxis::of(plot, &groups);
        let key = FrameKey {
            dims,
            dpr: plot.dpr,
            cap: y.cap,
            window: (plot.x0, plot.x1),
            wall: plot.params.wall,
            thickness: plot.params.thickness,
            models: plot.layers.iter().map(|l| l.model).collect(),
            n_groups: groups.len(),
            style: st.clone(),
        };
        Some(Layout { sc, looks, groups, legend, rows, header_h, y, key })
    }

    /// What the static frame is drawn from.
    pub fn key(&self) -> &FrameKey {
        &self.key
    }
}

/// The static frame: the background, the axes with their grid and labels, the wall's hatched
/// body and the legend.
pub fn draw_frame<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &EnergyPlot,
    layout: &Layout,
) -> DrawResult<(), DB> {
    let (l, st) = (layout, plot.style);
    root.fill(&st.background)?;
    let (header, body) = root.split_vertically(l.header_h);
    let chart = chart_on(&body, plot, &l.sc, &l.y, l.groups.len())?;
    let (_, rows) = chart.plotting_area().get_pixel_range();
    let wall = wall_columns(plot.params, plot.x0, plot.x1, |x| {
        chart.backend_coord(&((x - plot.params.wall) * 1e3, 0.0)).0
    });
    draw_mesh(chart, plot, &l.sc, &l.y)?;
    if let Some((a, b)) = wall {
        root.draw(&Rectangle::new([(a, rows.start), (b, rows.end)], st.wall_fill.filled()))?;
        hatch(root, &l.sc, st.wall_hatch, a, b, rows.start, rows.end)?;
    }
    let place = (l.sc.px(LEGEND_LEFT), l.sc.px(LEGEND_PAD), l.sc.px(LEGEND_ROW));
    draw_legend(&header, &l.sc, plot.style, &l.legend, &l.rows, place)
}

/// The content over the frame: d̂, the wall's faces and label, the curves, x̃, the minimizers
/// and the iterates. `dash` sets the canvas's own dash pattern (None: plotters' dashes, a
/// polyline each, as SVG needs). Returns where the data went.
pub fn draw_content<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &EnergyPlot,
    layout: &Layout,
    dash: Option<&SetDash<'_>>,
) -> DrawResult<PlotFrame, DB> {
    let (l, p) = (layout, plot.params);
    let (_, body) = root.split_vertically(l.header_h);
    let chart = chart_on(&body, plot, &l.sc, &l.y, l.groups.len())?;
    let (px_range, py_range) = chart.plotting_area().get_pixel_range();
    let area = Bbox { x0: px_range.start, y0: py_range.start, x1: px_range.end, y1: py_range.end };
    let to_px = |x: f64, e: f64| chart.backend_coord(&((x - p.wall) * 1e3, e / l.y.unit));
    let (sc, st, cap) = (&l.sc, plot.style, l.y.cap);
    let ctx = Ctx { sc, st, p, area, cap, x0: plot.x0, x1: plot.x1, to_px: &to_px, dash };
    draw_data(root, &ctx, plot.layers, &l.looks, &l.groups)?;
    Ok(PlotFrame {
        left: f64::from(area.x0),
        right: f64::from(area.x1),
        top: f64::from(area.y0),
        bottom: f64::from(area.y1),
        x0: plot.x0,
        x1: plot.x1,
    })
}

/// The energy axis: the highest energy shown (`cap`, J) and the prefixed joule it is read in.
struct YAxis {
    cap: f64,
    unit: f64,
    unit_name: &'static str,
}

impl YAxis {
    /// The cap of the x̃ groups' curves in the window.
    fn of(plot: &EnergyPlot, groups: &[Vec<usize>]) -> YAxis {
        let cap = groups
            .iter()
            .map(|g| landscape::energy_cap(plot.params, plot.layers[g[0]].x_tilde, plot.x0, plot.x1))
            .fold(0.0, f64::max);
        let (unit, unit_name) = energy_unit(cap);
        YAxis { cap, unit, unit_name }
    }
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The chart in `body`, with room above the plot for a row of x̃ labels per x̃ group. Data
/// coordinates: u = x − wall in mm (round ticks), E in `y`'s unit. Lays out; draws nothing.
fn chart_on<'a, DB: DrawingBackend>(
    body: &'a DrawingArea<DB, Shift>,
    plot: &EnergyPlot,
    sc: &Scale,
    y: &YAxis,
    n_groups: usize,
) -> DrawResult<Chart<'a, DB>, DB> {
    let (u0, u1) = u_range(plot);
    let y_top = y.cap / y.unit;
    let y_bottom = -0.04 * y_top; // minima at E = 0 stay clear of the axis
    let (label_w, label_h) = (sc.px(50.0), sc.px(X_LABEL_AREA));
    let (margin_l, margin_r) = (sc.px(4.0), sc.px(14.0));
    let (width, body_h) = body.dim_in_pixel();
    if (body_h as i32) < body_min_height(sc, n_groups)
        || width as i32 - label_w - margin_l - margin_r < sc.px(MIN_PLOT)
    {
        return Err(DrawingAreaErrorKind::LayoutError);
    }
    ChartBuilder::on(body)
        .margin_top(x_tilde_strip(sc, n_groups))
        .margin_right(margin_r)
        .margin_left(margin_l)
        .x_label_area_size(label_h)
        .y_label_area_size(label_w)
        .build_cartesian_2d(u0..u1, y_bottom..y_top)
}

/// The window in u = x − wall [mm], widened by a rounding error, so that a tick at an end
/// (60 mm from 0.563 − 0.503) shows; a billionth of the width moves no pixel.
fn u_range(plot: &EnergyPlot) -> (f64, f64) {
    let to_u = |x: f64| (x - plot.params.wall) * 1e3;
    let slack = 1e-9 * (to_u(plot.x1) - to_u(plot.x0));
    (to_u(plot.x0) - slack, to_u(plot.x1) + slack)
}

/// The axes, grid and their labels.
fn draw_mesh<DB: DrawingBackend>(
    mut chart: Chart<DB>,
    plot: &EnergyPlot,
    sc: &Scale,
    y: &YAxis,
) -> DrawResult<(), DB> {
    let (p, st) = (plot.params, plot.style);
    let (u0, u1) = u_range(plot);
    let (px_range, _) = chart.plotting_area().get_pixel_range();
    let plot_w = (px_range.end - px_range.start).max(1);
    let n_x_labels = ((f64::from(plot_w) / (45.0 * sc.s)) as usize).clamp(4, 14);
    let x_decimals = decimals_for((u1 - u0) / n_x_labels as f64);
    let y_decimals = decimals_for(y.cap / y.unit / 6.0);
    let fmt_x = |u: &f64| st.number(signed(*u, x_decimals));
    let fmt_y = |v: &f64| st.number(signed(*v, y_decimals));
    let w = &st.words;
    let x_desc = format!("{}   ({} {} m)", w.x_axis, w.front_face_at, st.number(trim_m(p.wall)));
    let y_desc = format!("E(x) [{}]", y.unit_name);
    chart
        .configure_mesh()
        .x_labels(n_x_labels)
        .y_labels(6)
        .x_label_formatter(&fmt_x)
        .y_label_formatter(&fmt_y)
        .label_style(sc.text(11.0, st.muted, HPos::Center, VPos::Center))
        .axis_desc_style(sc.text(12.0, st.text, HPos::Center, VPos::Center))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .bold_line_style(st.grid.stroke_width(sc.stroke(1.0)))
        .light_line_style(TRANSPARENT)
        .axis_style(st.axis.stroke_width(sc.stroke(1.0)))
        .set_all_tick_mark_size(sc.px(4.0))
        .draw()
}

/// Everything inside the axes: the wall, the curves, the x̃ lines, the minimizers and the
/// iterates. Fixed labels are placed first, so the iterates' numbers keep clear of them, and
/// drawn last, over the curves.
fn draw_data<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    layers: &[Layer],
    looks: &[&ModelStyle],
    groups: &[Vec<usize>],
) -> DrawResult<(), DB> {
    let x_tilde_px: Vec<i32> = groups
        .iter()
        .map(|g| layers[g[0]].x_tilde)
        .filter(|&x| ctx.in_window(x))
        .map(|x| ctx.xp(x))
        .collect();
    let mut labels = draw_wall(root, ctx, &x_tilde_px)?;
    labels.extend(draw_curves(root, ctx, layers, looks)?);
    let mut taken: Vec<Bbox> = labels.iter().map(|l| l.bbox(ctx.sc)).collect();
    let x_labels: Vec<XLabel> = groups.iter().map(|g| x_tilde_label(ctx, layers, g)).collect();
    let x_rows = x_tilde_rows(ctx, &x_labels);
    for (label, &row) in x_labels.iter().zip(&x_rows) {
        draw_x_tilde_line(root, ctx, label, row)?;
    }
    for (label, &row) in x_labels.iter().zip(&x_rows) {
        draw_x_tilde_text(root, ctx, looks, label, row, &mut taken)?;
    }
    let marked = draw_minimizers(root, ctx, layers, looks, &mut taken)?;
    // Newton iterates of each layer's step, numbered as the status counts them (1 = start);
    // the first layer's on top.
    for (i, layer) in layers.iter().enumerate().rev() {
        let it = IterateCtx { ctx, look: looks[i], above_first: i % 2 == 0, min_at: marked[i] };
        draw_iterates(root, &it, layer.iterates, &mut taken)?;
    }
    for l in &labels {
        l.draw(root, ctx.sc)?;
    }
    Ok(())
}

/// Each model's minimizer, in the page's shapes, the first layer's smallest and on top so
/// that all show where they coincide (x̃ out of contact); ringed in the text colour, unlike
/// the iterates. Returns where each was marked (none: off the plot).
fn draw_minimizers<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    layers: &[Layer],
    looks: &[&ModelStyle],
    taken: &mut Vec<Bbox>,
) -> DrawResult<Vec<Option<(i32, i32)>>, DB> {
    let mut marked: Vec<Option<(i32, i32)>> = vec![None; layers.len()];
    for (i, layer) in layers.iter().enumerate().rev() {
        let em = landscape::energy(ctx.p, layer.model, layer.minimizer, layer.x_tilde);
        if ctx.in_window(layer.minimizer) && em <= ctx.cap {
            let r = ctx.sc.px(minimizer_radius(i));
            let c = (ctx.to_px)(layer.minimizer, em);
            marker(root, ctx.sc, looks[i].marker, c, r, looks[i].color, ctx.st.text)?;
            taken.push(Bbox { x0: c.0 - r, y0: c.1 - r, x1: c.0 + r, y1: c.1 + r });
            marked[i] = Some(c);
        }
    }
    Ok(marked)
}

/// The minimizer marker of layer `i`, in CSS px: each larger than the one drawn over it.
fn minimizer_radius(i: usize) -> f64 {
    [4.5, 10.0, 12.5, 15.0][i.min(3)]
}

/// The barrier's activation zone d̂ in front of the wall, then the wall's faces (its hatched
/// body is the frame's). Returns the wall's label, placed clear of the x̃ lines at `x_tilde_px`.
fn draw_wall<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    x_tilde_px: &[i32],
) -> DrawResult<Vec<Label>, DB> {
    let (sc, st, p, area) = (ctx.sc, ctx.st, ctx.p, ctx.area);
    let (wall, back) = (p.wall, p.wall + p.thickness);
    let mut labels = Vec::new();
    let (dx0, dx1) = ((wall - p.dhat).max(ctx.x0), wall.min(ctx.x1));
    if dx0 < dx1 {
        let (a, b) = (ctx.xp(dx0), ctx.xp(dx1));
        root.draw(&Rectangle::new([(a, area.y0), (b, area.y1)], st.dhat_fill.filled()))?;
        let w = sc.text_width("d̂", 11.0);
        if b - a >= w + sc.px(4.0) {
            root.draw(&Text::new(
                "d̂",
                ((a + b) / 2, area.y1 - sc.px(3.0)),
                sc.text(11.0, st.dhat_text, HPos::Center, VPos::Bottom),
            ))?;
        }
    }
    let Some((a, b)) = wall_columns(p, ctx.x0, ctx.x1, |x| ctx.xp(x)) else {
        return Ok(labels);
    };
    for x in [wall, back].into_iter().filter(|&x| ctx.in_window(x)) {
        let xp = ctx.xp(x);
        root.draw(&PathElement::new(
            vec![(xp, area.y0), (xp, area.y1)],
            st.wall_edge.stroke_width(sc.stroke(1.0)),
        ))?;
    }
    let text = st.words.wall.as_str();
    let w = sc.text_width(text, 11.0);
    if b - a >= w + sc.px(8.0) {
        // At the bottom: the IPC curve never enters the wall and the penalty curve is above
        // zero inside it. Centred, or against a face, wherever no x̃ line runs through it.
        let y = area.y1 - sc.px(4.0);
        let m = sc.px(4.0);
        let spots = [((a + b) / 2, HPos::Center), (a + m, HPos::Left), (b - m, HPos::Right)];
        let label =
            |(x, h)| Label::new(text, (x, y), 11.0, st.muted).anchor(h, VPos::Bottom).boxed(st.wall_fill);
        let clear = |l: &Label| {
            let bb = l.bbox(sc);
            !x_tilde_px.iter().any(|&x| x >= bb.x0 - sc.px(4.0) && x <= bb.x1 + sc.px(4.0))
        };
        let first = label(spots[0]);
        labels.push(spots.into_iter().map(label).find(clear).unwrap_or(first));
    }
    Ok(labels)
}

/// The wall's columns in backing pixels (`xp`: x [m] to a column), clipped to the window
/// [x0, x1]; none when the wall is outside it.
fn wall_columns(p: &Params, x0: f64, x1: f64, xp: impl Fn(f64) -> i32) -> Option<(i32, i32)> {
    let (wx0, wx1) = (p.wall.max(x0), (p.wall + p.thickness).min(x1));
    (wx0 < wx1).then(|| (xp(wx0), xp(wx1)))
}

/// A dashed polyline: one path the canvas dashes itself where it can (`ctx.dash`: one stroke,
/// not one per dash), else plotters' polyline per dash.
fn dashed<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    points: Vec<(i32, i32)>,
    (on, off): (i32, i32),
    style: ShapeStyle,
) -> DrawResult<(), DB> {
    let Some(set_dash) = ctx.dash else {
        return root.draw(&DashedPathElement::new(points, on, off, style));
    };
    set_dash(&[f64::from(on), f64::from(off)]);
    let drawn = root.draw(&PathElement::new(points, style));
    set_dash(&[]);
    drawn
}

/// Each layer's curve, sampled about once per CSS pixel with the extra points near the
/// faces: solid ones under dashed ones, the first layer on top. Returns the labels of where
/// a curve is infinite (∞) or cut at the top (its peak's height).
fn draw_curves<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    layers: &[Layer],
    looks: &[&ModelStyle],
) -> DrawResult<Vec<Label>, DB> {
    let (sc, st, p, area) = (ctx.sc, ctx.st, ctx.p, ctx.area);
    let mut extra: Vec<f64> = layers.iter().flat_map(|l| [l.x_tilde, l.minimizer]).collect();
    extra.extend(layers.iter().flat_map(|l| l.iterates.iter().map(|it| it.x)));
    // Behind the back face too, as plot_grid does in front of the front face: a barrier of
    // the unsigned distance has its second bump there.
    let back = p.wall + p.thickness;
    extra.extend((0..=120).map(|k| back + 4.0 * p.dhat * 10f64.powf(-f64::from(k) / 12.0)));
    let n = ((f64::from(area.x1 - area.x0) / sc.s) as usize).clamp(200, 2000);
    let xs = landscape::plot_grid(p, ctx.x0, ctx.x1, n, &extra);
    let samples: Vec<Vec<(f64, f64)>> = layers
        .iter()
        .map(|l| xs.iter().map(|&x| (x, landscape::energy(p, l.model, x, l.x_tilde))).collect())
        .collect();
    let curves: Vec<ClippedCurve> = samples.iter().map(|s| landscape::clip(s, ctx.cap)).collect();
    let solid_then_dashed = [false, true]
        .into_iter()
        .flat_map(|d| (0..layers.len()).rev().filter(move |&i| looks[i].dashed == d));
    for i in solid_then_dashed {
        let look = looks[i];
        for seg in &curves[i].segments {
            let mut seg: Vec<(i32, i32)> = seg.iter().map(|&(x, e)| (ctx.to_px)(x, e)).collect();
            // The extra samples near the faces often fall on one pixel: one point each.
            seg.dedup();
            if look.dashed {
                let style = look.color.stroke_width(sc.stroke(2.0));
                dashed(root, ctx, seg, (sc.px(7.0), sc.px(4.0)), style)?;
            } else {
                root.draw(&PathElement::new(seg, look.color.stroke_width(sc.stroke(2.5))))?;
            }
        }
    }

    let mut labels: Vec<Label> = Vec::new();
    let mut infinite_seen: Vec<i32> = Vec::new();
    let mut peaks = 0;
    for (i, layer) in layers.iter().enumerate() {
        for &x in curves[i].infinite_at.iter().filter(|&&x| ctx.in_window(x)) {
            let xp = ctx.xp(x);
            if infinite_seen.contains(&xp) {
                continue;
            }
            infinite_seen.push(xp);
            labels.push(infinity_label(ctx, layer, looks[i], x));
        }
        // A finite curve cut at the top inside the wall (the penalty bump of a stiff wall):
        // its height.
        let inside = |x: f64| x >= p.wall && x <= p.wall + p.thickness && ctx.in_window(x);
        let top = samples[i].iter().copied().filter(|&(x, e)| e.is_finite() && inside(x));
        let (xp, peak) = top.fold((0.0, f64::NEG_INFINITY), |a, b| if b.1 > a.1 { b } else { a });
        if peak > ctx.cap && curves[i].infinite_at.is_empty() {
            let (pu, pu_name) = energy_unit(peak);
            let text = format!("↑ {} {pu_name}", st.number(format_sig(peak / pu)));
            if labels.iter().any(|l| l.text == text) {
                continue;
            }
            let w = sc.text_width(&text, 11.0);
            let x = ctx.xp(xp).clamp(area.x0 + w / 2, area.x1 - w / 2);
            let y = area.y0 + sc.px(24.0 + 16.0 * f64::from(peaks));
            peaks += 1;
            labels.push(
                Label::new(&text, (x, y), 11.0, looks[i].text)
                    .anchor(HPos::Center, VPos::Top)
                    .boxed(st.wall_fill),
            );
        }
    }
    Ok(labels)
}

/// "∞" where `layer`'s curve becomes infinite at `x`: on the infinite side (inside the wall)
/// if there is room in the window, else on the finite side.
fn infinity_label(ctx: &Ctx, layer: &Layer, look: &ModelStyle, x: f64) -> Label {
    let (sc, st) = (ctx.sc, ctx.st);
    let eps = 1e-6 * (ctx.x1 - ctx.x0);
    let right_infinite = landscape::energy(ctx.p, layer.model, x + eps, layer.x_tilde) == f64::INFINITY;
    let xp = ctx.xp(x);
    let y = ctx.area.y0 + sc.px(2.0);
    let room = sc.px(22.0);
    let label = Label::new("∞", (xp, y), 18.0, look.text).bold();
    let inside_fits = if right_infinite { xp + room <= ctx.area.x1 } else { xp - room >= ctx.area.x0 };
    match (right_infinite, inside_fits) {
        (true, true) => label.at((xp + sc.px(4.0), y)).anchor(HPos::Left, VPos::Top).boxed(st.wall_fill),
        (false, true) => label.at((xp - sc.px(4.0), y)).anchor(HPos::Right, VPos::Top).boxed(st.wall_fill),
        (true, false) => label.at((xp - sc.px(4.0), y)).anchor(HPos::Right, VPos::Top).boxed(st.background),
        (false, false) => label.at((xp + sc.px(4.0), y)).anchor(HPos::Left, VPos::Top).boxed(st.background),
    }
}

/// The label of one x̃ above the plot, laid out along x (its row comes later).
struct XLabel<'g> {
    group: &'g [usize],
    x_tilde: f64,
    text: String,
    /// Where the markers start, and whether the text runs right from there.
    start: i32,
    right: bool,
    /// Width of the markers and of the whole label.
    marks_w: i32,
    w: i32,
}

impl XLabel<'_> {
    fn span(&self) -> (i32, i32) {
        if self.right {
            (self.start, self.start + self.w)
        } else {
            (self.start - self.w, self.start)
        }
    }
}

/// "step n · x̃ = … m" of the layers `group`, to the right of its line if it fits, else to
/// its left; past the window's edge, beside an arrow there.
fn x_tilde_label<'g>(ctx: &Ctx, layers: &[Layer], group: &'g [usize]) -> XLabel<'g> {
    let (sc, st, area) = (ctx.sc, ctx.st, ctx.area);
    let x_tilde = layers[group[0]].x_tilde;
    let mut steps: Vec<usize> = Vec::new();
    for s in group.iter().filter_map(|&i| layers[i].step) {
        if !steps.contains(&s) {
            steps.push(s);
        }
    }
    let value = format!("x̃ = {} m", st.number(format_x(x_tilde, ctx.x1 - ctx.x0)));
    let mut text = match &steps[..] {
        [] => value,
        s => {
            let mut out = st.words.step.clone();
            for (k, n) in s.iter().enumerate() {
                out.push(if k == 0 { ' ' } else { '/' });
                out.push_str(&n.to_string());
            }
            format!("{out} · {value}")
        }
    };
    let tri = sc.px(6.0);
    let marks_w = group.len() as i32 * sc.px(12.0);
    let (start, right) = if ctx.in_window(x_tilde) {
        let xp = ctx.xp(x_tilde);
        let w = marks_w + sc.text_width(&text, 12.0);
        let right = xp + tri + sc.px(4.0) + w <= area.x1 + sc.px(10.0);
        (if right { xp + tri + sc.px(3.0) } else { xp - tri - sc.px(3.0) }, right)
    } else {
        text = format!("{text}, {}", st.words.off_plot);
        let left = x_tilde < ctx.x0;
        (if left { area.x0 + tri * 2 + sc.px(4.0) } else { area.x1 - tri * 2 - sc.px(4.0) }, left)
    };
    let w = marks_w + sc.text_width(&text, 12.0);
    XLabel { group, x_tilde, text, start, right, marks_w, w }
}

/// The labels' rows upwards from the plot: a label whose text crosses fewer of the other x̃
/// lines sits lower, so that the lines it crosses (which end at their own rows) stop below it.
fn x_tilde_rows(ctx: &Ctx, labels: &[XLabel]) -> Vec<usize> {
    let crossed = |l: &XLabel| {
        let (a, b) = l.span();
        let lines =
            labels.iter().filter(|o| o.x_tilde.to_bits() != l.x_tilde.to_bits() && ctx.in_window(o.x_tilde));
        lines.filter(|o| (a..=b).contains(&ctx.xp(o.x_tilde))).count()
    };
    let counts: Vec<usize> = labels.iter().map(crossed).collect();
    let mut order: Vec<usize> = Vec::with_capacity(labels.len());
    for n in 0..=labels.len() {
        order.extend((0..labels.len()).filter(|&i| counts[i] == n));
    }
    let mut rows = vec![0; labels.len()];
    for (row, &i) in order.iter().enumerate() {
        rows[i] = row;
    }
    rows
}

/// The x̃ of `label` with its handle on row `row` above the plot: a dashed line, or an arrow
/// at the edge it is past.
fn draw_x_tilde_line<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    label: &XLabel,
    row: usize,
) -> DrawResult<(), DB> {
    let (sc, st, area) = (ctx.sc, ctx.st, ctx.area);
    let handle_y = area.y0 - sc.px(2.0 + X_TILDE_ROW * row as f64);
    let tri = sc.px(6.0);
    let cy = handle_y - tri / 2 - sc.px(1.0);
    if ctx.in_window(label.x_tilde) {
        let xp = ctx.xp(label.x_tilde);
        let style = st.x_tilde.stroke_width(sc.stroke(1.5));
        dashed(root, ctx, vec![(xp, handle_y), (xp, area.y1)], (sc.px(6.0), sc.px(4.0)), style)?;
        root.draw(&Polygon::new(
            vec![(xp - tri, handle_y - tri), (xp + tri, handle_y - tri), (xp, handle_y)],
            st.x_tilde.filled(),
        ))?;
    } else {
        let left = label.x_tilde < ctx.x0;
        let (tip, base) = if left { (area.x0, area.x0 + tri * 2) } else { (area.x1, area.x1 - tri * 2) };
        root.draw(&Polygon::new(vec![(tip, cy), (base, cy - tri), (base, cy + tri)], st.x_tilde.filled()))?;
    }
    Ok(())
}

/// The markers and text of `label` on row `row`, on a plate of the background so that
/// another x̃ line running behind it does not cross its words.
fn draw_x_tilde_text<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &Ctx,
    looks: &[&ModelStyle],
    label: &XLabel,
    row: usize,
    taken: &mut Vec<Bbox>,
) -> DrawResult<(), DB> {
    let (sc, st) = (ctx.sc, ctx.st);
    let cy = ctx.area.y0 - sc.px(2.0 + X_TILDE_ROW * row as f64) - sc.px(6.0) / 2 - sc.px(1.0);
    let (x0, x1) = label.span();
    let plate = [(x0 - sc.px(1.0), cy - sc.px(7.0)), (x1 + sc.px(1.0), cy + sc.px(7.0))];
    root.draw(&Rectangle::new(plate, st.background.filled()))?;
    let dir = if label.right { 1 } else { -1 };
    for (k, &i) in label.group.iter().enumerate() {
        let c = (label.start + dir * (sc.px(4.5) + k as i32 * sc.px(12.0)), cy);
        marker(root, sc, looks[i].marker, c, sc.px(4.5 * looks[i].marker.scale()), looks[i].color, st.text)?;
    }
    let tx = label.start + dir * label.marks_w;
    let h = if label.right { HPos::Left } else { HPos::Right };
    root.draw(&Text::new(label.text.as_str(), (tx, cy), sc.text(12.0, st.x_tilde, h, VPos::Center)))?;
    taken.push(Bbox { x0, y0: cy - sc.px(8.0), x1, y1: cy + sc.px(8.0) });
    Ok(())
}

/// A text placed by anchor, optionally on a box of the background it sits on.
struct Label {
    text: String,
    at: (i32, i32),
    css: f64,
    color: RGBColor,
    bold: bool,
    h: HPos,
    v: VPos,
    fill: Option<RGBColor>,
}

impl Label {
    fn new(text: &str, at: (i32, i32), css: f64, color: RGBColor) -> Self {
        Label { text: text.to_string(), at, css, color, bold: false, h: HPos::Left, v: VPos::Top, fill: None }
    }

    fn bold(self) -> Self {
        Label { bold: true, ..self }
    }

    fn at(self, at: (i32, i32)) -> Self {
        Label { at, ..self }
    }

    fn anchor(self, h: HPos, v: VPos) -> Self {
        Label { h, v, ..self }
    }

    fn boxed(self, fill: RGBColor) -> Self {
        Label { fill: Some(fill), ..self }
    }

    fn bbox(&self, sc: &Scale) -> Bbox {
        let w = sc.text_width(&self.text, self.css);
        let h = (self.css * 1.15 * sc.s).round() as i32;
        let x0 = match self.h {
            HPos::Left => self.at.0,
            HPos::Center => self.at.0 - w / 2,
            HPos::Right => self.at.0 - w,
        };
        let y0 = match self.v {
            VPos::Top => self.at.1,
            VPos::Center => self.at.1 - h / 2,
            VPos::Bottom => self.at.1 - h,
        };
        Bbox { x0, y0, x1: x0 + w, y1: y0 + h }
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, sc: &Scale) -> DrawResult<(), DB> {
        if let Some(fill) = self.fill {
            let b = self.bbox(sc);
            let m = sc.px(2.0);
            root.draw(&Rectangle::new([(b.x0 - m, b.y0 - m / 2), (b.x1 + m, b.y1 + m / 2)], fill.filled()))?;
        }
        let style = if self.bold { FontStyle::Bold } else { FontStyle::Normal };
        let font = sc.font(self.css, style).color(&self.color).pos(Pos::new(self.h, self.v));
        root.draw(&Text::new(self.text.as_str(), self.at, font))
    }
}

/// What [`draw_iterates`] needs from the plot.
struct IterateCtx<'a> {
    ctx: &'a Ctx<'a>,
    look: &'a ModelStyle,
    /// Labels prefer above the dots (else below), alternating by layer, so coinciding dots
    /// stay legible.
    above_first: bool,
    /// Where the model's minimizer is marked: an iterate there is the marker itself.
    min_at: Option<(i32, i32)>,
}

fn draw_iterates<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    it: &IterateCtx,
    iterates: &[Iterate],
    taken: &mut Vec<Bbox>,
) -> DrawResult<(), DB> {
    let IterateCtx { ctx, look, above_first, min_at } = *it;
    let (sc, st, area, cap) = (ctx.sc, ctx.st, &ctx.area, ctx.cap);
    let c = look.color;
    let r = sc.px(3.5 * look.marker.scale()).max(2);
    // (number, pixel, cut at the top)
    let dots: Vec<(usize, (i32, i32), bool)> = iterates
        .iter()
        .enumerate()
        .filter(|(_, it)| it.x.is_finite() && !it.energy.is_nan())
        .map(|(i, it)| (i + 1, (ctx.to_px)(it.x, it.energy.min(cap)), it.energy > cap))
        .filter(|(_, (x, _), _)| *x >= area.x0 - r && *x <= area.x1 + r)
        .collect();
    let on_marker =
        |(x, y): (i32, i32)| min_at.is_some_and(|(mx, my)| (x - mx).abs() <= r && (y - my).abs() <= r);
    for &(_, pt, cut) in dots.iter().filter(|d| !on_marker(d.1)) {
        // Above the cap: drawn hollow at the top edge.
        let fill = if cut { st.background } else { c };
        marker(root, sc, look.marker, pt, r, fill, if cut { c } else { st.background })?;
    }
    // Iterates that land on the same spot (IPC's, crowding the face) share one label.
    let near = sc.px(5.0);
    let mut groups: Vec<(usize, usize, (i32, i32))> = Vec::new();
    for &(k, pt, _) in &dots {
        match groups.last_mut() {
            Some(g) if (pt.0 - g.2 .0).abs() <= near && (pt.1 - g.2 .1).abs() <= near => g.1 = k,
            _ => groups.push((k, k, pt)),
        }
    }
    let font = 10.5;
    let h = sc.px(13.0);
    for (a, b, (x, y)) in groups {
        let label = if a == b { a.to_string() } else { format!("{a}–{b}") };
        let w = sc.text_width(&label, font);
        // The farther ring clears a minimizer's marker.
        let mut candidates = Vec::with_capacity(12);
        for gap in [r + sc.px(2.0), sc.px(11.0)] {
            let above = (x - w / 2, y - gap - h);
            let below = (x - w / 2, y + gap);
            let left = (x - gap - w, y - h / 2);
            let right = (x + gap, y - h / 2);
            let up_left = (x - gap - w, y - gap - h);
            let down_left = (x - gap - w, y + gap);
            candidates.extend(if above_first {
                [above, up_left, right, left, below, down_left]
            } else {
                [below, down_left, left, right, above, up_left]
            });
        }
        let spot = candidates.into_iter().map(|(x0, y0)| Bbox { x0, y0, x1: x0 + w, y1: y0 + h });
        let mut spot = spot.filter(|bb| bb.inside(area) && !taken.iter().any(|t| t.overlaps(bb)));
        if let Some(bb) = spot.next() {
            // A halo, so numbers read across the lines they sit on.
            let m = sc.px(1.0);
            root.draw(&Rectangle::new(
                [(bb.x0 - m, bb.y0), (bb.x1 + m, bb.y1)],
                st.background.mix(0.8).filled(),
            ))?;
            root.draw(&Text::new(
                label,
                (bb.x0, bb.y0),
                sc.font(font, FontStyle::Bold).color(&look.text).pos(Pos::new(HPos::Left, VPos::Top)),
            ))?;
            taken.push(bb);
        }
    }
    Ok(())
}

/// A filled `shape` of radius `r` (centre to corner for a diamond) with a 1 px `ring`.
fn marker<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sc: &Scale,
    shape: Marker,
    (x, y): (i32, i32),
    r: i32,
    fill: RGBColor,
    ring: RGBColor,
) -> DrawResult<(), DB> {
    let ring = ring.stroke_width(sc.stroke(1.25));
    let pts = match shape {
        Marker::Disc => {
            root.draw(&Circle::new((x, y), r, fill.filled()))?;
            return root.draw(&Circle::new((x, y), r, ring));
        }
        Marker::Diamond => vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y), (x, y - r)],
        Marker::Square => {
            vec![(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r), (x - r, y - r)]
        }
        Marker::Triangle => {
            let half = (f64::from(r) * 0.87).round() as i32;
            vec![(x, y - r), (x + half, y + r / 2), (x - half, y + r / 2), (x, y - r)]
        }
    };
    root.draw(&Polygon::new(pts.clone(), fill.filled()))?;
    root.draw(&PathElement::new(pts, ring))
}

/// Diagonal hatching of the columns `a..b`, rows `y0..y1`.
fn hatch<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sc: &Scale,
    color: RGBColor,
    a: i32,
    b: i32,
    y0: i32,
    y1: i32,
) -> DrawResult<(), DB> {
    let step = sc.px(7.0).max(3);
    let h = y1 - y0;
    let style = color.stroke_width(sc.stroke(1.0));
    // Lines x − y = const, from the top-left corner's diagonal to the bottom-right's.
    let mut k = a - h;
    while k < b {
        // Clip x = k + t, y = y1 − t for t in [0, h] to a ≤ x ≤ b.
        let t0 = (a - k).max(0);
        let t1 = (b - k).min(h);
        if t0 < t1 {
            root.draw(&PathElement::new(vec![(k + t0, y1 - t0), (k + t1, y1 - t1)], style))?;
        }
        k += step;
    }
    Ok(())
}

/// One entry of the legend: a sample of the mark, then its text.
#[derive(Clone)]
enum Swatch<'a> {
    /// A model's curve with its minimizer's marker on it.
    Curve(&'a ModelStyle),
    /// Small markers of every model shown: the Newton iterates.
    Iterates(Vec<&'a ModelStyle>),
}

fn legend<'a>(layers: &[Layer], looks: &[&'a ModelStyle], st: &'a Style) -> Vec<(Swatch<'a>, &'a str)> {
    let mut out: Vec<(Swatch, &str)> = Vec::new();
    let mut models: Vec<&ModelStyle> = Vec::new();
    for (i, l) in layers.iter().enumerate() {
        if !layers[..i].iter().any(|o| o.model == l.model) {
            out.push((Swatch::Curve(looks[i]), looks[i].label.as_str()));
            models.push(looks[i]);
        }
    }
    out.push((Swatch::Iterates(models), st.words.iterates.as_str()));
    out
}

const LEGEND_FONT: f64 = 12.0;

fn swatch_width(sc: &Scale, s: &Swatch) -> i32 {
    match s {
        Swatch::Curve(_) => sc.px(36.0),
        Swatch::Iterates(m) => sc.px(10.0 * m.len().max(2) as f64),
    }
}

/// The legend and its rows within `max_w`: every entry while they take at most `max_rows`
/// rows. On a canvas too short for that (a phone's, with the four balls of the "both halves"
/// switch and longer words), the curves' entries alone, the iterates' markers being the entry
/// a reader can best do without; failing that, none: the cards beside the plot name each
/// ball's colour and marker, and a plot without its key beats no plot.
fn fitted_legend<'a>(
    sc: &Scale,
    layers: &[Layer],
    looks: &[&'a ModelStyle],
    st: &'a Style,
    max_w: i32,
    max_rows: i32,
) -> (Vec<(Swatch<'a>, &'a str)>, Vec<Vec<usize>>) {
    let mut entries = legend(layers, looks, st);
    let mut rows = legend_rows(sc, &entries, max_w);
    if rows.len() as i32 > max_rows {
        entries.pop();
        rows = legend_rows(sc, &entries, max_w);
    }
    if rows.len() as i32 > max_rows {
        return (Vec::new(), Vec::new());
    }
    (entries, rows)
}

/// Legend entries per row, so that no row is wider than `max_w`.
fn legend_rows(sc: &Scale, legend: &[(Swatch, &str)], max_w: i32) -> Vec<Vec<usize>> {
    let gap = sc.px(18.0);
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut w = 0;
    for (i, (swatch, text)) in legend.iter().enumerate() {
        let iw = swatch_width(sc, swatch) + sc.px(5.0) + sc.text_width(text, LEGEND_FONT);
        let last = rows.len() - 1;
        if !rows[last].is_empty() && w + gap + iw > max_w {
            rows.push(vec![i]);
            w = iw;
        } else {
            if !rows[last].is_empty() {
                w += gap;
            }
            rows[last].push(i);
            w += iw;
        }
    }
    rows
}

fn draw_legend<DB: DrawingBackend>(
    header: &DrawingArea<DB, Shift>,
    sc: &Scale,
    st: &Style,
    legend: &[(Swatch, &str)],
    rows: &[Vec<usize>],
    (left, pad, row_h): (i32, i32, i32),
) -> DrawResult<(), DB> {
    let gap = sc.px(18.0);
    for (r, row) in rows.iter().enumerate() {
        let cy = pad / 2 + r as i32 * row_h + row_h / 2;
        let mut x = left;
        for &i in row {
            let (swatch, text) = &legend[i];
            let sw = swatch_width(sc, swatch);
            match swatch {
                Swatch::Curve(look) => {
                    let line = vec![(x, cy), (x + sw, cy)];
                    if look.dashed {
                        let style = look.color.stroke_width(sc.stroke(2.0));
                        header.draw(&DashedPathElement::new(line, sc.px(7.0), sc.px(4.0), style))?;
                    } else {
                        header.draw(&PathElement::new(line, look.color.stroke_width(sc.stroke(2.5))))?;
                    }
                    let r = sc.px(5.0 * look.marker.scale());
                    marker(header, sc, look.marker, (x + sw / 2, cy), r, look.color, st.text)?;
                }
                Swatch::Iterates(models) => {
                    let step = sw / models.len().max(1) as i32;
                    for (k, look) in models.iter().enumerate() {
                        let r = sc.px(3.5 * look.marker.scale()).max(2);
                        let cx = x + k as i32 * step + step / 2;
                        marker(header, sc, look.marker, (cx, cy), r, look.color, st.background)?;
                    }
                }
            }
            let tx = x + sw + sc.px(5.0);
            header.draw(&Text::new(
                *text,
                (tx, cy),
                sc.text(LEGEND_FONT, st.text, HPos::Left, VPos::Center),
            ))?;
            x = tx + sc.text_width(text, LEGEND_FONT) + gap;
        }
    }
    Ok(())
}

/// A joule prefix for values up to `cap`, so the tick labels are short: (size, name).
fn energy_unit(cap: f64) -> (f64, &'static str) {
    const UNITS: [(f64, &str); 7] =
        [(1e6, "MJ"), (1e3, "kJ"), (1.0, "J"), (1e-3, "mJ"), (1e-6, "µJ"), (1e-9, "nJ"), (1e-12, "pJ")];
    UNITS.iter().copied().find(|(u, _)| cap >= *u * 0.999).unwrap_or(UNITS[UNITS.len() - 1])
}

/// Decimals that show a tick spacing of about `step`.
fn decimals_for(step: f64) -> usize {
    if step > 0.0 && step.is_finite() {
        (-step.log10().floor()).clamp(0.0, 9.0) as usize
    } else {
        0
    }
}

/// `v` with `decimals` decimals and a true minus sign; never "−0".
fn signed(v: f64, decimals: usize) -> String {
    let s = format!("{:.*}", decimals, v.abs());
    if v < 0.0 && s.chars().any(|c| ('1'..='9').contains(&c)) {
        format!("−{s}")
    } else {
        s
    }
}

/// Three significant digits.
fn format_sig(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// A position in metres to a resolution of a few % of the window, and at least to 0.1 mm
/// as the page writes positions.
fn format_x(x: f64, span: f64) -> String {
    let d = decimals_for(span / 30.0).max(4);
    signed(x, d)
}

/// A parameter in metres as set (0.503, not 0.503000).
fn trim_m(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}
