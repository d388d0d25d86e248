//! The WebAssembly boundary: every `#[wasm_bindgen]` item, as thin newtypes over the core.
//!
//! State stays in Rust; JS gets small plain values (numbers, typed arrays, plain objects)
//! each frame. Every exported function that takes input returns `Result<_, JsError>` whose
//! message names the parameter; nothing here unwraps.

use js_sys::{Array, Float64Array, Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;

use crate::format::shortest;
use crate::integrator::{Iterate, Model, TraceSummary};
use crate::params::{echo, Field, ParamError, Params, Spec};
use crate::recording::{Ball, BallState, Recording, StepAgainstWall, TRACE_WINDOW};
use crate::regime::{RegimeMap, Rows};
use crate::sim::{Horizon, Outcome};
use crate::{landscape, plot, plot_canvas, table};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js_err(e: ParamError) -> JsError {
    JsError::new(&e.to_string())
}

fn model(name: &str) -> Result<Model, JsError> {
    Model::from_name(name).ok_or_else(|| {
        let allowed: Vec<String> = Model::ALL.iter().map(|m| format!("\"{}\"", m.name())).collect();
        JsError::new(&format!("model {} is unknown; allowed: {}", echo(name), allowed.join(", ")))
    })
}

/// A regime map's panel: 0 (left) or 1 (right).
fn panel_index(panel: usize) -> Result<usize, JsError> {
    if panel < 2 {
        Ok(panel)
    } else {
        Err(JsError::new(&format!("panel = {panel} is out of range; allowed: 0 (left) or 1 (right)")))
    }
}

/// A plain JS object from key/value pairs.
fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in entries {
        // Setting a data property on a fresh plain object cannot fail.
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

fn num(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

/// Applies every own enumerable key of `partial` to a copy of `params`, or fails on the first
/// bad one (unknown name, not a number, out of range) without changing anything.
fn apply(params: &Params, partial: &JsValue) -> Result<Params, JsError> {
    let mut p = *params;
    if partial.is_undefined() || partial.is_null() {
        return Ok(p);
    }
    if !partial.is_object() || Array::is_array(partial) {
        return Err(JsError::new("parameters must be a plain object such as {v0: 5, h: 0.01}"));
    }
    for key in Object::keys(partial.unchecked_ref::<Object>()).iter() {
        let name = key.as_string().unwrap_or_default();
        let field =
            Field::from_name(&name).ok_or_else(|| js_err(ParamError::UnknownField { name: name.clone() }))?;
        let value =
            Reflect::get(partial, &key).map_err(|_| JsError::new(&format!("{name}: could not be read")))?;
        let Some(v) = value.as_f64() else {
            return Err(JsError::new(&format!(
                "{name} must be a number, not {}; allowed: a number in {} {}",
                value.js_typeof().as_string().unwrap_or_default(),
                field.range(),
                field.unit()
            )));
        };
        p.set(field, v).map_err(js_err)?;
        let r = field.figure_range();
        if !r.contains(v) {
            let unit = field.unit();
            return Err(JsError::new(&format!(
                "{name} = {} is out of the figure's range; allowed: {r} {unit}",
                shortest(v)
            )));
        }
    }
    p.validate().map_err(js_err)?;
    Ok(p)
}

/// A ball's state as a plain object.
fn ball_object(b: &BallState) -> JsValue {
    object(&[
        ("x", num(b.x)),
        ("v", num(b.v)),
        ("x_tilde", num(b.x_tilde)),
        ("outcome", JsValue::from_str(b.outcome.name())),
        ("xmax_minus_wall_m", num(b.xmax_minus_wall)),
        ("newton_max", num(f64::from(b.newton_max))),
        ("newton_last", num(f64::from(b.newton_last))),
        ("newton_most", num(f64::from(b.newton_most))),
        ("steps", num(b.steps as f64)),
        ("touched", JsValue::from_bool(b.touched)),
        ("touching", JsValue::from_bool(b.touching)),
        ("converged", JsValue::from_bool(b.converged)),
    ])
}

/// A Newton iterate as a plain object.
fn iterate_object(it: &Iterate) -> JsValue {
    object(&[
        ("x", num(it.x)),
        ("energy", num(it.energy)),
        ("gradient", num(it.gradient)),
        ("dx", num(it.dx)),
        ("distance", num(it.distance)),
        ("alpha_ccd", num(it.alpha_ccd)),
        ("ccd_clipped", JsValue::from_bool(it.ccd_clipped)),
        ("alpha", num(it.alpha)),
        ("halvings", JsValue::from(it.halvings)),
        ("converged", JsValue::from_bool(it.converged)),
    ])
}

fn trace_summary_object(s: &TraceSummary) -> JsValue {
    object(&[
        ("clipped", JsValue::from(s.clipped as u32)),
        ("approach_steps", JsValue::from(s.approach_steps as u32)),
        ("approach_ratio", num(s.approach_ratio)),
        ("converged", JsValue::from_bool(s.converged)),
    ])
}

fn params_object(p: &Params) -> JsValue {
    let entries: Vec<(&str, JsValue)> = Field::ALL.iter().map(|f| (f.name(), num(p.get(*f)))).collect();
    object(&entries)
}

/// The balls of the figure's model set thrown from the same parameters, stepped side by side
/// (the core's [`Recording`]).
#[wasm_bindgen]
pub struct Figure(Recording);

impl Figure {
    /// The curves the energy plot shows at these arguments (see [`Figure::draw_energy`]),
    /// once the arguments are checked for a canvas of `w × h` backing pixels.
    #[allow(clippy::too_many_arguments)]
    fn energy_input(
        &self,
        (w, h): (u32, u32),
        step: usize,
        x_tilde: f64,
        x0: f64,
        x1: f64,
        dpr: f64,
        style: &PlotStyle,
    ) -> Result<Vec<plot::Layer<'_>>, JsError> {
        finite_args(&[("x0", x0), ("x1", x1), ("dpr", dpr)])?;
        if x0 >= x1 {
            return Err(JsError::new(&format!(
                "x0 = {} must be less than x1 = {}",
                shortest(x0),
                shortest(x1)
            )));
        }
        if !(dpr > 0.0 && dpr <= 8.0) {
            return Err(JsError::new(&format!("dpr = {} is out of range; allowed: (0, 8]", shortest(dpr))));
        }
        if !plot::fits(w, h, dpr) {
            let (min_w, min_h) = plot::MIN_CSS_SIZE;
            return Err(JsError::new(&format!(
                "canvas: {w}×{h} backing pixels is too small for the energy plot at dpr = {dpr}; \
                 allowed: at least {min_w}×{min_h} CSS pixels"
            )));
        }
        let layers = self.0.energy_view(step, x_tilde).layers;
        if let Some(l) = layers.iter().find(|l| style.0.model(l.model).is_none()) {
            return Err(JsError::new(&format!("style: no look for model {}", l.model.name())));
        }
        Ok(layers)
    }

    /// The article's table at the figure's h, d̂, κ, wall and stiffnesses k and 100·k.
    fn table_rows(&self) -> Vec<table::Row> {
        let p = self.0.params();
        table::rows(p, &table::ARTICLE_V0, &[p.k, 100.0 * p.k])
    }

    fn ball(&self, name: &str) -> Result<&Ball, JsError> {
        let m = model(name)?;
        self.0.ball(m).ok_or_else(|| JsError::new(&format!("model {name} has no ball in this figure")))
    }
}

#[wasm_bindgen]
impl Figure {
    /// A figure of the article's two balls at the article's defaults overridden by `params` (a
    /// plain object using the names `v0, h, k, dhat, kappa, mass, wall, thickness, ccd_safety,
    /// tol, steps`).
    #[wasm_bindgen(constructor)]
    pub fn new(params: JsValue) -> Result<Figure, JsError> {
        let params = apply(&Params::default(), &params)?;
        Ok(Figure(Recording::new(&params, &Model::BOTH)))
    }

    /// Validates every value of `partial` first; on any error nothing changes. Otherwise
    /// applies them and restarts the throw.
    pub fn set(&mut self, partial: JsValue) -> Result<(), JsError> {
        let params = apply(self.0.params(), &partial)?;
        self.0.set_params(&params);
        Ok(())
    }

    /// "Both halves of the guarantee": `true` throws the four models, `false` the article's
    /// two. Restarts the throw.
    #[wasm_bindgen(js_name = setHalves)]
    pub fn set_halves(&mut self, on: bool) {
        self.0.set_halves(on);
    }

    /// Whether the four models are thrown (`setHalves`), without building the whole state.
    pub fn halves(&self) -> bool {
        self.0.halves()
    }

    /// The current parameters as a plain object.
    pub fn params(&self) -> JsValue {
        params_object(self.0.params())
    }

    /// Starts the throw again.
    pub fn reset(&mut self) {
        self.0.restart();
    }

    /// Advances each ball that is still flying by one step; `false` once all are decided.
    pub fn step(&mut self) -> bool {
        self.0.step()
    }

    /// Steps until every ball is decided; returns the number of steps taken now.
    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> f64 {
        self.0.run_to_end() as f64
    }

    /// Whether every outcome is decided.
    pub fn done(&self) -> bool {
        self.0.decided()
    }

    /// `{params, step, time, halves, models: [names], penalty: {...}, ipc: {...}, ...}`: one
    /// key per ball thrown, SI units.
    pub fn state(&self) -> JsValue {
        let step = self.0.step_count();
        let names: Array = self.0.models().map(|m| JsValue::from_str(m.name())).collect();
        let mut entries = vec![
            ("params", self.params()),
            ("step", num(step as f64)),
            ("time", num(step as f64 * self.0.params().h)),
            ("halves", JsValue::from_bool(self.0.halves())),
            ("models", names.into()),
        ];
        entries.extend(self.0.balls().iter().map(|b| (b.model().name(), ball_object(&b.state()))));
        object(&entries)
    }

    /// Positions after steps `from + 1`, `from + 2`, … so far: the page appends them to its
    /// step markers each frame instead of copying the whole history.
    #[wasm_bindgen(js_name = positionsFrom)]
    pub fn positions_from(&self, model: &str, from: usize) -> Result<Float64Array, JsError> {
        let xs = self.ball(model)?.positions();
        Ok(Float64Array::from(xs.get(from..).unwrap_or(&[])))
    }

    /// Newton iterations of each step so far.
    #[wasm_bindgen(js_name = newtonCounts)]
    pub fn newton_counts(&self, model: &str) -> Result<Uint32Array, JsError> {
        Ok(Uint32Array::from(self.ball(model)?.newton_counts()))
    }

    /// Newton iterations of steps `from + 1`, `from + 2`, … so far (appended by the page's
    /// chart of iterations per step, like [`Figure::positions_from`]).
    #[wasm_bindgen(js_name = newtonCountsFrom)]
    pub fn newton_counts_from(&self, model: &str, from: usize) -> Result<Uint32Array, JsError> {
        let ns = self.ball(model)?.newton_counts();
        Ok(Uint32Array::from(ns.get(from..).unwrap_or(&[])))
    }

    /// x̃ of step `step` (1-based) of `model`, or NaN if there is no such step.
    #[wasm_bindgen(js_name = stepXTilde)]
    pub fn step_x_tilde(&self, model: &str, step: usize) -> Result<f64, JsError> {
        Ok(self.ball(model)?.step_x_tilde(step).unwrap_or(f64::NAN))
    }

    /// The step of `model`'s largest x (1-based, the first of them; 0 before the first step):
    /// the red ball's jump, the green ball's closest approach.
    #[wasm_bindgen(js_name = impactStep)]
    pub fn impact_step(&self, model: &str) -> Result<usize, JsError> {
        Ok(self.ball(model)?.impact_step())
    }

    /// The step of `model` with the most Newton iterations (1-based, the first of them).
    #[wasm_bindgen(js_name = mostNewtonStep)]
    pub fn most_newton_step(&self, model: &str) -> Result<usize, JsError> {
        Ok(self.ball(model)?.most_newton_step())
    }

    /// The kept step of `model` whose iterates CCD clipped most often, or 0.
    #[wasm_bindgen(js_name = mostClippedStep)]
    pub fn most_clipped_step(&self, model: &str) -> Result<usize, JsError> {
        Ok(self.ball(model)?.most_clipped_step())
    }

    /// The Newton iterates of step `step` (1-based; 0 means the latest) of `model`, as an
    /// array (empty for steps older than the latest [`TRACE_WINDOW`]) of `{x, energy, gradient, dx,
    /// distance, alpha_ccd, ccd_clipped, alpha, halvings, converged}`.
    pub fn iterates(&self, model: &str, step: usize) -> Result<Array, JsError> {
        let b = self.ball(model)?;
        let step = if step == 0 { b.steps() } else { step };
        Ok(b.step_iterates(step).iter().map(iterate_object).collect())
    }

    /// What the trace says of those iterates (step as for `iterates`): {clipped,
    /// approach_steps, approach_ratio, converged} (see [`TraceSummary`]).
    #[wasm_bindgen(js_name = traceSummary)]
    pub fn trace_summary(&self, model: &str, step: usize) -> Result<JsValue, JsError> {
        let b = self.ball(model)?;
        let step = if step == 0 { b.steps() } else { step };
        Ok(trace_summary_object(&TraceSummary::of(b.step_iterates(step))))
    }

    /// The global minimizer of `E` of `model` for `x_tilde`.
    pub fn minimizer(&self, model: &str, x_tilde: f64) -> Result<f64, JsError> {
        let m = self::model(model)?;
        finite_args(&[("x_tilde", x_tilde)])?;
        let limit = landscape::X_TILDE_LIMIT;
        if x_tilde.abs() > limit {
            let x = shortest(x_tilde);
            return Err(JsError::new(&format!(
                "x_tilde = {x} is out of range; allowed: [-{limit}, {limit}] m"
            )));
        }
        Ok(landscape::minimizer(self.0.params(), m, x_tilde))
    }

    /// `"front"`, `"inside"` or `"behind"`: where `x` is relative to the wall.
    pub fn side(&self, x: f64) -> String {
        self.0.params().side_of(x).name().to_string()
    }

    /// Whether every ball still flying is at rest: the steps left change nothing on screen.
    pub fn settled(&self) -> bool {
        self.0.settled()
    }

    /// Whole steps of free flight before a ball comes within d̂ of the wall.
    #[wasm_bindgen(js_name = approachSteps)]
    pub fn approach_steps(&self) -> f64 {
        self.0.approach_steps() as f64
    }

    /// The article's first number at the current parameters: `{vh, ratio, over_half}` (one
    /// step `v0·h` [m], that over the wall's thickness, and whether it passes the half).
    #[wasm_bindgen(js_name = stepAgainstWall)]
    pub fn step_against_wall(&self) -> JsValue {
        let s = StepAgainstWall::of(self.0.params());
        object(&[("vh", num(s.vh)), ("ratio", num(s.ratio)), ("over_half", JsValue::from_bool(s.over_half))])
    }

    /// What the energy plot shows for `step` and `x_tilde` (as [`Figure::draw_energy`]):
    /// `[x0, x1, …]`, its x window, then for each ball (in the order of `state().models`) its
    /// curve's x̃, the minimizer marked on it and the step shown (0 for none).
    #[wasm_bindgen(js_name = energyLayers)]
    pub fn energy_layers(&self, step: usize, x_tilde: f64) -> Float64Array {
        let view = self.0.energy_view(step, x_tilde);
        let mut out = vec![view.x0, view.x1];
        for l in &view.layers {
            out.extend([l.x_tilde, l.minimizer, l.step.map_or(0.0, |s| s as f64)]);
        }
        Float64Array::from(out.as_slice())
    }

    /// Draws the energy plot into `canvas` (backing size = CSS size × `dpr`) on `[x0, x1]`:
    /// each ball's curve at step `step` (0: following the throw), or every model at the
    /// reader's `x_tilde` if it is finite (see [`Figure::energy_layers`]), in `style`.
    /// Returns `[left, right, top, bottom, x0, x1, fresh]`: the plotting area in backing
    /// pixels, which maps `x0..x1` linearly onto `left..right`, and 1 if `frame`'s static
    /// frame (axes, legend) was drawn anew, else 0 (copied).
    #[wasm_bindgen(js_name = drawEnergy)]
    #[allow(clippy::too_many_arguments)]
    pub fn draw_energy(
        &self,
        canvas: web_sys::HtmlCanvasElement,
        frame: &mut EnergyFrame,
        step: usize,
        x_tilde: f64,
        x0: f64,
        x1: f64,
        dpr: f64,
        style: &PlotStyle,
    ) -> Result<Float64Array, JsError> {
        let layers =
            self.energy_input((canvas.width(), canvas.height()), step, x_tilde, x0, x1, dpr, style)?;
        let input =
            plot::EnergyPlot { params: self.0.params(), layers: &layers, x0, x1, dpr, style: &style.0 };
        let (f, fresh) = frame.0.draw(canvas, &input).map_err(|e| JsError::new(&e))?;
        let fresh = f64::from(u8::from(fresh));
        Ok(Float64Array::from([f.left, f.right, f.top, f.bottom, f.x0, f.x1, fresh].as_slice()))
    }

    /// Draws into `frame` the static frame that [`Figure::draw_energy`] with the same
    /// arguments would copy onto `canvas`, if it is not there yet; draws nothing on `canvas`.
    /// Returns whether it drew. A page calls it in a task of its own while loading: a plot's
    /// first drawing is slow (fonts found, first calls).
    #[wasm_bindgen(js_name = prepareEnergy)]
    #[allow(clippy::too_many_arguments)]
    pub fn prepare_energy(
        &self,
        canvas: web_sys::HtmlCanvasElement,
        frame: &mut EnergyFrame,
        step: usize,
        x_tilde: f64,
        x0: f64,
        x1: f64,
        dpr: f64,
        style: &PlotStyle,
    ) -> Result<bool, JsError> {
        let dims = (canvas.width(), canvas.height());
        let layers = self.energy_input(dims, step, x_tilde, x0, x1, dpr, style)?;
        let input =
            plot::EnergyPlot { params: self.0.params(), layers: &layers, x0, x1, dpr, style: &style.0 };
        frame.0.prepare(dims, &input).map(|(_, fresh)| fresh).map_err(|e| JsError::new(&e))
    }

    /// The article's table at the current parameters: the article's six speeds, penalty at
    /// `k` and `100 k`, fixed-length throws. An array of `{v0, model, k, outcome,
    /// xmax_minus_wall_m, newton_max}` (`k` is null for IPC).
    pub fn table(&self) -> Array {
        self.table_rows()
            .iter()
            .map(|r| {
                object(&[
                    ("v0", num(r.v0)),
                    ("model", JsValue::from_str(r.model.name())),
                    ("k", r.k.map_or(JsValue::NULL, num)),
                    ("outcome", JsValue::from_str(r.result.outcome.name())),
                    ("xmax_minus_wall_m", num(r.result.xmax_minus_wall)),
                    ("newton_max", num(f64::from(r.result.newton_max))),
                ])
            })
            .collect()
    }

    /// The same table as the CLI's CSV, byte for byte: `ipc-wall table --format csv --k
    /// <k>,<100k>` with the figure's other parameters.
    #[wasm_bindgen(js_name = tableCsv)]
    pub fn table_csv(&self) -> String {
        table::format_csv(&self.table_rows())
    }
}

/// The energy plot's static frames, the latest few, kept in canvases off the page between
/// drawings.
#[wasm_bindgen]
pub struct EnergyFrame(plot_canvas::FrameCache);

#[wasm_bindgen]
impl EnergyFrame {
    /// Frames kept in `canvases` (none on the page; one frame each, at least one canvas).
    #[wasm_bindgen(constructor)]
    pub fn new(canvases: Vec<web_sys::HtmlCanvasElement>) -> Result<EnergyFrame, JsError> {
        plot_canvas::FrameCache::new(canvases).map(EnergyFrame).map_err(|e| JsError::new(&e))
    }
}

/// The energy plot's colours and words, from the page (www/energy.js reads its CSS
/// variables and i18n words).
#[wasm_bindgen]
pub struct PlotStyle(plot::Style);

/// `obj[key]` as a string.
fn string_field(obj: &JsValue, key: &str) -> Option<String> {
    Reflect::get(obj, &JsValue::from_str(key)).ok()?.as_string()
}

/// `obj[key]` as a number.
fn number_field(obj: &JsValue, key: &str) -> Option<f64> {
    Reflect::get(obj, &JsValue::from_str(key)).ok()?.as_f64()
}

/// `obj[key]` as a colour `0xRRGGBB`.
fn color_field(obj: &JsValue, key: &str) -> Option<plotters::style::RGBColor> {
    let v =
        number_field(obj, key).filter(|v| (0.0..=f64::from(0xff_ffff)).contains(v) && v.fract() == 0.0)?;
    let v = v as u32;
    Some(plotters::style::RGBColor((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

#[wasm_bindgen]
impl PlotStyle {
    /// `colors`: `{background, text, muted, grid, axis, wall_fill, wall_hatch, wall_edge,
    /// x_tilde, dhat_fill, dhat_text}` as `0xRRGGBB`, and `dhat_alpha` (the opacity of
    /// `dhat_fill`, in [0, 1]); `words`: `{iterates, wall, x_axis, front_face_at, off_plot,
    /// step}` (the word before a step's number); `decimal`: "." or ","; `font_family`: the
    /// page's CSS font families (its `--font`). No model yet.
    #[wasm_bindgen(constructor)]
    pub fn new(
        colors: JsValue,
        words: JsValue,
        decimal: &str,
        font_family: &str,
    ) -> Result<PlotStyle, JsError> {
        let style = PlotStyle::from_js(&colors, &words, decimal, font_family);
        style.map(PlotStyle).ok_or_else(|| {
            JsError::new(
                "style: every colour must be a number 0xRRGGBB (dhat_alpha in [0, 1]), every word a \
                 string, decimal \".\" or \",\", font_family a CSS list of font families",
            )
        })
    }

    /// Sets how `model` looks: `{color, text, marker, dashed, label}` (colours `0xRRGGBB`),
    /// `marker` one of "disc", "diamond", "square", "triangle".
    #[wasm_bindgen(js_name = setModel)]
    pub fn set_model(&mut self, model: &str, look: JsValue) -> Result<(), JsError> {
        let m = Model::from_name(model)
            .ok_or_else(|| JsError::new(&format!("model {} is unknown", echo(model))))?;
        let style = (|| {
            Some(plot::ModelStyle {
                color: color_field(&look, "color")?,
                text: color_field(&look, "text")?,
                marker: plot::Marker::from_name(&string_field(&look, "marker")?)?,
                dashed: Reflect::get(&look, &JsValue::from_str("dashed")).ok()?.is_truthy(),
                label: string_field(&look, "label")?,
            })
        })();
        self.0.models[m as usize] = Some(style.ok_or_else(|| {
            JsError::new("look: color and text must be numbers 0xRRGGBB, marker one of disc, diamond, square, triangle, label a string")
        })?);
        Ok(())
    }
}

impl PlotStyle {
    fn from_js(colors: &JsValue, words: &JsValue, decimal: &str, font_family: &str) -> Option<plot::Style> {
        let c = |k: &str| color_field(colors, k);
        let w = |k: &str| string_field(words, k);
        let alpha = number_field(colors, "dhat_alpha").filter(|a| (0.0..=1.0).contains(a))?;
        Some(plot::Style {
            background: c("background")?,
            text: c("text")?,
            muted: c("muted")?,
            grid: c("grid")?,
            axis: c("axis")?,
            wall_fill: c("wall_fill")?,
            wall_hatch: c("wall_hatch")?,
            wall_edge: c("wall_edge")?,
            x_tilde: c("x_tilde")?,
            dhat_fill: plotters::style::Color::mix(&c("dhat_fill")?, alpha),
            dhat_text: c("dhat_text")?,
            models: [None, None, None, None],
            words: plot::Words {
                iterates: w("iterates")?,
                wall: w("wall")?,
                x_axis: w("x_axis")?,
                front_face_at: w("front_face_at")?,
                off_plot: w("off_plot")?,
                step: w("step")?,
            },
            decimal: match decimal {
                "." => '.',
                "," => ',',
                _ => return None,
            },
            font_family: plot::font_family(font_family)?,
        })
    }
}

fn finite_args(args: &[(&str, f64)]) -> Result<(), JsError> {
    match args.iter().find(|(_, v)| !v.is_finite()) {
        Some((name, v)) => Err(JsError::new(&format!("{name} = {} must be a finite number", shortest(*v)))),
        None => Ok(()),
    }
}

/// How many of the latest steps keep their Newton iterates for the trace.
#[wasm_bindgen(js_name = traceWindow)]
pub fn trace_window() -> usize {
    TRACE_WINDOW
}

/// Every parameter's name, unit and allowed range, for the page's validation messages.
#[wasm_bindgen(js_name = parameterSpecs)]
pub fn parameter_specs() -> Array {
    Spec::all()
        .iter()
        .map(|s| {
            object(&[
                ("name", JsValue::from_str(s.name)),
                ("unit", JsValue::from_str(s.unit)),
                ("min", num(s.range.min)),
                ("max", num(s.range.max)),
                ("open_min", JsValue::from_bool(s.range.open_min)),
                ("open_max", JsValue::from_bool(s.range.open_max)),
                ("default", num(s.default)),
            ])
        })
        .collect()
}

/// Checks one parameter value as [`Figure::set`] would; returns the error message, or
/// `undefined` when it is valid.
#[wasm_bindgen(js_name = checkParameter)]
pub fn check_parameter(name: &str, value: JsValue) -> Option<String> {
    let partial = object(&[(name, value)]);
    apply(&Params::default(), &partial)
        .err()
        .map(|e| String::from(JsValue::from(e).unchecked_into::<js_sys::Error>().message()))
}

/// For `cargo xtask bench`: `n` throws of `model` at the article's defaults, each the
/// article's 80 steps, exactly as the native benchmark runs them. Returns the sum of their
/// Newton maxima (so no throw can be skipped); the caller times the call. Not used by the page.
#[wasm_bindgen(js_name = benchThrows)]
pub fn bench_throws(model: &str, n: u32) -> Result<f64, JsError> {
    let m = self::model(model)?;
    let p = Params::default();
    Ok((0..n)
        .map(|_| f64::from(crate::sim::throw(std::hint::black_box(&p), m, Horizon::Steps(80)).newton_max))
        .sum())
}

/// Deliberately panics, for the test of the page's panic recovery. Not used by the page.
#[wasm_bindgen(js_name = __testPanic)]
pub fn test_panic() {
    panic!("ipc-wall: deliberate panic for the recovery test");
}

/// An empty map for [`Regime::new`] and [`Regime::part`].
fn regime_map(params: JsValue, n: usize, models: Option<Vec<String>>) -> Result<RegimeMap, JsError> {
    if !(1..=256).contains(&n) {
        return Err(JsError::new(&format!("n = {n} is out of range; allowed: 1 to 256 cells per axis")));
    }
    let models = match models.as_deref() {
        None => Model::BOTH,
        Some([a, b]) => [model(a)?, model(b)?],
        Some(_) => return Err(JsError::new("models must name two models, one per panel")),
    };
    Ok(RegimeMap::with_models(&apply(&Params::default(), &params)?, n, models))
}

/// The regime map: two models' outcomes over v0 × h (log axes, the sliders' ranges), filled
/// a few milliseconds at a time so no frame is blocked.
#[wasm_bindgen]
pub struct Regime(RegimeMap);

#[wasm_bindgen]
impl Regime {
    /// An empty `n × n` map (n in 1..=256) for the figure's other parameters `params`, of the
    /// models named in `models` (left panel, right panel; absent: `["penalty", "ipc"]`).
    #[wasm_bindgen(constructor)]
    pub fn new(params: JsValue, n: usize, models: Option<Vec<String>>) -> Result<Regime, JsError> {
        Ok(Regime(regime_map(params, n, models)?))
    }

    /// Only the rows `j` of that map with `j % stride == offset` (one worker's share): each
    /// cell bit for bit the whole map's. The arrays below then hold this part's rows alone.
    pub fn part(
        params: JsValue,
        n: usize,
        models: Option<Vec<String>>,
        offset: usize,
        stride: usize,
    ) -> Result<Regime, JsError> {
        let rows = Rows::new(offset, stride).ok_or_else(|| {
            JsError::new(&format!(
                "offset = {offset}, stride = {stride}: the offset must be below the stride"
            ))
        })?;
        Ok(Regime(regime_map(params, n, models)?.part(rows)))
    }

    /// `[offset, stride]`: the rows this map computes (`[0, 1]`: all of them).
    pub fn rows(&self) -> Vec<usize> {
        let rows = self.0.rows();
        vec![rows.offset(), rows.stride()]
    }

    /// The names of the left and right panels' models.
    pub fn models(&self) -> Vec<String> {
        self.0.models().iter().map(|m| m.name().to_string()).collect()
    }

    /// Computes cells for about `budget_ms` milliseconds; returns whether the map is complete.
    pub fn fill(&mut self, budget_ms: f64) -> bool {
        let start = js_sys::Date::now();
        // One group of side-by-side cells takes a few milliseconds at most, at the slowest
        // corner; a budget of 0 computes exactly one group.
        while !self.0.fill(crate::regime::LANES) {
            if js_sys::Date::now() - start >= budget_ms {
                return false;
            }
        }
        true
    }

    /// Cells per axis.
    pub fn n(&self) -> usize {
        self.0.v0.n
    }

    /// `[v0 min, v0 max, h min, h max]`: the log axes' ends (the sliders' ranges), so the page
    /// places cells and ticks as this map samples them.
    pub fn axes(&self) -> Vec<f64> {
        vec![self.0.v0.min, self.0.v0.max, self.0.h.min, self.0.h.max]
    }

    /// Fraction of cells computed, in [0, 1].
    pub fn progress(&self) -> f64 {
        self.0.cells().len() as f64 / self.0.cell_count() as f64
    }

    /// Per cell of panel `panel` (0 left, 1 right), row-major (`j · n + i`, h rows, v0
    /// columns; of a part, its rows alone in order): 0 not computed yet, 1 the ball stopped,
    /// 2 it went through.
    pub fn outcomes(&self, panel: usize) -> Result<js_sys::Uint8Array, JsError> {
        let p = panel_index(panel)?;
        let mut out = vec![0u8; self.0.cell_count()];
        for (o, c) in out.iter_mut().zip(self.0.cells()) {
            *o = if c.through(p) { 2 } else { 1 };
        }
        Ok(js_sys::Uint8Array::from(out.as_slice()))
    }

    /// Per cell of panel `panel`, the ball's closest gap to the front face [m] (zero or
    /// negative once it reached the wall); NaN where not computed yet.
    pub fn gaps(&self, panel: usize) -> Result<Float64Array, JsError> {
        let p = panel_index(panel)?;
        let mut out = vec![f64::NAN; self.0.cell_count()];
        for (o, c) in out.iter_mut().zip(self.0.cells()) {
            *o = c.gap(p);
        }
        Ok(Float64Array::from(out.as_slice()))
    }

    /// Per cell, row-major, six numbers: the left panel's outcome (1 stopped, 2 through, 3
    /// still flying), `xmax − wall` [m] and Newton maximum, then the right panel's; zeros where
    /// not computed yet. The whole map in one array, for the worker to hand the page: the same
    /// numbers as `cell(i, j)`, without an object per cell.
    #[wasm_bindgen(js_name = cellTable)]
    pub fn cell_table(&self) -> Float64Array {
        let code = |o: Outcome| match o {
            Outcome::Stopped => 1.0,
            Outcome::Through => 2.0,
            Outcome::Flying => 3.0,
        };
        let mut out = vec![0.0; 6 * self.0.cell_count()];
        for (o, c) in out.chunks_exact_mut(6).zip(self.0.cells()) {
            for (o, r) in o.chunks_exact_mut(3).zip(&c.0) {
                o.copy_from_slice(&[code(r.outcome), r.xmax_minus_wall, f64::from(r.newton_max)]);
            }
        }
        Float64Array::from(out.as_slice())
    }

    /// v0 at the centre of column `i` [m/s].
    #[wasm_bindgen(js_name = v0At)]
    pub fn v0_at(&self, i: usize) -> f64 {
        self.0.v0.value(i)
    }

    /// h at the centre of row `j` [s].
    #[wasm_bindgen(js_name = hAt)]
    pub fn h_at(&self, j: usize) -> f64 {
        self.0.h.value(j)
    }

    /// `[i, j]` of the cell containing `(v0, h)`.
    #[wasm_bindgen(js_name = cellOf)]
    pub fn cell_of(&self, v0: f64, h: f64) -> Result<Vec<u32>, JsError> {
        finite_args(&[("v0", v0), ("h", h)])?;
        if v0 <= 0.0 || h <= 0.0 {
            return Err(JsError::new("v0 and h must be positive"));
        }
        Ok(vec![self.0.v0.cell(v0) as u32, self.0.h.cell(h) as u32])
    }

    /// Cell `(i, j)` as `{v0, h, <left model>: {outcome, xmax_minus_wall_m, newton_max},
    /// <right model>: {…}}`, or `undefined` if it is not computed yet (or not in this part).
    pub fn cell(&self, i: usize, j: usize) -> JsValue {
        let Some(c) = self.0.cell(i, j) else {
            return JsValue::UNDEFINED;
        };
        let result = |r: &crate::sim::ThrowResult| {
            object(&[
                ("outcome", JsValue::from_str(r.outcome.name())),
                ("xmax_minus_wall_m", num(r.xmax_minus_wall)),
                ("newton_max", num(f64::from(r.newton_max))),
            ])
        };
        let [a, b] = self.0.models();
        object(&[
            ("v0", num(self.0.v0.value(i))),
            ("h", num(self.0.h.value(j))),
            (a.name(), result(&c.0[0])),
            (b.name(), result(&c.0[1])),
        ])
    }
}
