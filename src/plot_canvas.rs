//! The energy plot on the page's canvas, over its static frame (background, axes, grid,
//! labels, legend) kept in a canvas of its own: while the frame's [`FrameKey`] stays the same
//! (a slider drag rarely moves the axes), a drawing copies the frame and draws only the data.
//! The latest few frames are kept, one per canvas: a throw that restarts at every move of a
//! slider shows the same few windows again and again, at full and at draft resolution.

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::plot::{self, EnergyPlot, FrameKey, Layout, PlotFrame};

/// A canvas of the cache, what its frame was drawn from, and when it was last used.
struct Slot {
    canvas: HtmlCanvasElement,
    key: Option<FrameKey>,
    used: u64,
}

/// The frames' canvases; `current` is the one the latest drawing copied.
pub struct FrameCache {
    slots: Vec<Slot>,
    clock: u64,
    current: usize,
}

/// A canvas taken by another kind of context has no 2d one.
const NO_2D: &str = "canvas: no 2d context (is it used for WebGL?)";

fn backend(canvas: HtmlCanvasElement) -> Result<CanvasBackend, String> {
    CanvasBackend::with_canvas_object(canvas).ok_or_else(|| NO_2D.into())
}

impl FrameCache {
    /// A cache keeping as many frames as `canvases` (none on the page; at least one).
    pub fn new(canvases: Vec<HtmlCanvasElement>) -> Result<Self, String> {
        if canvases.is_empty() {
            return Err("energy plot: a frame cache needs a canvas".into());
        }
        let slots = canvases.into_iter().map(|canvas| Slot { canvas, key: None, used: 0 }).collect();
        Ok(Self { slots, clock: 0, current: 0 })
    }

    /// Draws `plot`'s frame into the cache for a target of `dims` backing pixels, unless one
    /// of its canvases holds it already (the least recently used one is drawn over). Returns
    /// the layout and whether the frame was drawn anew: a page may do this in a task of its own
    /// before the first drawing, which then only copies it.
    pub fn prepare<'a>(
        &mut self,
        dims: (u32, u32),
        plot: &EnergyPlot<'a>,
    ) -> Result<(Layout<'a>, bool), String> {
        let layout = Layout::of(dims, plot).ok_or("energy plot: Bad layout")?;
        let kept = self.slots.iter().position(|s| s.key.as_ref() == Some(layout.key()));
        let fresh = kept.is_none();
        self.current = kept.unwrap_or_else(|| self.least_used());
        self.clock += 1;
        let slot = &mut self.slots[self.current];
        slot.used = self.clock;
        if fresh {
            slot.key = None;
            slot.canvas.set_width(dims.0);
            slot.canvas.set_height(dims.1);
            let root = backend(slot.canvas.clone())?.into_drawing_area();
            plot::draw_frame(&root, plot, &layout).map_err(|e| format!("energy plot: {e}"))?;
            slot.key = Some(layout.key().clone());
        }
        Ok((layout, fresh))
    }

    /// The slot to draw a new frame in: an empty one, else the least recently used.
    fn least_used(&self) -> usize {
        (0..self.slots.len()).min_by_key(|&i| self.slots[i].used).unwrap_or(0)
    }

    /// Draws `plot` on `target`: the frame copied from the cache, drawn there anew first if
    /// what it shows changed, and the data over it. Returns where the data went and whether
    /// the frame was drawn anew.
    pub fn draw(
        &mut self,
        target: HtmlCanvasElement,
        plot: &EnergyPlot,
    ) -> Result<(PlotFrame, bool), String> {
        let (layout, fresh) = self.prepare((target.width(), target.height()), plot)?;
        let ctx = target
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            .ok_or(NO_2D)?;
        ctx.draw_image_with_html_canvas_element(&self.slots[self.current].canvas, 0.0, 0.0)
            .map_err(|_| "energy plot: the frame could not be copied")?;
        // A dashed line is one path the canvas dashes, not a stroke per dash.
        let dash = |pattern: &[f64]| {
            let segments: js_sys::Array = pattern.iter().map(|&d| JsValue::from_f64(d)).collect();
            // Refused only for a negative or non-finite length, which plot.rs never asks for.
            let _ = ctx.set_line_dash(&segments);
        };
        let root = backend(target)?.into_drawing_area();
        let frame =
            plot::draw_content(&root, plot, &layout, Some(&dash)).map_err(|e| format!("energy plot: {e}"))?;
        Ok((frame, fresh))
    }
}
