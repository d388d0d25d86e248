// The regime map's cell painting: each cell's colour (its model's pale colour where the ball
// went through, with stripes on top; the wall's grey where it reached the wall; else its
// closest gap on viridis), painted a few rows per frame into a layer that always holds one
// whole picture.

import { look } from './models.js';

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
export function rangeOf(params) {
  const top = Math.ceil(Math.log10(params.dhat) - 1e-9);
  return [top - 6, top];
}

/** A colour as one RGBA pixel of a Uint32Array view (little-endian: ABGR). */
const pack = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
const VIRIDIS_LUT = Uint32Array.from({ length: 256 }, (_, k) => pack(viridis(k / 255)));
// Pixels written per layer per frame: a whole new picture is spread over a few frames.
const PAINT_BUDGET_PX = 300_000;

/** A map's cells at its plot's backing size, in a canvas of its own (`version` counts its
 * finished pictures). */
export const newLayer = () => ({ canvas: document.createElement('canvas'), key: '', img: null, shown: null, colour: null, next: 0, version: 0 });

/** Whether layer `L` is yet to hold picture `shown` whole. */
export const painting = (L, shown) => L.key === '' || L.next > 0 || L.shown !== shown;

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
export function paintLayer(L, idx, shown, c, dpr, w, h) {
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
