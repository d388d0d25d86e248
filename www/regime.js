// The regime map: every launch speed × time step of the sliders' ranges (log axes) at once, for
// the current k, d̂, κ, mass and wall. Left, the red ball: went through (hatched) or stopped.
// Right, the green ball: its closest gap to the wall on a colour scale. Both carry the lines
// v·h = W/2 and v·h = W and a crosshair at the current v0 and h; a click or tap on a cell
// throws there.
//
// The cells are whole throws computed in Rust (Regime), a few milliseconds per frame from the
// page's one animation loop: a 64 × 64 map first (a fast first picture), then 128 × 128 drawn
// over it row by row. The map is rebuilt only when a parameter other than v0 and h changes.

import * as api from './api.js';
import { t, fmtSig, fmtPow, fmtGap, fmtDepth, fmtLength, fmtTime, withUnit } from './i18n.js';
import { el, FONT_SMALL, hidpiCanvas, pointerAt, text, fmtDecade, fmtDecadeLength } from './chart.js';

export const N_FIRST = 64;
export const N_FULL = 128;
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

/** The parameters the map depends on: all but v0 and h. */
function mapKey(p) {
  return [p.k, p.dhat, p.kappa, p.mass, p.wall, p.thickness, p.ccd_safety, p.tol, p.steps].join('|');
}

function parseRgb(css) {
  const m = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  const r = /rgba?\(([^)]+)\)/.exec(css);
  if (r) return r[1].split(',').slice(0, 3).map((v) => Number(v.trim()));
  return [128, 128, 128];
}

export function setupRegime(root, { onSet }) {
  const makeMap = (model) => {
    const canvas = el('canvas', { id: `regime-${model}`, tabindex: '0', role: 'img', class: 'regime-canvas' });
    const caption = el('figcaption', { class: 'map-caption' });
    const legend = el('div', { class: 'map-legend' });
    return { model, canvas, caption, legend, figure: el('figure', { class: `map map-${model}` }, caption, canvas, legend) };
  };
  const maps = [makeMap('penalty'), makeMap('ipc')];
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

  // The ipc legend: a colour bar with decade ticks.
  const bar = el('div', { class: 'scale-bar' });
  bar.style.backgroundImage = viridisCss();
  const barTicks = el('div', { class: 'scale-ticks' });
  const ipcLegendTitle = el('span', { class: 'legend-title' });
  maps[1].legend.append(ipcLegendTitle, el('div', { class: 'scale' }, bar, barTicks));
  const penLegend = [el('span', { class: 'swatch stopped', 'aria-hidden': 'true' }), el('span'), el('span', { class: 'swatch through', 'aria-hidden': 'true' }), el('span')];
  maps[0].legend.append(...penLegend);

  const R = {
    key: '',
    glue: null,
    coarse: null,
    fine: null,
    params: null,
    fillMs: { [N_FIRST]: 0, [N_FULL]: 0 },
    data: null, // {n, outcomes, gaps} of the map shown, composed from coarse and fine
    dataVersion: 0,
    range: null, // [lo, hi] decades of the gap's colour scale
    hover: null, // [i, j] of the fine grid under the pointer or keyboard cursor
    colors: null,
    drawnKey: '',
    shownAt: 0,
    unshown: null, // new cells not drawn yet: 'cells', or 'complete' once the map is
  };
  const views = maps.map((m) => hidpiCanvas(m.canvas, () => (R.drawnKey = '')));

  function free() {
    for (const r of [R.coarse, R.fine]) {
      try {
        r?.free();
      } catch {
        // From a wasm instance that trapped: nothing to free.
      }
    }
    R.coarse = null;
    R.fine = null;
  }

  function rebuild(params, glue) {
    free();
    R.glue = glue;
    R.params = { ...params };
    R.coarse = api.guard((_, g) => new g.Regime(params, N_FIRST));
    R.fillMs = { [N_FIRST]: 0, [N_FULL]: 0 };
    R.data = null;
    // The gap's colour scale: six decades up to d̂ (no gap reaches d̂), fixed for the map, so
    // the colours do not shift while it fills.
    const top = Math.ceil(Math.log10(params.dhat) - 1e-9);
    R.range = [top - 6, top];
    R.unshown = null;
    R.shownCount = undefined;
    R.dataVersion += 1;
  }

  /** The map to fill next, or null when the fine one is complete. */
  function working() {
    if (R.coarse && R.coarse.progress() < 1) return R.coarse;
    if (!R.fine) R.fine = api.guard((_, g) => new g.Regime(R.params, N_FULL));
    return R.fine.progress() < 1 ? R.fine : null;
  }

  /** Fills until `deadline` (performance.now() ms), at least one group of cells. */
  function fill(deadline) {
    let did = false;
    for (;;) {
      const r = working();
      if (!r) break;
      const n = r === R.coarse ? N_FIRST : N_FULL;
      const t0 = performance.now();
      api.guard(() => r.fill(0));
      R.fillMs[n] += performance.now() - t0;
      did = true;
      if (performance.now() >= deadline) break;
    }
    return did;
  }

  /** The cells to draw at N_FULL resolution: fine where computed, else the coarse cell. */
  function compose() {
    const prevN = R.data?.n ?? 0;
    const working = R.fine ?? R.coarse;
    const count = Math.round(api.guard(() => working.progress()) * (R.fine ? N_FULL * N_FULL : N_FIRST * N_FIRST));
    const coarseOut = api.guard(() => R.coarse.penaltyOutcomes());
    const coarseGap = api.guard(() => R.coarse.ipcGaps());
    if (!R.fine) {
      R.data = { n: N_FIRST, outcomes: coarseOut, gaps: coarseGap };
    } else {
      const fo = api.guard(() => R.fine.penaltyOutcomes());
      const fg = api.guard(() => R.fine.ipcGaps());
      const n = N_FULL;
      const r = N_FULL / N_FIRST;
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const k = j * n + i;
          if (fo[k] === 0) {
            const c = Math.floor(j / r) * N_FIRST + Math.floor(i / r);
            fo[k] = coarseOut[c];
            fg[k] = coarseGap[c];
          }
        }
      }
      R.data = { n, outcomes: fo, gaps: fg };
    }
    // The rows whose cells changed since the last picture (all of them on a new grid).
    const n = R.data.n;
    // On the switch to the fine grid its uncomputed cells show the coarse ones: all rows.
    const dirty = n !== prevN || R.shownCount === undefined ? [0, n] : [Math.floor(R.shownCount / n), Math.min(n, Math.ceil(count / n) + 1)];
    R.shownCount = count;
    for (const L of layers) {
      // In pixel rows of the layer (row 0, the smallest h, at the bottom).
      const h = L.canvas.height;
      const ya = Math.max(0, Math.floor((h * (n - dirty[1])) / n) - 1);
      const yb = Math.min(h, Math.ceil((h * (n - dirty[0])) / n) + 1);
      L.dirty = L.dirty ? [Math.min(L.dirty[0], ya), Math.max(L.dirty[1], yb)] : [ya, yb];
    }
    R.dataVersion += 1;
  }

  // ---- drawing ----------------------------------------------------------------------------

  const V = Object.freeze({ min: 0.1, max: 100 });
  const H = Object.freeze({ min: 1e-4, max: 0.05 });
  let plot = { left: 0, top: 0, right: 1, bottom: 1 };

  function geometry(w, h) {
    plot = { left: M.left, top: M.top, right: w - M.right, bottom: h - M.bottom };
    return plot;
  }
  const px = (v) => plot.left + ((plot.right - plot.left) * Math.log(v / V.min)) / Math.log(V.max / V.min);
  const py = (h) => plot.bottom - ((plot.bottom - plot.top) * Math.log(h / H.min)) / Math.log(H.max / H.min);
  const v0Of = (x) => V.min * (V.max / V.min) ** ((x - plot.left) / (plot.right - plot.left));
  const hOf = (y) => H.min * (H.max / H.min) ** ((plot.bottom - y) / (plot.bottom - plot.top));

  /** A colour as one RGBA pixel of a Uint32Array view (little-endian: ABGR). */
  const pack = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  const VIRIDIS_LUT = Uint32Array.from({ length: 256 }, (_, k) => pack(viridis(k / 255)));

  /**
   * The cells of map `idx` at the plot's backing size, written pixel by pixel (each pixel
   * takes its cell's colour; "through" cells get diagonal stripes), and redrawn only when the
   * data, the colours or the size changed: the crosshair and the pointer redraw only the
   * overlays. No scaled drawImage: in a software canvas those cost tens of milliseconds.
   */
  const layers = [
    { canvas: document.createElement('canvas'), key: '', img: null, dirty: null },
    { canvas: document.createElement('canvas'), key: '', img: null, dirty: null }, // [y0, y1) to paint
  ];
  // Pixels written per layer per frame: a whole new picture is spread over a few frames.
  const PAINT_BUDGET_PX = 300_000;

  function layer(idx, dpr) {
    const L = layers[idx];
    const w = Math.max(1, Math.round((plot.right - plot.left) * dpr));
    const h = Math.max(1, Math.round((plot.bottom - plot.top) * dpr));
    const c = R.colors;
    // What forces a whole repaint; otherwise only the rows of new cells are written.
    const key = `${w}x${h}|${dpr}|${c.lane}|${c.penalty}|${c.wallFill}|${c.penaltySoft}|${R.key}`;
    if (key !== L.key || !L.img) {
      L.key = key;
      if (L.canvas.width !== w || L.canvas.height !== h) {
        L.canvas.width = w;
        L.canvas.height = h;
      }
      L.img = L.canvas.getContext('2d').createImageData(w, h);
      new Uint32Array(L.img.data.buffer).fill(pack(parseRgb(c.lane)));
      L.canvas.getContext('2d').putImageData(L.img, 0, 0);
      L.dirty = R.data ? [0, h] : null;
    }
    if (!L.dirty || !R.data || L.dirty[0] >= L.dirty[1]) return L.canvas;
    // The lowest pending rows first: the map fills from the smallest h, at the bottom.
    const rows = Math.max(1, Math.floor(PAINT_BUDGET_PX / w));
    const y1 = L.dirty[1];
    const y0 = Math.max(L.dirty[0], y1 - rows);
    L.dirty = y0 > L.dirty[0] ? [L.dirty[0], y0] : null;
    const px32 = new Uint32Array(L.img.data.buffer);
    const lane = pack(parseRgb(c.lane));
    const { n, outcomes, gaps } = R.data;
    const colour = new Uint32Array(n * n);
    if (idx === 0) {
      const by = [lane, pack(parseRgb(c.wallFill)), pack(parseRgb(c.penaltySoft || c.penalty))];
      for (let k = 0; k < n * n; k++) colour[k] = by[outcomes[k]];
    } else {
      const [lo, hi] = R.range;
      const odd = pack([255, 0, 255]); // a gap that is not positive: never, by construction
      for (let k = 0; k < n * n; k++) {
        const g = gaps[k];
        if (Number.isNaN(g)) colour[k] = lane;
        else if (!(g > 0)) colour[k] = odd;
        else colour[k] = VIRIDIS_LUT[Math.round(255 * Math.min(1, Math.max(0, (Math.log10(g) - lo) / (hi - lo))))];
      }
    }
    // Column i covers pixels [xs[i], xs[i + 1]); each row is written one cell-wide span at a
    // time (a native fill), then the stripes of "through" cells: a few operations per cell
    // instead of several per pixel.
    const xs = Int32Array.from({ length: n + 1 }, (_, i) => Math.min(w, Math.max(0, Math.round((i * w) / n))));
    const stripe = pack(parseRgb(c.penalty));
    const period = Math.max(4, Math.round(6 * dpr));
    const thick = Math.max(1, Math.round(1.2 * dpr));
    for (let y = y0; y < y1; y++) {
      const base = (n - 1 - Math.min(n - 1, Math.floor(((y + 0.5) * n) / h))) * n;
      const row = y * w;
      for (let i = 0; i < n; i++) {
        const k = base + i;
        const a = row + xs[i];
        const b = row + xs[i + 1];
        px32.fill(colour[k], a, b);
        if (idx === 0 && outcomes[k] === 2) {
          // Pixels with (x + y) mod period < thick: diagonal lines across the cells.
          let x = xs[i] + ((((period - ((xs[i] + y) % period)) % period) + period) % period) - period;
          for (; x < xs[i + 1]; x += period) {
            for (let t = 0; t < thick; t++) if (x + t >= xs[i] && x + t < xs[i + 1]) px32[row + x + t] = stripe;
          }
        }
      }
    }
    L.canvas.getContext('2d').putImageData(L.img, 0, 0, 0, y0, w, y1 - y0);
    return L.canvas;
  }

  /** Whether a layer still has rows to paint. */
  const painting = () => layers.some((L) => L.dirty && L.dirty[0] < L.dirty[1]);

  function drawMap(idx, state) {
    const view = views[idx];
    const { w, h, dpr } = view.size;
    if (w < 120 || h < 100) return;
    const c = R.colors;
    const ctx = view.begin(c.bg);
    geometry(w, h);
    const { left, top, right, bottom } = plot;
    // The cells, pixel for pixel (no scaling per frame).
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(layer(idx, dpr), Math.round(left * dpr), Math.round(top * dpr));
    ctx.restore();
    ctx.strokeStyle = c.line;
    ctx.lineWidth = 1;
    ctx.strokeRect(left - 0.5, top - 0.5, right - left + 1, bottom - top + 1);

    // Axes: decades labelled, 2 and 5 as minor ticks.
    ctx.fillStyle = c.muted;
    for (let e = -1; e <= 2; e++) {
      for (const m of [1, 2, 5]) {
        const v = m * 10 ** e;
        if (v < V.min * 0.999 || v > V.max * 1.001) continue;
        const x = Math.round(px(v)) + 0.5;
        ctx.strokeStyle = c.line;
        ctx.beginPath();
        ctx.moveTo(x, bottom);
        ctx.lineTo(x, bottom + (m === 1 ? 5 : 3));
        ctx.stroke();
        if (m === 1) text(ctx, fmtDecade(v), x, bottom + 16, { color: c.muted, font: FONT_SMALL, align: 'center' });
      }
    }
    text(ctx, t('regime.v0axis'), right, h - 3, { color: c.muted, font: FONT_SMALL, align: 'right' });
    for (let e = -4; e <= -2; e++) {
      for (const m of [1, 2, 5]) {
        const hv = m * 10 ** e;
        if (hv < H.min * 0.999 || hv > H.max * 1.001) continue;
        const y = Math.round(py(hv)) + 0.5;
        ctx.strokeStyle = c.line;
        ctx.beginPath();
        ctx.moveTo(left, y);
        ctx.lineTo(left - (m === 1 ? 5 : 3), y);
        ctx.stroke();
        if (m === 1) text(ctx, fmtDecade(hv * 1e3), left - 7, y + 4, { color: c.muted, font: FONT_SMALL, align: 'right' });
      }
    }
    text(ctx, t('regime.haxis'), 4, top + 8, { color: c.muted, font: FONT_SMALL, baseline: 'middle' });

    // v·h = W/2 (dashed) and v·h = W (solid): straight lines of slope −1 on log–log axes.
    const W = state.params.thickness;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, right - left, bottom - top);
    ctx.clip();
    for (const [c0, dash, key] of [
      [W / 2, [6, 4], 'regime.lineHalf'],
      [W, [], 'regime.lineFull'],
    ]) {
      const a = [V.min, c0 / V.min];
      const b = [V.max, c0 / V.max];
      ctx.setLineDash(dash);
      for (const [color, width] of [
        [c.bg, 4],
        [c.fg, 1.6],
      ]) {
        ctx.strokeStyle = color;
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.moveTo(px(a[0]), py(a[1]));
        ctx.lineTo(px(b[0]), py(b[1]));
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

    // Crosshair at the current v0 and h, and an outline on the cell under the pointer.
    const p = state.params;
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
    if (R.hover) {
      const [i, j] = R.hover;
      const n = N_FULL;
      const cw = (right - left) / n;
      const ch = (bottom - top) / n;
      const x0 = left + i * cw;
      const y0 = bottom - (j + 1) * ch;
      ctx.strokeStyle = c.fg;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x0 - 1, y0 - 1, cw + 2, ch + 2);
    }
    ctx.restore();
  }

  function updateLegends(state) {
    const p = state.params;
    maps[0].caption.textContent = t('regime.penCaption', { k: withUnit(fmtPow(p.k, 3), 'N/m') });
    maps[1].caption.textContent = t('regime.ipcCaption', { dhat: fmtLength(p.dhat, 3), kappa: fmtPow(p.kappa, 3) });
    penLegend[1].textContent = t('regime.stopped');
    penLegend[3].textContent = t('regime.through');
    ipcLegendTitle.textContent = t('regime.gapLegend');
    const [lo, hi] = R.range ?? [-9, -3];
    const labels = [];
    const stepE = hi - lo > 5 ? 2 : 1;
    for (let e = lo; e <= hi; e += stepE) {
      const s = el('span', { text: fmtDecadeLength(10 ** e) });
      s.style.left = `${(100 * (e - lo)) / (hi - lo)}%`;
      labels.push(s);
    }
    barTicks.replaceChildren(...labels);
    lines.textContent = t('regime.lines', { half: fmtLength(p.thickness / 2, 3), w: fmtLength(p.thickness, 3) });
    for (const m of maps) m.canvas.setAttribute('aria-label', t(`regime.alt.${m.model}`));
  }

  function updateStatus() {
    const r = R.fine ?? R.coarse;
    if (!r) return;
    const complete = R.fine && R.fine.progress() === 1;
    if (complete) {
      status.textContent = t('regime.done', { n: N_FULL, ms: Math.round(R.fillMs[N_FULL] + R.fillMs[N_FIRST]) });
    } else {
      const n = R.fine ? N_FULL : N_FIRST;
      status.textContent = t('regime.filling', { n, pct: Math.floor(100 * api.guard(() => r.progress())) });
    }
  }

  /** Readout of a cell of the fine grid (or the coarse one while the fine is not there). */
  function describe(i, j) {
    const r = R.fine && R.fine.cell(i, j) ? R.fine : R.coarse;
    const scale = r === R.fine ? 1 : N_FULL / N_FIRST;
    const cell = api.guard(() => r.cell(Math.floor(i / scale), Math.floor(j / scale)));
    if (!cell) return t('regime.notYet');
    const pen =
      cell.penalty.outcome === 'through'
        ? t('regime.read.through')
        : cell.penalty.xmax_minus_wall_m > 0
          ? t('regime.read.stopped', { len: fmtDepth(cell.penalty.xmax_minus_wall_m) })
          : t('regime.read.front');
    const ipc = t('regime.read.gap', { len: fmtGap(-cell.ipc.xmax_minus_wall_m), n: cell.ipc.newton_max });
    return t('regime.read', { v0: withUnit(fmtSig(cell.v0, 3), 'm/s'), h: fmtTime(cell.h), vh: fmtLength(cell.v0 * cell.h, 3), pen, ipc });
  }

  function cellAt(x, y) {
    if (x < plot.left || x > plot.right || y < plot.top || y > plot.bottom) return null;
    const n = N_FULL;
    const i = Math.min(n - 1, Math.floor(((x - plot.left) / (plot.right - plot.left)) * n));
    const j = Math.min(n - 1, Math.floor(((plot.bottom - y) / (plot.bottom - plot.top)) * n));
    return [i, j];
  }

  /** v0 and h at the centre of fine cell (i, j), as the Rust map samples it. */
  function centre(i, j) {
    if (R.fine) return api.guard(() => [R.fine.v0At(i), R.fine.hAt(j)]);
    return [v0Of(plot.left + ((i + 0.5) / N_FULL) * (plot.right - plot.left)), hOf(plot.bottom - ((j + 0.5) / N_FULL) * (plot.bottom - plot.top))];
  }

  function setHover(cell, announce) {
    const key = cell ? cell.join(',') : '';
    if (key === (R.hover ? R.hover.join(',') : '')) return;
    R.hover = cell;
    R.drawnKey = '';
    readout.textContent = cell && R.coarse ? describe(cell[0], cell[1]) : '';
    readout.setAttribute('aria-live', announce ? 'polite' : 'off');
  }

  function choose(cell) {
    if (!cell || !R.coarse) return;
    const [v0, h] = centre(cell[0], cell[1]);
    onSet({ v0, h });
  }

  for (const m of maps) {
    const c = m.canvas;
    let down = null;
    c.addEventListener('pointermove', (ev) => {
      if (ev.pointerType === 'mouse') {
        const { x, y } = pointerAt(c, ev);
        setHover(cellAt(x, y), false);
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
      const cell = cellAt(x, y);
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

  let lastState = null;
  /** [i, j] of the fine cell under the crosshair. */
  function current() {
    const p = lastState.params;
    const n = N_FULL;
    const i = Math.floor((Math.log(p.v0 / V.min) / Math.log(V.max / V.min)) * n);
    const j = Math.floor((Math.log(p.h / H.min) / Math.log(H.max / H.min)) * n);
    return [Math.min(n - 1, Math.max(0, i)), Math.min(n - 1, Math.max(0, j))];
  }

  return {
    /**
     * Rebuilds the map if a parameter it depends on changed, fills it until `deadline`
     * (performance.now() ms), and redraws what changed.
     */
    update(state, colors, deadline) {
      lastState = state;
      const glue = api.guard((_, g) => g);
      const key = mapKey(state.params);
      if (key !== R.key || glue !== R.glue) {
        R.key = key;
        rebuild(state.params, glue);
        R.hover = null;
      }
      if (colors !== R.colors) {
        R.colors = colors;
        R.drawnKey = '';
      }
      // New cells are shown a few times a second while the map fills (each picture redraws
      // both maps), and at once when it is complete; the drawing comes first and the filling
      // gets what is left of the frame's budget.
      const now = performance.now();
      if (!R.data || (R.unshown && (R.unshown === 'complete' || now - R.shownAt > 150))) {
        R.shownAt = now;
        R.unshown = null;
        compose();
      }
      const p = state.params;
      const drawKey = `${R.dataVersion}|${p.v0}|${p.h}|${p.thickness}|${R.hover}|${views[0].size.w}x${views[0].size.h}|${views[1].size.w}`;
      let drew = false;
      if (drawKey !== R.drawnKey) {
        R.drawnKey = drawKey;
        updateLegends(state);
        drawMap(0, state);
        drawMap(1, state);
        drew = true;
        // Rows left to paint: draw again next frame.
        if (painting()) R.drawnKey = '';
      }
      if (!drew || performance.now() < deadline) {
        if (fill(deadline)) {
          R.unshown = working() ? 'cells' : 'complete';
          updateStatus();
        }
      }
    },
    relabel() {
      R.drawnKey = '';
      updateStatus();
      if (R.hover) readout.textContent = describe(R.hover[0], R.hover[1]);
    },
    refresh() {
      for (const v of views) v.refresh();
      R.drawnKey = '';
    },
    /** For window.ipcWall.regime(): the full map and how it was computed. */
    api() {
      const r = R.fine;
      const complete = !!r && r.progress() === 1;
      return {
        n: N_FULL,
        complete,
        progress: r ? r.progress() : 0,
        fill_ms: { [`n${N_FIRST}`]: R.fillMs[N_FIRST], [`n${N_FULL}`]: R.fillMs[N_FULL] },
        cell: (i, j) => (r ? r.cell(i, j) : undefined),
        cellOf: (v0, h) => Array.from(r ? r.cellOf(v0, h) : []),
        v0At: (i) => r?.v0At(i),
        hAt: (j) => r?.hAt(j),
        /** The plotting rectangle of both map canvases, CSS px relative to each canvas. */
        plot: () => ({ ...plot }),
      };
    },
  };
}
