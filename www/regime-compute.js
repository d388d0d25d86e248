// The regime map's compute: its cells for one set of parameters, from www/regime-worker.js or,
// without a worker, a few milliseconds per frame from the page's one animation loop (a 32 × 32
// map first, the preview while a slider is dragged, then 128 × 128, each shown only once
// complete; while a slider is held, the preview alone: the 128 × 128 map, which the next move
// would cancel, waits for the drag's end instead of taking a core from the page; off screen,
// no preview, and while a slider is held nothing, since main.js does not call for it), and the
// axes' cell ↔ value maths from Rust. The map is asked again only when a parameter other than
// v0 and h changes. No DOM here: www/regime.js shows what this holds.

import * as api from './api.js';
import { t } from './i18n.js';
import { gridOf, cellOf } from './regime-cells.js';

export const N_FIRST = 32;
export const N_FULL = 128;
const SIZES = [N_FIRST, N_FULL];

/**
 * The compute's state. `grids` holds this request's finished grids by size; `shown` the
 * picture to paint ({grid, params, version}); `axes` an empty 128 × 128 Regime (the axes'
 * cell ↔ value maths, from Rust) and `range` its axes' ends; `glue` the wasm it came from.
 */
export function newCompute() {
  return { key: '', params: null, sizes: [], grids: {}, fill_ms: {}, progress: null, sliced: null, viaWorker: false, shown: null, glue: null, axes: null, range: null };
}

/** What the map depends on: the panels' models and all parameters but v0 and h. */
function mapKey(p, models) {
  return [p.k, p.dhat, p.kappa, p.mass, p.wall, p.thickness, p.ccd_safety, p.tol, p.steps, ...models].join('|');
}

/**
 * Asks for the cells of `models` for `params` in `sizes` (the 32 × 32 preview, the 128 × 128
 * map, or both in that order), each handed over only when complete. A request for new
 * parameters drops the grids of the last one, and its answers alone count.
 */
function requestMap(C, params, models, offload, sizes) {
  const key = mapKey(params, models);
  if (key !== C.key) {
    C.grids = {};
    C.fill_ms = {};
  }
  C.key = key;
  C.params = { ...params };
  C.sizes = sizes;
  C.progress = { n: sizes[0], progress: 0 };
  C.sliced?.regime?.free();
  C.sliced = null;
  C.viaWorker = offload.alive();
  const own = { params: C.params };
  const take = (d) => (d.kind === 'grid' ? receive(C, own, d.grid, d.fill_ms) : (C.progress = { n: d.n, progress: d.progress }));
  // The preview of a drag is small: one worker makes it, and the other core stays the page's.
  if (C.viaWorker) offload.map(C.params, models, sizes, take, !sizes.includes(N_FULL));
  else C.sliced = { params: C.params, models, sizes, size: 0, regime: null, own };
}

function receive(C, own, grid, fillMs) {
  C.grids[grid.n] = grid;
  Object.assign(C.fill_ms, fillMs);
  C.progress = { n: grid.n, progress: 1 };
  // The picture to paint: always one whole grid, with the parameters it was made for.
  C.shown = { grid, params: own.params, version: (C.shown?.version ?? 0) + 1 };
}

/** The fallback: fills the map in flight on the page until `deadline` (performance.now() ms). */
function fillSliced(C, deadline) {
  const s = C.sliced;
  if (!s) return;
  for (;;) {
    const n = s.sizes[s.size];
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
      if (s.size === s.sizes.length) C.sliced = null;
      receive(C, s.own, grid, { ...C.fill_ms });
      return;
    }
    if (performance.now() >= deadline) return;
  }
}

/** A new wasm instance (first load, or after a recovery): new axes, and the map again.
 * Returns Rust's default pair of models (the article's two balls). */
function attachAxes(C, glue) {
  try {
    C.axes?.free();
  } catch {
    // From a wasm instance that trapped: nothing to free.
  }
  C.glue = glue;
  C.axes = api.guard((_, g) => new g.Regime({}, N_FULL));
  const [v0min, v0max, hmin, hmax] = api.guard(() => C.axes.axes());
  C.range = { v: { min: v0min, max: v0max }, h: { min: hmin, max: hmax } };
  C.key = '';
  return api.guard(() => C.axes.models());
}

/**
 * Keeps the cells current: new axes after a new wasm instance (`onDefaults(models)` gets Rust's
 * default pair; `models()` then the panels' pair), the map asked again if a parameter it
 * depends on changed (or the worker went away): the preview alone while `held` (a slider is
 * being dragged; the next once the workers answered the last), the 128 × 128 map once it is
 * let go. The preview is for the eye: while the map is not `seen`, the 128 × 128 map comes
 * alone, and sooner. The page's own fill runs until `deadline`. Returns whether new
 * parameters' map was asked for.
 */
export function compute(C, params, models, offload, deadline, onDefaults, held, seen) {
  const glue = api.guard((_, g) => g);
  if (glue !== C.glue) onDefaults(attachAxes(C, glue));
  const pair = models();
  const lost = C.viaWorker && !offload.alive() && !C.grids[N_FULL];
  // While dragged, one preview at a time: the next is asked for, with the parameters of then,
  // once the worker answered this one (each request costs the page a message).
  const answering = held && C.viaWorker && !lost && !C.grids[C.sizes[0]];
  const fresh = mapKey(params, pair) !== C.key && !answering;
  if (fresh || lost) requestMap(C, params, pair, offload, held ? [N_FIRST] : seen ? SIZES : [N_FULL]);
  else if (!held && !C.sizes.includes(N_FULL)) requestMap(C, params, pair, offload, [N_FULL]);
  fillSliced(C, deadline);
  return fresh;
}

/** Cell (i, j) of the fine grid of this request, from the fine grid or else the preview. */
export function cellNow(C, i, j, fineOnly) {
  const g = C.grids[N_FULL] ?? (fineOnly ? null : C.grids[N_FIRST]);
  if (!g || !C.axes) return undefined;
  const s = N_FULL / g.n;
  return cellOf(g, Math.floor(i / s), Math.floor(j / s), ...valuesAt(C, [i, j]));
}

/** [v0, h] at the centre of fine cell [i, j], as the Rust map samples it. */
export const valuesAt = (C, [i, j]) => api.guard(() => [C.axes.v0At(i), C.axes.hAt(j)]);

/** [i, j] of the fine cell of (v0, h). */
export const cellAtValues = (C, v0, h) => Array.from(api.guard(() => C.axes.cellOf(v0, h)));

/** The fill's progress in words, or '' before the first request. */
export function statusWords(C) {
  if (!C.progress) return '';
  if (C.grids[N_FULL]) return t('regime.done', { n: N_FULL, ms: Math.round((C.fill_ms[`n${N_FULL}`] ?? 0) + (C.fill_ms[`n${N_FIRST}`] ?? 0)) });
  if (C.grids[N_FIRST] && !C.sizes.includes(N_FULL)) return t('regime.preview', { n: N_FIRST, full: N_FULL });
  return t('regime.filling', { n: C.progress.n, pct: Math.floor(100 * C.progress.progress) });
}
