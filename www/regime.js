// The regime map: every launch speed × time step of the sliders' ranges (log axes) at once, for
// the current k, d̂, κ, mass and wall, in two panels, each of any of the four models (by
// default the red ball left and the green one right, as Rust's Regime has them). A cell is
// hatched if its ball went through, grey if it reached the wall, else coloured by its closest
// gap. Both carry the lines v·h = W/2 and v·h = W and a crosshair at the current v0 and h; a
// click or tap on a cell throws there.
//
// The cells are whole throws computed in Rust (Regime) in www/regime-worker.js, or without a
// worker a few milliseconds per frame from the page's one animation loop: a 32 × 32 map first
// (the preview while a slider is dragged), then 128 × 128, each shown only once complete. The
// map is asked again only when a parameter other than v0 and h changes.
//
// In this file, in order: compute (requestMap, fillSliced), cell painting (paintLayer), the
// overlays (the cached static layer, the cursor), then the panel with its input.

import * as api from './api.js';
import { t, fmtSig, fmtPow, fmtLength, fmtTime, withUnit, getLang } from './i18n.js';
import { el, fmtDecade, fmtDecadeLength } from './chart.js';
import { FONT_SMALL, hidpiCanvas, pointerAt, text } from './draw.js';
import { gridOf, cellOf } from './regime-cells.js';
import { MODELS, look } from './models.js';
import { cellWords, modelWord } from './outcome.js';

export const N_FIRST = 32;
export const N_FULL = 128;
const SIZES = [N_FIRST, N_FULL];
const M = { left: 44, right: 14, top: 10, bottom: 34 };

// Viridis (perceptually uniform, readable by colour-blind readers and in greyscale).
const VIRIDIS = [
  [68, 1, 84],
  [71, 44, 122],
  [59, 81, 139],
  [44, 113, 142],
  [33, 144, 141],
  [39, 173, 129],
  [92, 200, 99],
  [170, 220, 50],
  [253, 231, 37],
];

function viridis(u) {
  const x = Math.min(1, Math.max(0, u)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const a = VIRIDIS[i];
  const b = VIRIDIS[i + 1];
  return [0, 1, 2].map((k) => Math.round(a[k] + f * (b[k] - a[k])));
}

/** The CSS gradient of the colour scale, for the legend bar. */
export function viridisCss() {
  return `linear-gradient(to right, ${VIRIDIS.map((c, i) => `rgb(${c.join(',')}) ${((100 * i) / (VIRIDIS.length - 1)).toFixed(1)}%`).join(', ')})`;
}

/** What the map depends on: the panels' models and all parameters but v0 and h. */
function mapKey(p, models) {
  return [p.k, p.dhat, p.kappa, p.mass, p.wall, p.thickness, p.ccd_safety, p.tol, p.steps, ...models].join('|');
}

function parseRgb(css) {
  const m = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  const r = /rgba?\(([^)]+)\)/.exec(css);
  if (r) return r[1].split(',').slice(0, 3).map((v) => Number(v.trim()));
  return [128, 128, 128];
}

/** `a` mixed with `b`, a fraction `f` of the way. */
const mix = (a, b, f) => a.map((v, i) => Math.round(v + f * (b[i] - v)));

/** Model `name`'s colour from the palette (readColors: CSS variables by the model table). */
const modelRgb = (c, name) => parseRgb(c[look(name).color] || c.muted);

/** The gap's colour scale: six decades up to d̂ (no gap reaches d̂), fixed per map, so the
 * colours do not shift while it fills. */
function rangeOf(params) {
  const top = Math.ceil(Math.log10(params.dhat) - 1e-9);
  return [top - 6, top];
}

// ---- compute: in the worker, or sliced on the page when there is none ---------------------

/**
 * The map's cells for one set of parameters: a 32 × 32 preview first (fast, shown while a
 * slider is dragged), then the 128 × 128 map, each handed over only when complete. `C.grids`
 * holds this request's grids by size; a new request drops them and its answers alone count.
 */
function requestMap(C, params, models, offload) {
  C.key = mapKey(params, models);
  C.params = { ...params };
  C.grids = {};
  C.fill_ms = {};
  C.progress = { n: N_FIRST, progress: 0 };
  C.sliced?.regime?.free();
  C.sliced = null;
  C.viaWorker = offload.alive();
  const own = { params: C.params };
  const take = (d) => (d.kind === 'grid' ? receive(C, own, d.grid, d.fill_ms) : (C.progress = { n: d.n, progress: d.progress }));
  if (C.viaWorker) offload.map(C.params, models, SIZES, take);
  else C.sliced = { params: C.params, models, size: 0, regime: null, own };
}

function receive(C, own, grid, fillMs) {
  C.grids[grid.n] = grid;
  C.fill_ms = fillMs;
  C.progress = { n: grid.n, progress: 1 };
  // The picture to paint: always one whole grid, with the parameters it was made for.
  C.shown = { grid, params: own.params, version: (C.shown?.version ?? 0) + 1 };
}

/** The fallback: fills the map in flight on the page until `deadline` (performance.now() ms). */
function fillSliced(C, deadline) {
  const s = C.sliced;
  if (!s) return;
  for (;;) {
    const n = SIZES[s.size];
    s.regime ??= api.guard((_, g) => new g.Regime(s.params, n, s.models));
    const t0 = performance.now();
    const done = api.guard(() => s.regime.fill(0));
    C.fill_ms[`n${n}`] = (C.fill_ms[`n${n}`] ?? 0) + performance.now() - t0;
    C.progress = { n, progress: api.guard(() => s.regime.progress()) };
    if (done) {
      const grid = api.guard(() => gridOf(s.regime));
      api.guard(() => s.regime.free());
      s.regime = null;
      s.size += 1;
      if (s.size === SIZES.length) C.sliced = null;
      receive(C, s.own, grid, { ...C.fill_ms });
      return;
    }
    if (performance.now() >= deadline) return;
  }
}

// ---- cell painting -------------------------------------------------------------------------

/** The plotting rectangle of a map canvas `w × h` CSS px, with the axes' ends `range`
 * (`{v: {min, max}, h: {min, max}}`, from Rust's Regime.axes()). */
const geometry = (w, h, range) => ({ left: M.left, top: M.top, right: w - M.right, bottom: h - M.bottom, ...range });

/** CSS px of v0 and h in `plot` (log axes). */
function axesOf(plot) {
  const { v: V, h: H } = plot;
  return {
    px: (v) => plot.left + ((plot.right - plot.left) * Math.log(v / V.min)) / Math.log(V.max / V.min),
    py: (h) => plot.bottom - ((plot.bottom - plot.top) * Math.log(h / H.min)) / Math.log(H.max / H.min),
  };
}

/** A colour as one RGBA pixel of a Uint32Array view (little-endian: ABGR). */
const pack = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
const VIRIDIS_LUT = Uint32Array.from({ length: 256 }, (_, k) => pack(viridis(k / 255)));
// Pixels written per layer per frame: a whole new picture is spread over a few frames.
const PAINT_BUDGET_PX = 300_000;

/** Each cell's colour on panel `idx`: its model's pale colour where the ball went through
 * (stripes come on top), the wall's grey where it reached the wall, else its closest gap on
 * the colour scale. */
function cellColours(idx, shown, c) {
  const { n, models } = shown.grid;
  const [outcomes, gaps] = [shown.grid.outcomes[idx], shown.grid.gaps[idx]];
  const lane = pack(parseRgb(c.lane));
  const reached = pack(parseRgb(c.wallFill));
  const through = pack(mix(modelRgb(c, models[idx]), parseRgb(c.bg), 0.8));
  const [lo, hi] = rangeOf(shown.params);
  const colour = new Uint32Array(n * n);
  for (let k = 0; k < n * n; k++) {
    const g = gaps[k];
    if (Number.isNaN(g)) colour[k] = lane;
    else if (outcomes[k] === 2) colour[k] = through;
    else if (!(g > 0)) colour[k] = reached;
    else colour[k] = VIRIDIS_LUT[Math.round(255 * Math.min(1, Math.max(0, (Math.log10(g) - lo) / (hi - lo))))];
  }
  return colour;
}

/**
 * Pixel rows [y0, y1) of layer `L`: each row written one cell-wide span at a time (a native
 * fill), then the stripes of "through" cells (outcome 2): a few operations per cell.
 */
function paintRows(L, idx, y0, y1, c, dpr) {
  const { width: w, height: h } = L.img;
  const { n, models } = L.shown.grid;
  const outcomes = L.shown.grid.outcomes[idx];
  const px32 = new Uint32Array(L.img.data.buffer);
  const xs = Int32Array.from({ length: n + 1 }, (_, i) => Math.min(w, Math.max(0, Math.round((i * w) / n))));
  const stripe = pack(modelRgb(c, models[idx]));
  const period = Math.max(4, Math.round(6 * dpr));
  const thick = Math.max(1, Math.round(1.2 * dpr));
  for (let y = y0; y < y1; y++) {
    const base = (n - 1 - Math.min(n - 1, Math.floor(((y + 0.5) * n) / h))) * n;
    const row = y * w;
    for (let i = 0; i < n; i++) {
      const k = base + i;
      px32.fill(L.colour[k], row + xs[i], row + xs[i + 1]);
      if (outcomes[k] !== 2) continue;
      // Pixels with (x + y) mod period < thick: diagonal lines across the cells.
      let x = xs[i] + ((((period - ((xs[i] + y) % period)) % period) + period) % period) - period;
      for (; x < xs[i + 1]; x += period) {
        for (let t = 0; t < thick; t++) if (x + t >= xs[i] && x + t < xs[i + 1]) px32[row + x + t] = stripe;
      }
    }
  }
}

/**
 * The cells of map `idx` at the plot's backing size `w × h`, painted into an ImageData a few
 * rows per frame and put on the layer's canvas only once whole: the layer always holds one
 * complete picture, never old rows beside new ones. Returns whether rows are left to paint.
 * No scaled drawImage: in a software canvas those cost tens of milliseconds.
 */
function paintLayer(L, idx, shown, c, dpr, w, h) {
  const model = shown?.grid.models[idx];
  const key = `${w}x${h}|${dpr}|${c.lane}|${c.bg}|${c.wallFill}|${model && c[look(model).color]}|${shown?.version}`;
  if (key !== L.key) {
    L.key = key;
    if (L.img?.width !== w || L.img?.height !== h) L.img = new ImageData(w, h);
    L.shown = shown;
    L.colour = shown ? cellColours(idx, shown, c) : null;
    if (!shown) new Uint32Array(L.img.data.buffer).fill(pack(parseRgb(c.lane)));
    L.next = shown ? h : 0; // rows [0, next) are left, painted from the bottom (smallest h) up
    if (!shown) commitLayer(L);
  }
  if (L.next <= 0) return false;
  const y0 = Math.max(0, L.next - Math.max(1, Math.floor(PAINT_BUDGET_PX / w)));
  paintRows(L, idx, y0, L.next, c, dpr);
  L.next = y0;
  if (L.next === 0) commitLayer(L);
  return L.next > 0;
}

function commitLayer(L) {
  if (L.canvas.width !== L.img.width) L.canvas.width = L.img.width;
  if (L.canvas.height !== L.img.height) L.canvas.height = L.img.height;
  L.canvas.getContext('2d').putImageData(L.img, 0, 0);
  L.version += 1;
}

// ---- overlays ----------------------------------------------------------------------------

/** Axes: decades labelled, 2 and 5 as minor ticks; the frame around the plot. */
function drawAxes(ctx, plot, w, h, c) {
  const { left, top, right, bottom } = plot;
  const { px, py } = axesOf(plot);
  ctx.strokeStyle = c.line;
  ctx.lineWidth = 1;
  ctx.strokeRect(left - 0.5, top - 0.5, right - left + 1, bottom - top + 1);
  const decades = (r) => [Math.floor(Math.log10(r.min) + 1e-9), Math.ceil(Math.log10(r.max) - 1e-9), r];
  for (const [axis, lo, hi, at] of [
    ['v', ...decades(plot.v)],
    ['h', ...decades(plot.h)],
  ]) {
    for (let e = lo; e <= hi; e++) {
      for (const m of [1, 2, 5]) {
        const v = m * 10 ** e;
        if (v < at.min * 0.999 || v > at.max * 1.001) continue;
        const len = m === 1 ? 5 : 3;
        ctx.beginPath();
        if (axis === 'v') {
          const x = Math.round(px(v)) + 0.5;
          ctx.moveTo(x, bottom);
          ctx.lineTo(x, bottom + len);
          if (m === 1) text(ctx, fmtDecade(v), x, bottom + 16, { color: c.muted, font: FONT_SMALL, align: 'center' });
        } else {
          const y = Math.round(py(v)) + 0.5;
          ctx.moveTo(left, y);
          ctx.lineTo(left - len, y);
          if (m === 1) text(ctx, fmtDecade(v * 1e3), left - 7, y + 4, { color: c.muted, font: FONT_SMALL, align: 'right' });
        }
        ctx.strokeStyle = c.line;
        ctx.stroke();
      }
    }
  }
  text(ctx, t('regime.v0axis'), right, h - 3, { color: c.muted, font: FONT_SMALL, align: 'right' });
  text(ctx, t('regime.haxis'), 4, top + 8, { color: c.muted, font: FONT_SMALL, baseline: 'middle' });
}

/** v·h = W/2 (dashed) and v·h = W (solid): straight lines of slope −1 on log–log axes. */
function drawLines(ctx, plot, c, W) {
  const { left, top, right, bottom } = plot;
  const { px, py } = axesOf(plot);
  const { v: V, h: H } = plot;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, right - left, bottom - top);
  ctx.clip();
  for (const [c0, dash, key] of [
    [W / 2, [6, 4], 'regime.lineHalf'],
    [W, [], 'regime.lineFull'],
  ]) {
    ctx.setLineDash(dash);
    for (const [color, width] of [
      [c.bg, 4],
      [c.fg, 1.6],
    ]) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.moveTo(px(V.min), py(c0 / V.min));
      ctx.lineTo(px(V.max), py(c0 / V.max));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // W near the top, to the right of its line; W/2 near the bottom, to its left: apart
    // from each other and from the crosshair at the article's values.
    const full = c0 === W;
    let lh = full ? H.max / 2 : H.min * 4;
    let lv = c0 / lh;
    if (!(lv > V.min * 1.5 && lv < V.max / 1.5)) {
      lv = Math.sqrt(V.min * V.max);
      lh = c0 / lv;
    }
    const [lx, ly] = [px(lv), py(lh)];
    text(ctx, t(key), full ? lx + 6 : lx - 6, full ? ly + 4 : ly + 2, { color: c.fg, font: FONT_SMALL, halo: c.bg, align: full ? 'left' : 'right' });
  }
  ctx.restore();
}

/**
 * The static layer of a map (axes, labels, the v·h lines) in an offscreen canvas, drawn again
 * only when the size, the colours, the language or W change; otherwise blitted.
 */
function staticLayer(S, size, plot, c, W) {
  const { w, h, dpr } = size;
  const key = `${w}x${h}|${dpr}|${c.bg}|${c.fg}|${c.line}|${c.muted}|${getLang()}|${W}`;
  if (key === S.key) return S.canvas;
  S.key = key;
  S.canvas.width = Math.max(1, Math.round(w * dpr));
  S.canvas.height = Math.max(1, Math.round(h * dpr));
  const ctx = S.canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawAxes(ctx, plot, w, h, c);
  drawLines(ctx, plot, c, W);
  return S.canvas;
}

/** The crosshair at the current v0 and h, and an outline on the cell under the pointer. */
function drawCursor(ctx, plot, c, p, hover) {
  const { left, top, right, bottom } = plot;
  const { px, py } = axesOf(plot);
  const cx = Math.round(px(p.v0)) + 0.5;
  const cy = Math.round(py(p.h)) + 0.5;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, right - left, bottom - top);
  ctx.clip();
  for (const [color, width] of [
    [c.bg, 3],
    [c.xtilde, 1.4],
  ]) {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(cx, top);
    ctx.lineTo(cx, cy - 7);
    ctx.moveTo(cx, cy + 7);
    ctx.lineTo(cx, bottom);
    ctx.moveTo(left, cy);
    ctx.lineTo(cx - 7, cy);
    ctx.moveTo(cx + 7, cy);
    ctx.lineTo(right, cy);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, 5, 0, 2 * Math.PI);
    ctx.stroke();
  }
  if (hover) {
    const [i, j] = hover;
    const cw = (right - left) / N_FULL;
    const ch = (bottom - top) / N_FULL;
    ctx.strokeStyle = c.fg;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(left + i * cw - 1, bottom - (j + 1) * ch - 1, cw + 2, ch + 2);
  }
  ctx.restore();
}

/** One panel: a caption with its model's picker, the canvas and a legend of what it shows. */
function makePanel(side, onPick) {
  const canvas = el('canvas', { id: `regime-${side}`, tabindex: '0', role: 'img', class: 'regime-canvas' });
  const select = el('select', { id: `regime-model-${side}`, class: 'map-model' });
  select.addEventListener('change', () => onPick(select.value));
  const label = el('span', { class: 'visually-hidden' });
  const caption = el('span', { class: 'map-params' });
  const bar = el('div', { class: 'scale-bar' });
  bar.style.backgroundImage = viridisCss();
  const legend = {
    through: [el('span', { class: 'swatch through', 'aria-hidden': 'true' }), el('span')],
    reached: [el('span', { class: 'swatch stopped', 'aria-hidden': 'true' }), el('span')],
    gaps: el('div', { class: 'legend-gaps' }, el('span', { class: 'legend-title' }), el('div', { class: 'scale' }, bar, el('div', { class: 'scale-ticks' }))),
  };
  const figcaption = el('figcaption', { class: 'map-caption' }, el('label', {}, label, select), ' ', caption);
  const legendRoot = el('div', { class: 'map-legend' }, ...legend.through, ...legend.reached, legend.gaps);
  return { side, canvas, select, label, caption, legend, model: null, figure: el('figure', { class: 'map' }, figcaption, canvas, legendRoot) };
}

/** The picker's options in this language, the panel's model chosen (built again only when
 * one of those changed, not for every parameter the legends follow). */
function fillPicker(P) {
  const key = `${getLang()}|${P.model}`;
  if (P.pickerKey === key) return;
  P.pickerKey = key;
  P.label.textContent = t('regime.panel');
  P.select.replaceChildren(...MODELS.map((m) => el('option', { value: m.name, text: modelWord(m.name) })));
  P.select.value = P.model;
  P.figure.style.setProperty('--model', `var(--${P.model})`);
  P.figure.style.setProperty('--model-text', `var(--${P.model}-text)`);
}

/** A panel's legend: what its cells mean, only the kinds of cell its grid has. */
function fillLegend(P, grid, idx, params) {
  const has = { through: false, reached: false, gaps: false };
  if (grid) {
    const [o, g] = [grid.outcomes[idx], grid.gaps[idx]];
    for (let k = 0; k < o.length; k++) {
      if (o[k] === 2) has.through = true;
      else if (g[k] > 0) has.gaps = true;
      else has.reached = true;
    }
  }
  P.legend.through[1].textContent = t('regime.through');
  P.legend.reached[1].textContent = t('regime.stopped');
  for (const k of ['through', 'reached']) for (const e of P.legend[k]) e.hidden = !has[k];
  P.legend.gaps.hidden = !has.gaps;
  P.legend.gaps.firstChild.textContent = t('regime.gapLegend');
  const [lo, hi] = rangeOf(params);
  const labels = [];
  const stepE = hi - lo > 5 ? 2 : 1;
  for (let e = lo; e <= hi; e += stepE) {
    const s = el('span', { text: fmtDecadeLength(10 ** e) });
    s.style.left = `${(100 * (e - lo)) / (hi - lo)}%`;
    labels.push(s);
  }
  P.legend.gaps.querySelector('.scale-ticks').replaceChildren(...labels);
}

/**
 * The panel (`root`: its section). `figure` gives `throwWith` (a click throws there), the
 * worker (`offload`), the colours and `deadline()`, until when the page's own fill may run.
 */
export function mount(root, figure) {
  const { offload } = figure;
  const pick = (idx) => (name) => {
    maps[idx].model = name;
    fillPicker(maps[idx]);
    R.wordsKey = '';
    if (lastState) compute(lastState, 0);
  };
  const maps = [makePanel('left', pick(0)), makePanel('right', pick(1))];
  const readout = el('p', { class: 'regime-readout', id: 'regime-readout' });
  const status = el('p', { class: 'hint regime-status', id: 'regime-status' });
  const lines = el('p', { class: 'map-lines hint' });
  root.append(
    el('h2', { id: 'regime-title', 'data-i18n': 'regime.title', text: t('regime.title') }),
    el('p', { class: 'hint', 'data-i18n': 'regime.lede', text: t('regime.lede') }),
    el('div', { class: 'maps' }, ...maps.map((m) => m.figure)),
    lines,
    readout,
    status,
  );

  // C: the cells (compute); R: what is drawn.
  const C = { key: '', params: null, grids: {}, fill_ms: {}, progress: null, sliced: null, viaWorker: false, shown: null };
  const R = {
    glue: null,
    axes: null, // an empty 128 × 128 Regime: the axes' cell ↔ value maths, from Rust
    range: null, // its axes' ends
    hover: null, // [i, j] of the fine grid under the pointer or keyboard cursor
    colors: null,
    drawnKey: '',
    sized: 0, // bumps when a canvas is resized: part of the key
  };
  const views = maps.map((m) => hidpiCanvas(m.canvas, () => (R.sized += 1)));

  const newLayer = () => ({ canvas: document.createElement('canvas'), key: '', img: null, shown: null, colour: null, next: 0, version: 0 });
  const layers = [newLayer(), newLayer()];
  const statics = [0, 1].map(() => ({ canvas: document.createElement('canvas'), key: '' }));
  const plotOf = (idx) => geometry(views[idx].size.w, views[idx].size.h, R.range);

  /** One map canvas: the cells, the static layer, the cursor. Counts as one draw. */
  function drawMap(idx, state) {
    const view = views[idx];
    const { w, h, dpr } = view.size;
    if (w < 120 || h < 100) return;
    const c = R.colors;
    const ctx = view.begin(c.bg);
    const plot = plotOf(idx);
    // The cells and the static layer, pixel for pixel (no scaling per frame).
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(layers[idx].canvas, Math.round(plot.left * dpr), Math.round(plot.top * dpr));
    ctx.drawImage(staticLayer(statics[idx], view.size, plot, c, state.params.thickness), 0, 0);
    ctx.restore();
    drawCursor(ctx, plot, c, state.params, R.hover);
  }

  /** Paints the layers' pending rows (a layer's version counts its finished pictures). */
  function paintLayers() {
    layers.forEach((L, idx) => {
      const { dpr } = views[idx].size;
      const g = plotOf(idx);
      paintLayer(L, idx, C.shown, R.colors, dpr, Math.max(1, Math.round((g.right - g.left) * dpr)), Math.max(1, Math.round((g.bottom - g.top) * dpr)));
    });
  }

  /** Captions, legends and labels, for the parameters and models of the picture shown. */
  function updateLegends(state) {
    const p = state.params;
    const shownParams = C.shown?.params ?? p;
    maps.forEach((P, idx) => {
      fillPicker(P);
      const vars = { k: withUnit(fmtPow(p.k, 3), 'N/m'), dhat: fmtLength(p.dhat, 3), kappa: fmtPow(p.kappa, 3), s: fmtSig(p.ccd_safety, 3) };
      P.caption.textContent = t(`regime.caption.${P.model}`, vars);
      const grid = C.shown?.grid.models[idx] === P.model ? C.shown.grid : null;
      fillLegend(P, grid, idx, shownParams);
      P.canvas.setAttribute('aria-label', t('regime.alt', { model: t(look(P.model).label) }));
    });
    lines.textContent = t('regime.lines', { half: fmtLength(p.thickness / 2, 3), w: fmtLength(p.thickness, 3) });
  }

  function updateStatus() {
    if (!C.progress) return;
    const text = C.grids[N_FULL]
      ? t('regime.done', { n: N_FULL, ms: Math.round((C.fill_ms[`n${N_FULL}`] ?? 0) + (C.fill_ms[`n${N_FIRST}`] ?? 0)) })
      : t('regime.filling', { n: C.progress.n, pct: Math.floor(100 * C.progress.progress) });
    if (status.textContent !== text) status.textContent = text;
  }

  /** Cell (i, j) of the fine grid of this request, from the fine grid or else the preview. */
  function cellNow(i, j, fineOnly) {
    const g = C.grids[N_FULL] ?? (fineOnly ? null : C.grids[N_FIRST]);
    if (!g || !R.axes) return undefined;
    const s = N_FULL / g.n;
    return cellOf(g, Math.floor(i / s), Math.floor(j / s), ...api.guard(() => [R.axes.v0At(i), R.axes.hAt(j)]));
  }

  /** Readout of a cell of the fine grid (or the preview while the fine is not there). */
  function describe(i, j) {
    const cell = cellNow(i, j, false);
    if (!cell) return t('regime.notYet');
    const names = [...new Set(C.shown.grid.models)];
    const cells = names.map((m) => cellWords(m, cell[m])).join('; ');
    return t('regime.read', { v0: withUnit(fmtSig(cell.v0, 3), 'm/s'), h: fmtTime(cell.h), vh: fmtLength(cell.v0 * cell.h, 3), cells });
  }

  function cellAt(x, y, idx) {
    const plot = plotOf(idx);
    if (x < plot.left || x > plot.right || y < plot.top || y > plot.bottom) return null;
    const n = N_FULL;
    const i = Math.min(n - 1, Math.floor(((x - plot.left) / (plot.right - plot.left)) * n));
    const j = Math.min(n - 1, Math.floor(((plot.bottom - y) / (plot.bottom - plot.top)) * n));
    return [i, j];
  }

  function setHover(cell, announce) {
    const key = cell ? cell.join(',') : '';
    if (key === (R.hover ? R.hover.join(',') : '')) return;
    R.hover = cell;
    R.drawnKey = '';
    readout.textContent = cell && C.shown ? describe(cell[0], cell[1]) : '';
    readout.setAttribute('aria-live', announce ? 'polite' : 'off');
  }

  /** Throws at the centre of fine cell (i, j), as the Rust map samples it. */
  function choose(cell) {
    if (!cell || !R.axes) return;
    const [v0, h] = api.guard(() => [R.axes.v0At(cell[0]), R.axes.hAt(cell[1])]);
    figure.throwWith({ v0, h });
  }

  /** Input: hover and click or tap with a pointer; arrows, Enter and Space from the keyboard. */
  function listen(c, idx) {
    let down = null;
    c.addEventListener('pointermove', (ev) => {
      if (ev.pointerType === 'mouse') {
        const { x, y } = pointerAt(c, ev);
        setHover(cellAt(x, y, idx), false);
      }
    });
    c.addEventListener('pointerleave', (ev) => {
      if (ev.pointerType === 'mouse') setHover(null, false);
    });
    c.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0 && ev.pointerType === 'mouse') return;
      down = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
    });
    c.addEventListener('pointerup', (ev) => {
      if (!down || down.id !== ev.pointerId) return;
      const moved = Math.hypot(ev.clientX - down.x, ev.clientY - down.y);
      down = null;
      if (moved > 10) return; // a scroll or a drag, not a tap
      const { x, y } = pointerAt(c, ev);
      const cell = cellAt(x, y, idx);
      setHover(cell, false);
      choose(cell);
    });
    c.addEventListener('pointercancel', () => (down = null));
    // Keyboard: arrows move a cursor cell from the crosshair, Enter or Space throws there.
    c.addEventListener('keydown', (ev) => {
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      if (ev.key in moves) {
        ev.preventDefault();
        const base = R.hover ?? current();
        const big = ev.shiftKey ? 8 : 1;
        const [di, dj] = moves[ev.key];
        setHover([Math.min(N_FULL - 1, Math.max(0, base[0] + di * big)), Math.min(N_FULL - 1, Math.max(0, base[1] + dj * big))], true);
      } else if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        choose(R.hover ?? current());
      }
    });
    c.addEventListener('blur', () => setHover(null, false));
  }
  maps.forEach((m, idx) => listen(m.canvas, idx));

  let lastState = null;
  /** [i, j] of the fine cell under the crosshair. */
  function current() {
    const p = lastState.params;
    return Array.from(api.guard(() => R.axes.cellOf(p.v0, p.h)));
  }

  /** A new wasm instance (first load, or after a recovery): new axes, and the map again. */
  function attach(glue) {
    try {
      R.axes?.free();
    } catch {
      // From a wasm instance that trapped: nothing to free.
    }
    R.glue = glue;
    R.axes = api.guard((_, g) => new g.Regime({}, N_FULL));
    const [v0min, v0max, hmin, hmax] = api.guard(() => R.axes.axes());
    R.range = { v: { min: v0min, max: v0max }, h: { min: hmin, max: hmax } };
    // The panels start on Rust's default pair (the article's two balls).
    const defaults = api.guard(() => R.axes.models());
    maps.forEach((P, idx) => (P.model ??= defaults[idx]));
    C.key = '';
  }

  /** Asks for the map again if a parameter it depends on changed (or the worker went away). */
  function compute(state, deadline) {
    const glue = api.guard((_, g) => g);
    if (glue !== R.glue) attach(glue);
    const models = maps.map((P) => P.model);
    if (mapKey(state.params, models) !== C.key || (C.viaWorker && !offload.alive() && !C.grids[N_FULL])) {
      requestMap(C, state.params, models, offload);
      R.hover = null;
    }
    fillSliced(C, deadline);
    updateStatus();
  }

  /** What the two canvases show: the pictures, the crosshair, the cursor, words and size. */
  function drawKey(p) {
    const pictures = `${layers[0].version}|${layers[1].version}|${C.shown?.version}`;
    return `${pictures}|${p.v0}|${p.h}|${p.thickness}|${getLang()}|${R.hover}|${figure.dark()}|${R.sized}`;
  }

  return {
    /** Off screen too: the cells (in the worker, or sliced until `figure.deadline()`), and the
     * words (captions, legends, text alternatives: they take room and are read aloud). */
    keep(state) {
      lastState = state;
      if (figure.colors() !== R.colors) {
        R.colors = figure.colors();
        R.drawnKey = '';
      }
      compute(state, figure.deadline());
      const p = state.params;
      const wordsKey = `${C.shown?.version}|${p.k}|${p.dhat}|${p.kappa}|${p.ccd_safety}|${p.thickness}|${getLang()}|${maps.map((P) => P.model)}`;
      if (wordsKey !== R.wordsKey) {
        R.wordsKey = wordsKey;
        updateLegends(state);
      }
    },
    /** Changes while a new picture is painted a few rows a frame, then with what is drawn. */
    key(state) {
      const painting = C.shown && layers.some((L) => L.key === '' || L.next > 0 || L.shown !== C.shown);
      return `${drawKey(state.params)}|${painting ? performance.now() : ''}`;
    },
    /** Paints the pending rows, and redraws the maps when their inputs changed. */
    update(state) {
      paintLayers();
      const key = drawKey(state.params);
      if (key === R.drawnKey) return;
      R.drawnKey = key;
      drawMap(0, state);
      drawMap(1, state);
    },
    resize() {
      R.sized += 1;
    },
    relabel() {
      R.drawnKey = '';
      R.wordsKey = '';
      updateStatus();
      if (R.hover) readout.textContent = describe(R.hover[0], R.hover[1]);
    },
    /** For window.ipcWall.regime(): the full map and how it was computed. */
    api() {
      const g = C.grids[N_FULL];
      return {
        n: N_FULL,
        complete: !!g,
        progress: g ? 1 : C.progress?.n === N_FULL ? C.progress.progress : 0,
        fill_ms: { ...C.fill_ms },
        /** Whether the cells come from the worker (else from the page's own sliced fill). */
        worker: C.viaWorker,
        /** For the benchmark: a promise of the worker's wasm memory in bytes. */
        workerMemory: () => offload.memory(),
        cell: (i, j) => (i >= 0 && j >= 0 && i < N_FULL && j < N_FULL ? cellNow(i, j, true) : undefined),
        cellOf: (v0, h) => Array.from(api.guard(() => R.axes.cellOf(v0, h))),
        v0At: (i) => api.guard(() => R.axes.v0At(i)),
        hAt: (j) => api.guard(() => R.axes.hAt(j)),
        /** The two panels' models, left and right, of the map shown. */
        models: g ? [...g.models] : maps.map((P) => P.model),
        /** Panel `p`'s outcomes in the fine map (0 none, 1 stopped, 2 through; by default
         * the left panel's) and closest gaps [m] (by default the right panel's), row-major, as
         * Regime.outcomes(p) and Regime.gaps(p) give them. */
        outcomes: (p = 0) => g?.outcomes[p]?.slice(),
        gaps: (p = 1) => g?.gaps[p]?.slice(),
        /** The plotting rectangle of both map canvases, CSS px relative to each canvas. */
        plot: () => plotOf(0),
      };
    },
  };
}
