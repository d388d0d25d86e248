// The energy plot, a panel of the figure (see main.js "panels"): the drawing is Rust's
// (Figure.drawEnergy, plotters-canvas), and so are the window and what each curve shows
// (Figure.energyLayers, through figure.plotted()); this module hands Rust the page's colours
// (CSS variables), typeface (`--font`) and words (i18n.js) as a PlotStyle, and turns pointer
// and keyboard input into x̃ using the plot rectangle drawEnergy returns (in backing pixels).

import { t, getLang, fmtFixed } from './i18n.js';
import { MODELS } from './models.js';
import * as api from './api.js';
import { hidpiCanvas, countDraw } from './draw.js';

/** A CSS colour as the page's variables write it (#rgb, #rrggbb, rgb(), rgba()):
 * [0xRRGGBB, opacity]. */
function parseColor(css) {
  const s = css.trim();
  let m = s.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (m) return [parseInt(m[1].length === 3 ? m[1].replace(/./g, '$&$&') : m[1], 16), 1];
  m = s.match(/^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/);
  if (m) return [(Number(m[1]) << 16) | (Number(m[2]) << 8) | Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  throw new Error(`the colour ${JSON.stringify(css)} is not #rrggbb or rgb()`);
}

/** The page's colours, typeface and words for the plot, in the wasm module `glue`'s PlotStyle. */
function plotStyle(glue) {
  const cs = getComputedStyle(document.documentElement);
  const v = (n) => cs.getPropertyValue(n).trim();
  const c = (n) => parseColor(v(n))[0];
  const [dhat, dhatAlpha] = parseColor(v('--barrier'));
  const colors = {
    background: c('--canvas-bg'),
    text: c('--fg'),
    muted: c('--muted'),
    grid: c('--lane'),
    axis: c('--line'),
    wall_fill: c('--wall-fill'),
    wall_hatch: c('--wall-hatch'),
    wall_edge: c('--wall-edge'),
    x_tilde: c('--xtilde'),
    dhat_fill: dhat,
    dhat_alpha: dhatAlpha,
    dhat_text: c('--barrier-text'),
  };
  const words = {
    iterates: t('plot.iterates'),
    wall: t('plot.wall'),
    x_axis: t('plot.xAxis'),
    front_face_at: t('plot.frontFaceAt'),
    off_plot: t('plot.offPlot'),
    step: t('plot.step'),
  };
  const style = new glue.PlotStyle(colors, words, fmtFixed(0.5, 1).charAt(1), v('--font'));
  for (const { name, marker, dash } of MODELS) {
    // A model without colours on this page has no ball here.
    if (!v(`--${name}`)) continue;
    style.setModel(name, { marker, dashed: dash.length > 0, color: c(`--${name}`), text: c(`--${name}-text`), label: t(`plot.model.${name}`) });
  }
  return style;
}

// The smallest CSS size drawEnergy accepts (src/plot.rs, MIN_CSS_SIZE).
const MIN_CSS_W = 200;
const MIN_CSS_H = 160;

/**
 * The panel (`canvas`: #energy): E(x) of each ball at the step shown. `figure` gives what the
 * plot shows (`plotted()`), and takes the reader's x̃: a drag or a key pauses the throw and
 * moves x̃; while dragged, the x window stays where it was (`holdWindow`).
 */
export function mount(canvas, figure) {
  let sized = 0; // bumps when the canvas is resized (ResizeObserver, dpr): part of the key
  const size = hidpiCanvas(canvas, () => (sized += 1)).size;
  // Plot rectangle in backing pixels and the x range it spans, as drawEnergy returned it.
  const rect = { left: 0, right: 1, top: 0, bottom: 1, x0: 0, x1: 1 };
  listen(canvas, rect, figure);
  const style = plotStyles();
  const frame = energyFrames();

  // A canvas in a collapsed or hidden container (an article's closed <details>, an iframe not
  // laid out yet) is smaller than the plot can be drawn in (plot::MIN_CSS_SIZE, which
  // drawEnergy refuses): the next resize changes the key and draws it.
  const fits = () => canvas.width + 1 >= MIN_CSS_W * size.dpr && canvas.height + 1 >= MIN_CSS_H * size.dpr;

  /** drawEnergy's and prepareEnergy's arguments for the wasm module `glue`: the canvas, the
   * frame, and what `figure.plotted()` says, in the page's looks. */
  function plotArgs(glue) {
    const pl = figure.plotted();
    return [canvas, frame.of(glue), pl.picked, pl.chosen ?? NaN, pl.x0, pl.x1, size.dpr, style(glue, figure.dark())];
  }

  /** Draws (in Rust) what `figure.plotted()` says, over the static frame Rust keeps while the
   * axes stay; keeps the plot rectangle it returns. */
  function draw() {
    if (!fits()) return;
    const r = api.guard((f, g) => f.drawEnergy(...plotArgs(g)));
    [rect.left, rect.right, rect.top, rect.bottom, rect.x0, rect.x1] = r;
    countDraw(canvas);
    if (r[6]) countDraw(frame.canvas);
  }

  /** The static frame the next drawing will copy, drawn now if it is not there yet (off the
   * page). Returns whether it drew. */
  function prepare() {
    if (!fits()) return false;
    const fresh = api.guard((f, g) => f.prepareEnergy(...plotArgs(g)));
    if (fresh) countDraw(frame.canvas);
    return fresh;
  }

  return {
    /** What the drawing shows: the throw, the step and x̃ shown, the window, looks, size. */
    key() {
      const pl = figure.plotted();
      return `${pl.key}|${pl.x0}|${pl.x1}|${figure.dark()}|${getLang()}|${sized}`;
    },
    update: draw,
    prepare,
    relabel() {},
    resize() {
      sized += 1;
    },
    /** The plot rectangle in CSS pixels relative to the canvas, and its x range. */
    view() {
      const b = canvas.getBoundingClientRect();
      const s = b.width / canvas.width;
      return { left: rect.left * s, right: rect.right * s, top: rect.top * s, bottom: rect.bottom * s, x0: rect.x0, x1: rect.x1 };
    },
  };
}

/** The PlotStyle of the current colours and language: `(glue, dark) → PlotStyle`, made again
 * when either changes (or the wasm module was loaded again after a crash). */
function plotStyles() {
  let style = null;
  let styleKey = '';
  let styleGlue = null;
  return (glue, dark) => {
    const sk = `${dark}|${getLang()}`;
    if (!style || sk !== styleKey || glue !== styleGlue) {
      if (style && glue === styleGlue) style.free();
      style = plotStyle(glue);
      styleKey = sk;
      styleGlue = glue;
    }
    return style;
  };
}

// How many static frames Rust keeps, one per canvas (src/plot_canvas.rs): a throw that
// restarts at every move of a slider shows the same few windows again and again, at full and
// at draft resolution.
const FRAMES_KEPT = 3;

/** The plot's static frames (axes, labels, legend), kept by Rust in canvases off the page: one
 * EnergyFrame per wasm module `glue` (a new one after the module is loaded again). */
function energyFrames() {
  const canvases = Array.from({ length: FRAMES_KEPT }, () => document.createElement('canvas'));
  // Their draws count as such (window.ipcWall.__draws).
  for (const c of canvases) c.id = 'energy-frame';
  let frame = null;
  let frameGlue = null;
  return {
    canvas: canvases[0],
    of(glue) {
      if (glue !== frameGlue) [frame, frameGlue] = [new glue.EnergyFrame(canvases), glue];
      return frame;
    },
  };
}

/** Pointer and keyboard input on the plot: x̃ from the plot rectangle `rect` of the last
 * drawing, handed to `figure`. */
function listen(canvas, rect, figure) {
  /** x of a pointer event, from the plot rectangle of the last drawing. */
  function xAt(ev) {
    const b = canvas.getBoundingClientRect();
    const px = (ev.clientX - b.left) * (canvas.width / b.width);
    const f = (px - rect.left) / (rect.right - rect.left);
    const x = rect.x0 + f * (rect.x1 - rect.x0);
    return Math.min(Math.max(x, rect.x0), rect.x1);
  }
  const start = () => {
    figure.pause();
    figure.holdWindow(true);
  };
  listenPointer(canvas, { start, move: (ev) => figure.setXTilde(xAt(ev)), end: () => figure.holdWindow(false) });
  canvas.addEventListener('keydown', (ev) => {
    const span = rect.x1 - rect.x0;
    const stepBig = ev.shiftKey || ev.key === 'PageUp' || ev.key === 'PageDown';
    const d = span / (stepBig ? 20 : 200);
    let delta = null;
    if (ev.key === 'ArrowRight' || ev.key === 'ArrowUp' || ev.key === 'PageUp') delta = d;
    if (ev.key === 'ArrowLeft' || ev.key === 'ArrowDown' || ev.key === 'PageDown') delta = -d;
    if (ev.key === 'Home') delta = -Infinity;
    if (ev.key === 'End') delta = Infinity;
    if (delta === null) return;
    ev.preventDefault();
    figure.pause();
    figure.setXTilde(Math.min(Math.max(figure.xTilde() + delta, rect.x0), rect.x1));
  });
}

/** A drag on the canvas: `start()`, `move(ev)` for each position, `end()`. Touch keeps
 * vertical page scrolling (touch-action: pan-y): a touch takes x̃ only once it moves sideways;
 * if the browser scrolls instead, it sends pointercancel and x̃ stays put. */
function listenPointer(canvas, { start, move, end: onEnd }) {
  // The gesture: its pointer, and for a touch not yet decided (`pending`) where it went down.
  const g = { dragging: false, id: null, pending: false, x: 0, y: 0 };
  const ours = (ev) => g.dragging && ev.pointerId === g.id;
  const stop = () => {
    Object.assign(g, { dragging: false, id: null });
    canvas.classList.remove('dragging');
  };
  /** Whether a pending touch is now a drag (it moved sideways: started); a vertical swipe
   * scrolls the page and ends the gesture. */
  function decided(ev) {
    if (!g.pending) return true;
    const [dx, dy] = [Math.abs(ev.clientX - g.x), Math.abs(ev.clientY - g.y)];
    if (dx < 4 && dy < 4) return false;
    g.pending = false;
    if (dy > dx) return stop(), false;
    start();
    return true;
  }
  canvas.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0 && ev.pointerType === 'mouse') return;
    Object.assign(g, { dragging: true, id: ev.pointerId, pending: ev.pointerType === 'touch', x: ev.clientX, y: ev.clientY });
    canvas.setPointerCapture?.(ev.pointerId);
    canvas.classList.add('dragging');
    if (g.pending) return;
    start();
    move(ev);
    ev.preventDefault();
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!ours(ev) || !decided(ev)) return;
    move(ev);
    ev.preventDefault();
  });
  const end = (ev) => {
    if (!ours(ev)) return;
    stop();
    if (g.pending) {
      // A tap: put x̃ where the finger was.
      g.pending = false;
      if (ev.type !== 'pointerup') return;
      start();
      move(ev);
    }
    onEnd();
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('lostpointercapture', end);
}
