//! The energy plot: `E(x) = ½ M (x − x̃)² + h² C(x)` of both models around the wall, drawn
//! with plotters on any backend: the page's canvas (plotters-canvas), and natively the SVG
//! and bitmap backends of the static figure (`ipc-wall figure`). One code path for both.
//!
//! What is drawn, and where it comes from, is decided in [`crate::landscape`] (sampling,
//! y range, clipping), where it is tested natively; this module only lays it out. Every
//! length is in backing pixels, scaled by `dpr`: the canvas is never `ctx.scale`d.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::integrator::{Iterate, Model};
use crate::landscape::{self, ClippedCurve};
use crate::params::Params;

type DrawResult<T, DB> = Result<T, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The plot's colours: the page's (www/style.css), so curves, markers and balls agree.
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
    /// The curves and markers (graphical objects: at least 3:1 on the background).
    pub penalty: RGBColor,
    pub ipc: RGBColor,
    /// Words and numbers in the models' colours (text: at least 4.5:1, WCAG AA), the page's
    /// `--penalty-text` and `--ipc-text`.
    pub penalty_text: RGBColor,
    pub ipc_text: RGBColor,
    pub x_tilde: RGBColor,
}

impl Palette {
    /// `prefers-color-scheme: light`.
    pub const LIGHT: Palette = Palette {
        background: RGBColor(0xff, 0xff, 0xff),
        text: RGBColor(0x1c, 0x1e, 0x22),
        muted: RGBColor(0x5a, 0x60, 0x6b),
        grid: RGBColor(0xe4, 0xe6, 0xea),
        axis: RGBColor(0xc4, 0xc8, 0xcf),
        wall_fill: RGBColor(0xee, 0xec, 0xe6),
        wall_hatch: RGBColor(0xbd, 0xb8, 0xad),
        wall_edge: RGBColor(0x8d, 0x88, 0x7d),
        penalty: RGBColor(0xdc, 0x3b, 0x2c),
        ipc: RGBColor(0x2f, 0x9e, 0x50),
        penalty_text: RGBColor(0xb0, 0x26, 0x1a),
        ipc_text: RGBColor(0x1b, 0x75, 0x36),
        x_tilde: RGBColor(0x7a, 0x3f, 0xc6),
    };

    /// `prefers-color-scheme: dark`.
    pub const DARK: Palette = Palette {
        background: RGBColor(0x17, 0x1a, 0x1f),
        text: RGBColor(0xe6, 0xe8, 0xeb),
        muted: RGBColor(0xa2, 0xa9, 0xb4),
        grid: RGBColor(0x2a, 0x2f, 0x37),
        axis: RGBColor(0x4b, 0x51, 0x5b),
        wall_fill: RGBColor(0x29, 0x2c, 0x32),
        wall_hatch: RGBColor(0x4f, 0x54, 0x5d),
        wall_edge: RGBColor(0x6e, 0x74, 0x7e),
        penalty: RGBColor(0xff, 0x6a, 0x5a),
        ipc: RGBColor(0x4c, 0xc7, 0x74),
        penalty_text: RGBColor(0xff, 0x8b, 0x7e),
        ipc_text: RGBColor(0x72, 0xd8, 0x92),
        x_tilde: RGBColor(0xb6, 0x8c, 0xff),
    };

    pub fn for_theme(dark: bool) -> Palette {
        if dark {
            Palette::DARK
        } else {
            Palette::LIGHT
        }
    }

    fn model(&self, model: Model) -> RGBColor {
        match model {
            Model::Penalty | Model::CcdAlone => self.penalty,
            Model::Ipc | Model::BarrierAlone => self.ipc,
        }
    }

    fn model_text(&self, model: Model) -> RGBColor {
        match model {
            Model::Penalty | Model::CcdAlone => self.penalty_text,
            Model::Ipc | Model::BarrierAlone => self.ipc_text,
        }
    }
}

/// The language of the plot's words and numbers, as the page's (`?lang=`).
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

    fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Es => &ES,
        }
    }

    /// Spanish writes decimal commas.
    fn number(self, s: String) -> String {
        match self {
            Lang::En => s,
            Lang::Es => s.replace('.', ","),
        }
    }
}

/// The plot's words; the page's own are in www/i18n.js.
struct Words {
    penalty: &'static str,
    ipc: &'static str,
    iterates: &'static str,
    wall: &'static str,
    x_axis: &'static str,
    front_face_at: &'static str,
    off_plot: &'static str,
}

const EN: Words = Words {
    penalty: "penalty ½kp²",
    ipc: "IPC log barrier",
    iterates: "Newton iterates, numbered",
    wall: "wall",
    x_axis: "x − wall [mm]",
    front_face_at: "front face at",
    off_plot: "off the plot",
};

const ES: Words = Words {
    penalty: "penalización ½kp²",
    ipc: "barrera logarítmica de IPC",
    iterates: "iteraciones de Newton, numeradas",
    wall: "pared",
    x_axis: "x − pared [mm]",
    front_face_at: "cara frontal en",
    off_plot: "fuera de la gráfica",
};

/// Everything the plot shows. The iterates are those of each ball's latest step, and only
/// if that step minimized towards this `x_tilde` (otherwise they lie on other curves).
#[derive(Clone, Copy, Debug)]
pub struct EnergyPlot<'a> {
    pub params: &'a Params,
    /// The predicted position x̃ [m].
    pub x_tilde: f64,
    /// The window `[x0, x1]` [m], `x0 < x1`.
    pub x0: f64,
    pub x1: f64,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
    pub palette: Palette,
    pub lang: Lang,
    pub penalty_iterates: &'a [Iterate],
    pub ipc_iterates: &'a [Iterate],
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
struct Scale {
    s: f64,
}

impl Scale {
    fn px(&self, css: f64) -> i32 {
        (css * self.s).round() as i32
    }

    fn stroke(&self, css: f64) -> u32 {
        (css * self.s).round().max(1.0) as u32
    }

    fn font(&self, css: f64, style: FontStyle) -> FontDesc<'static> {
        FontDesc::new(FontFamily::SansSerif, css * self.s, style)
    }

    fn text<'a>(&self, css: f64, color: RGBColor, h: HPos, v: VPos) -> TextStyle<'a> {
        self.font(css, FontStyle::Normal).color(&color).pos(Pos::new(h, v))
    }

    /// An estimate of the width of `text` at `css` px: measuring through the DOM on every
    /// frame would cost a layout each time, and labels only need to be kept apart.
    fn text_width(&self, text: &str, css: f64) -> i32 {
        let chars = text.chars().filter(|c| !('\u{300}'..='\u{36f}').contains(c)).count();
        (chars as f64 * 0.58 * css * self.s).ceil() as i32
    }
}

/// Draws the plot on `root` (the whole canvas) and returns where the data went.
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &EnergyPlot,
) -> DrawResult<PlotFrame, DB> {
    let p = plot.params;
    let pal = plot.palette;
    let sc = Scale { s: plot.dpr };
    let lang = plot.lang;
    let words = lang.words();
    let (width, height) = root.dim_in_pixel();
    if !fits(width, height, plot.dpr) {
        return Err(DrawingAreaErrorKind::LayoutError);
    }
    root.fill(&pal.background)?;

    // Header: the legend, wrapped to the width.
    let pad = sc.px(8.0);
    let row_h = sc.px(20.0);
    let legend_left = sc.px(12.0);
    let legend = legend(words);
    let rows = legend_rows(&sc, &legend, width as i32 - legend_left - pad);
    let header_h = pad / 2 + rows.len() as i32 * row_h;
    let (header, body) = root.split_vertically(header_h);

    // Data coordinates: u = x − wall in mm (round ticks), E in a prefixed joule.
    let wall = p.wall;
    let back = wall + p.thickness;
    let to_u = |x: f64| (x - wall) * 1e3;
    let cap = landscape::energy_cap(p, plot.x_tilde, plot.x0, plot.x1);
    let (unit, unit_name) = energy_unit(cap);
    let y_top = cap / unit;
    let y_bottom = -0.04 * y_top; // minima at E = 0 stay clear of the axis
                                  // Widened by a rounding error, so that a tick at an end (60 mm from 0.563 − 0.503) shows;
                                  // a billionth of the width moves no pixel.
    let slack = 1e-9 * (to_u(plot.x1) - to_u(plot.x0));
    let (u0, u1) = (to_u(plot.x0) - slack, to_u(plot.x1) + slack);

    let strip = sc.px(20.0);
    let (label_w, label_h) = (sc.px(50.0), sc.px(40.0));
    let (margin_l, margin_r) = (sc.px(4.0), sc.px(14.0));
    let body_h = height as i32 - header_h;
    if body_h - strip - label_h < sc.px(30.0) || width as i32 - label_w - margin_l - margin_r < sc.px(30.0) {
        return Err(DrawingAreaErrorKind::LayoutError);
    }
    let mut chart = ChartBuilder::on(&body)
        .margin_top(strip)
        .margin_right(margin_r)
        .margin_left(margin_l)
        .x_label_area_size(label_h)
        .y_label_area_size(label_w)
        .build_cartesian_2d(u0..u1, y_bottom..y_top)?;

    let (px_range, py_range) = chart.plotting_area().get_pixel_range();
    let area = Bbox { x0: px_range.start, y0: py_range.start, x1: px_range.end, y1: py_range.end };
    let plot_w = (area.x1 - area.x0).max(1);
    let n_x_labels = ((f64::from(plot_w) / (45.0 * sc.s)) as usize).clamp(4, 14);
    let x_decimals = decimals_for((u1 - u0) / n_x_labels as f64);
    let y_decimals = decimals_for(y_top / 6.0);
    let fmt_x = |u: &f64| lang.number(signed(*u, x_decimals));
    let fmt_y = |v: &f64| lang.number(signed(*v, y_decimals));
    let x_desc = format!("{}   ({} {} m)", words.x_axis, words.front_face_at, lang.number(trim_m(wall)));
    let y_desc = format!("E(x) [{unit_name}]");
    chart
        .configure_mesh()
        .x_labels(n_x_labels)
        .y_labels(6)
        .x_label_formatter(&fmt_x)
        .y_label_formatter(&fmt_y)
        .label_style(sc.text(11.0, pal.muted, HPos::Center, VPos::Center))
        .axis_desc_style(sc.text(12.0, pal.text, HPos::Center, VPos::Center))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .bold_line_style(pal.grid.stroke_width(sc.stroke(1.0)))
        .light_line_style(TRANSPARENT)
        .axis_style(pal.axis.stroke_width(sc.stroke(1.0)))
        .set_all_tick_mark_size(sc.px(4.0))
        .draw()?;

    let to_px = |x: f64, e: f64| chart.backend_coord(&(to_u(x), e / unit));
    let in_window = |x: f64| x >= plot.x0 && x <= plot.x1;
    // Fixed labels are placed first, so the iterates' numbers keep clear of them, and drawn
    // last, over the curves.
    let mut labels: Vec<Label> = Vec::new();

    // The barrier's activation zone d̂ in front of the wall, then the wall, hatched as in
    // the scene.
    let (dx0, dx1) = ((wall - p.dhat).max(plot.x0), wall.min(plot.x1));
    if dx0 < dx1 {
        let a = to_px(dx0, 0.0).0;
        let b = to_px(dx1, 0.0).0;
        root.draw(&Rectangle::new([(a, area.y0), (b, area.y1)], pal.ipc.mix(0.12).filled()))?;
        let w = sc.text_width("d̂", 11.0);
        if b - a >= w + sc.px(4.0) {
            root.draw(&Text::new(
                "d̂",
                ((a + b) / 2, area.y1 - sc.px(3.0)),
                sc.text(11.0, pal.ipc_text, HPos::Center, VPos::Bottom),
            ))?;
        }
    }
    let (wx0, wx1) = (wall.max(plot.x0), back.min(plot.x1));
    if wx0 < wx1 {
        let a = to_px(wx0, 0.0).0;
        let b = to_px(wx1, 0.0).0;
        root.draw(&Rectangle::new([(a, area.y0), (b, area.y1)], pal.wall_fill.filled()))?;
        hatch(root, &sc, pal.wall_hatch, a, b, area.y0, area.y1)?;
        for x in [wall, back] {
            if in_window(x) {
                let xp = to_px(x, 0.0).0;
                root.draw(&PathElement::new(
                    vec![(xp, area.y0), (xp, area.y1)],
                    pal.wall_edge.stroke_width(sc.stroke(1.0)),
                ))?;
            }
        }
        let w = sc.text_width(words.wall, 11.0);
        if b - a >= w + sc.px(8.0) {
            // At the bottom: the IPC curve never enters the wall and the penalty curve is
            // above zero inside it.
            labels.push(
                Label::new(words.wall, ((a + b) / 2, area.y1 - sc.px(4.0)), 11.0, pal.muted)
                    .anchor(HPos::Center, VPos::Bottom)
                    .boxed(pal.wall_fill),
            );
        }
    }

    // The curves: sampled about once per CSS pixel, with the extra points near the face.
    let minimizers = Model::BOTH.map(|m| landscape::minimizer(p, m, plot.x_tilde));
    let mut extra = vec![plot.x_tilde, minimizers[0], minimizers[1]];
    extra.extend(plot.penalty_iterates.iter().chain(plot.ipc_iterates).map(|it| it.x));
    let n = ((f64::from(plot_w) / sc.s) as usize).clamp(200, 2000);
    let xs = landscape::plot_grid(p, plot.x0, plot.x1, n, &extra);
    let curves = Model::BOTH.map(|m| landscape::clipped_curve(p, m, plot.x_tilde, &xs, cap));
    let pixels = |c: &ClippedCurve| -> Vec<Vec<(i32, i32)>> {
        c.segments.iter().map(|s| s.iter().map(|&(x, e)| to_px(x, e)).collect()).collect()
    };
    // IPC under penalty: where they coincide (out of contact) the red dashes show the green.
    for seg in pixels(&curves[1]) {
        root.draw(&PathElement::new(seg, pal.ipc.stroke_width(sc.stroke(2.5))))?;
    }
    for seg in pixels(&curves[0]) {
        root.draw(&DashedPathElement::new(
            seg,
            sc.px(7.0),
            sc.px(4.0),
            pal.penalty.stroke_width(sc.stroke(2.0)),
        ))?;
    }

    // ∞ where the barrier diverges: just behind the face if the wall is shown (the IPC
    // curve never goes there), else in front of it. The penalty bump's height where it is cut.
    for &x in curves[1].infinite_at.iter().filter(|&&x| in_window(x)) {
        let xp = to_px(x, 0.0).0;
        let y = area.y0 + sc.px(2.0);
        let label = Label::new("∞", (xp + sc.px(4.0), y), 18.0, pal.ipc_text).bold();
        labels.push(if in_window(back) || plot.x1 > wall + 0.25 * p.thickness {
            label.anchor(HPos::Left, VPos::Top).boxed(pal.wall_fill)
        } else {
            label.at((xp - sc.px(4.0), y)).anchor(HPos::Right, VPos::Top).boxed(pal.background)
        });
    }
    let (xp, peak) = landscape::penalty_peak(p, plot.x_tilde);
    if peak > cap && in_window(xp) {
        let (pu, pu_name) = energy_unit(peak);
        let text = format!("↑ {} {pu_name}", lang.number(format_sig(peak / pu)));
        let w = sc.text_width(&text, 11.0);
        let x = to_px(xp, 0.0).0.clamp(area.x0 + w / 2, area.x1 - w / 2);
        labels.push(
            Label::new(&text, (x, area.y0 + sc.px(24.0)), 11.0, pal.penalty_text)
                .anchor(HPos::Center, VPos::Top)
                .boxed(pal.wall_fill),
        );
    }
    let mut taken: Vec<Bbox> = labels.iter().map(|l| l.bbox(&sc)).collect();

    // x̃: a dashed line with a handle above the plot, or an arrow at the edge it is past.
    let x_tilde_label = format!("x̃ = {} m", lang.number(format_x(plot.x_tilde, plot.x1 - plot.x0)));
    let handle_y = area.y0 - sc.px(2.0);
    let tri = sc.px(6.0);
    if in_window(plot.x_tilde) {
        let xp = to_px(plot.x_tilde, 0.0).0;
        root.draw(&DashedPathElement::new(
            [(xp, area.y0), (xp, area.y1)],
            sc.px(6.0),
            sc.px(4.0),
            pal.x_tilde.stroke_width(sc.stroke(1.5)),
        ))?;
        root.draw(&Polygon::new(
            vec![(xp - tri, handle_y - tri), (xp + tri, handle_y - tri), (xp, handle_y)],
            pal.x_tilde.filled(),
        ))?;
        let w = sc.text_width(&x_tilde_label, 12.0);
        let right_side = xp + tri + sc.px(4.0) + w <= area.x1 + sc.px(10.0);
        let (tx, h) = if right_side {
            (xp + tri + sc.px(3.0), HPos::Left)
        } else {
            (xp - tri - sc.px(3.0), HPos::Right)
        };
        root.draw(&Text::new(x_tilde_label, (tx, handle_y), sc.text(12.0, pal.x_tilde, h, VPos::Bottom)))?;
    } else {
        let left = plot.x_tilde < plot.x0;
        let (tip, base) = if left { (area.x0, area.x0 + tri * 2) } else { (area.x1, area.x1 - tri * 2) };
        let cy = handle_y - tri / 2 - sc.px(1.0);
        root.draw(&Polygon::new(vec![(tip, cy), (base, cy - tri), (base, cy + tri)], pal.x_tilde.filled()))?;
        let (tx, h) = if left { (base + sc.px(4.0), HPos::Left) } else { (base - sc.px(4.0), HPos::Right) };
        root.draw(&Text::new(
            format!("{x_tilde_label}, {}", words.off_plot),
            (tx, cy),
            sc.text(12.0, pal.x_tilde, h, VPos::Center),
        ))?;
    }

    // Each model's global minimizer, in the page's shapes: diamond = IPC, disc = penalty,
    // the disc smaller and on top so that both show where they coincide (x̃ out of contact);
    // ringed in the text colour, unlike the iterates.
    let mut marked: [Option<(i32, i32)>; 2] = [None, None];
    for (i, model, r) in [(1, Model::Ipc, 10.0), (0, Model::Penalty, 4.5)] {
        let xm = minimizers[i];
        let em = landscape::energy(p, model, xm, plot.x_tilde);
        if in_window(xm) && em <= cap {
            let r = sc.px(r);
            let c = to_px(xm, em);
            marker(root, &sc, model, c, r, pal.model(model), pal.text)?;
            taken.push(Bbox { x0: c.0 - r, y0: c.1 - r, x1: c.0 + r, y1: c.1 + r });
            marked[i] = Some(c);
        }
    }

    // Newton iterates of the current step, numbered as the status counts them (1 = start).
    // IPC's first, so a penalty dot on the same spot stays visible on top of the diamond.
    for (model, iterates, min_at) in
        [(Model::Ipc, plot.ipc_iterates, marked[1]), (Model::Penalty, plot.penalty_iterates, marked[0])]
    {
        let ctx = IterateCtx { sc: &sc, pal: &pal, cap, to_px: &to_px, area: &area, min_at };
        draw_iterates(root, &ctx, model, iterates, &mut taken)?;
    }

    for l in &labels {
        l.draw(root, &sc)?;
    }
    draw_legend(&header, &sc, &pal, &legend, &rows, (legend_left, pad, row_h))?;

    Ok(PlotFrame {
        left: f64::from(area.x0),
        right: f64::from(area.x1),
        top: f64::from(area.y0),
        bottom: f64::from(area.y1),
        x0: plot.x0,
        x1: plot.x1,
    })
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
    sc: &'a Scale,
    pal: &'a Palette,
    cap: f64,
    to_px: &'a dyn Fn(f64, f64) -> (i32, i32),
    area: &'a Bbox,
    /// Where the model's minimizer is marked: an iterate there is the marker itself.
    min_at: Option<(i32, i32)>,
}

fn draw_iterates<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    ctx: &IterateCtx,
    model: Model,
    iterates: &[Iterate],
    taken: &mut Vec<Bbox>,
) -> DrawResult<(), DB> {
    let IterateCtx { sc, pal, cap, to_px, area, min_at } = *ctx;
    let c = pal.model(model);
    let r = match model {
        Model::Penalty | Model::CcdAlone => sc.px(3.5),
        Model::Ipc | Model::BarrierAlone => sc.px(4.5),
    }
    .max(2);
    // (number, pixel, cut at the top)
    let dots: Vec<(usize, (i32, i32), bool)> = iterates
        .iter()
        .enumerate()
        .filter(|(_, it)| it.x.is_finite() && !it.energy.is_nan())
        .map(|(i, it)| (i + 1, to_px(it.x, it.energy.min(cap)), it.energy > cap))
        .filter(|(_, (x, _), _)| *x >= area.x0 - r && *x <= area.x1 + r)
        .collect();
    let on_marker =
        |(x, y): (i32, i32)| min_at.is_some_and(|(mx, my)| (x - mx).abs() <= r && (y - my).abs() <= r);
    for &(_, pt, cut) in dots.iter().filter(|d| !on_marker(d.1)) {
        // Above the cap: drawn hollow at the top edge.
        let fill = if cut { pal.background } else { c };
        marker(root, sc, model, pt, r, fill, if cut { c } else { pal.background })?;
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
        // Penalty labels prefer above the dot, IPC's below, so coinciding dots stay legible;
        // the farther ring clears a minimizer's marker.
        let mut candidates = Vec::with_capacity(12);
        for gap in [r + sc.px(2.0), sc.px(11.0)] {
            let above = (x - w / 2, y - gap - h);
            let below = (x - w / 2, y + gap);
            let left = (x - gap - w, y - h / 2);
            let right = (x + gap, y - h / 2);
            let up_left = (x - gap - w, y - gap - h);
            let down_left = (x - gap - w, y + gap);
            candidates.extend(match model {
                Model::Penalty | Model::CcdAlone => [above, up_left, right, left, below, down_left],
                Model::Ipc | Model::BarrierAlone => [below, down_left, left, right, above, up_left],
            });
        }
        let spot = candidates.into_iter().map(|(x0, y0)| Bbox { x0, y0, x1: x0 + w, y1: y0 + h });
        let mut spot = spot.filter(|bb| bb.inside(area) && !taken.iter().any(|t| t.overlaps(bb)));
        if let Some(bb) = spot.next() {
            // A halo, so numbers read across the lines they sit on.
            let m = sc.px(1.0);
            root.draw(&Rectangle::new(
                [(bb.x0 - m, bb.y0), (bb.x1 + m, bb.y1)],
                pal.background.mix(0.8).filled(),
            ))?;
            root.draw(&Text::new(
                label,
                (bb.x0, bb.y0),
                sc.font(font, FontStyle::Bold)
                    .color(&pal.model_text(model))
                    .pos(Pos::new(HPos::Left, VPos::Top)),
            ))?;
            taken.push(bb);
        }
    }
    Ok(())
}

/// A filled disc (penalty) or diamond (IPC, `r` from centre to corner) with a 1 px `ring`.
fn marker<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sc: &Scale,
    model: Model,
    (x, y): (i32, i32),
    r: i32,
    fill: RGBColor,
    ring: RGBColor,
) -> DrawResult<(), DB> {
    let ring = ring.stroke_width(sc.stroke(1.25));
    match model {
        Model::Penalty | Model::CcdAlone => {
            root.draw(&Circle::new((x, y), r, fill.filled()))?;
            root.draw(&Circle::new((x, y), r, ring))?;
        }
        Model::Ipc | Model::BarrierAlone => {
            let pts = vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y), (x, y - r)];
            root.draw(&Polygon::new(pts.clone(), fill.filled()))?;
            root.draw(&PathElement::new(pts, ring))?;
        }
    }
    Ok(())
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
#[derive(Clone, Copy)]
enum Swatch {
    /// The model's curve with its minimizer's marker on it.
    Curve(Model),
    /// Small markers of both models: the Newton iterates.
    Iterates,
}

fn legend(words: &Words) -> [(Swatch, &'static str); 3] {
    [
        (Swatch::Curve(Model::Penalty), words.penalty),
        (Swatch::Curve(Model::Ipc), words.ipc),
        (Swatch::Iterates, words.iterates),
    ]
}

const LEGEND_FONT: f64 = 12.0;

fn swatch_width(sc: &Scale, s: Swatch) -> i32 {
    match s {
        Swatch::Curve(_) => sc.px(36.0),
        Swatch::Iterates => sc.px(20.0),
    }
}

fn item_width(sc: &Scale, (swatch, text): (Swatch, &str)) -> i32 {
    swatch_width(sc, swatch) + sc.px(5.0) + sc.text_width(text, LEGEND_FONT)
}

/// Legend entries per row, so that no row is wider than `max_w`.
fn legend_rows(sc: &Scale, legend: &[(Swatch, &str)], max_w: i32) -> Vec<Vec<usize>> {
    let gap = sc.px(18.0);
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut w = 0;
    for (i, item) in legend.iter().enumerate() {
        let iw = item_width(sc, *item);
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
    pal: &Palette,
    legend: &[(Swatch, &str)],
    rows: &[Vec<usize>],
    (left, pad, row_h): (i32, i32, i32),
) -> DrawResult<(), DB> {
    let gap = sc.px(18.0);
    for (r, row) in rows.iter().enumerate() {
        let cy = pad / 2 + r as i32 * row_h + row_h / 2;
        let mut x = left;
        for &i in row {
            let (swatch, text) = legend[i];
            let sw = swatch_width(sc, swatch);
            match swatch {
                Swatch::Curve(model) => {
                    let line = [(x, cy), (x + sw, cy)];
                    match model {
                        Model::Penalty | Model::CcdAlone => header.draw(&DashedPathElement::new(
                            line,
                            sc.px(7.0),
                            sc.px(4.0),
                            pal.penalty.stroke_width(sc.stroke(2.0)),
                        ))?,
                        Model::Ipc | Model::BarrierAlone => header
                            .draw(&PathElement::new(line.to_vec(), pal.ipc.stroke_width(sc.stroke(2.5))))?,
                    }
                    let c = pal.model(model);
                    let r = sc.px(if model == Model::Ipc { 7.0 } else { 5.0 });
                    marker(header, sc, model, (x + sw / 2, cy), r, c, pal.text)?;
                }
                Swatch::Iterates => {
                    let (rp, ri) = (sc.px(3.5).max(2), sc.px(4.5).max(2));
                    marker(header, sc, Model::Penalty, (x + rp, cy), rp, pal.penalty, pal.background)?;
                    marker(header, sc, Model::Ipc, (x + sw - ri, cy), ri, pal.ipc, pal.background)?;
                }
            }
            let tx = x + sw + sc.px(5.0);
            header.draw(&Text::new(
                text,
                (tx, cy),
                sc.text(LEGEND_FONT, pal.text, HPos::Left, VPos::Center),
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
