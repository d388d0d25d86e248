// The heavy work, off the page's thread: the regime map and the live table, computed by the same
// wasm as the page (so every cell equals the figure's own throw, bit for bit). Two of these run
// side by side (www/offload.js), each computing its part of the map's rows (`rows`: [offset,
// stride], Regime.part). One job at a time: a new map replaces the one in flight, never queues
// behind it. The map is computed in slices of a few milliseconds so that a new message is read
// between two slices.
//
// In:  {kind: 'init', module} first, then {kind: 'map', gen, params, models, sizes: [32, 128], rows} · {kind: 'table', gen, params} ·
//      {kind: 'memory', gen} · {kind: 'pause', paused} (the figure is out of view: the map in
//      flight waits where it is)
// Out: {kind: 'grid', gen, grid, fill_ms} (this part's rows; typed arrays transferred) · {kind: 'progress', gen,
//      n, progress} · {kind: 'table', gen, rows, csv} · {kind: 'memory', gen, bytes} ·
//      {kind: 'error', message}

import init, { Figure, Regime } from '../pkg/ipc_wall.js';
import { gridOf, buffersOf } from './regime-cells.js';

const SLICE_MS = 8;
const PROGRESS_MS = 100;
// The page's compiled module comes first ({kind: 'init', module}): no second download.
let gotModule;
const loaded = new Promise((resolve) => (gotModule = resolve)).then((module) => init(module ? { module_or_path: module } : undefined));
let job = null; // {gen, params, models, sizes, rows, size, regime, fill_ms, posted}
let scheduled = false;
let paused = false;
// A message to ourselves: yields to the next message without setTimeout's 4 ms clamp.
const tick = new MessageChannel();
tick.port1.onmessage = work;

function schedule() {
  if (scheduled || paused || !job) return;
  scheduled = true;
  tick.port2.postMessage(0);
}

function fail(e) {
  job = null;
  self.postMessage({ kind: 'error', message: String(e?.message ?? e) });
}

function startMap({ gen, params, models, sizes, rows }) {
  job?.regime?.free();
  job = { gen, params, models, sizes, rows, size: 0, regime: null, fill_ms: {}, posted: 0 };
  schedule();
}

function table({ gen, params }) {
  const f = new Figure(params);
  try {
    self.postMessage({ kind: 'table', gen, rows: f.table(), csv: f.tableCsv() });
  } finally {
    f.free();
  }
}

/** One slice of the map in flight; a finished grid goes to the page at once. */
function work() {
  scheduled = false;
  const j = job;
  if (!j || paused) return;
  try {
    const n = j.sizes[j.size];
    j.regime ??= Regime.part(j.params, n, j.models, ...j.rows);
    const t0 = performance.now();
    const done = j.regime.fill(SLICE_MS);
    j.fill_ms[`n${n}`] = (j.fill_ms[`n${n}`] ?? 0) + performance.now() - t0;
    if (done) {
      const grid = gridOf(j.regime);
      j.regime.free();
      j.regime = null;
      j.size += 1;
      if (j.size === j.sizes.length) job = null;
      self.postMessage({ kind: 'grid', gen: j.gen, grid, fill_ms: { ...j.fill_ms } }, buffersOf(grid));
    } else if (t0 - j.posted > PROGRESS_MS) {
      j.posted = t0;
      self.postMessage({ kind: 'progress', gen: j.gen, n, progress: j.regime.progress() });
    }
  } catch (e) {
    fail(e);
    return;
  }
  schedule();
}

self.onmessage = async ({ data }) => {
  if (data.kind === 'init') return gotModule(data.module);
  if (data.kind === 'pause') {
    paused = data.paused;
    return schedule();
  }
  try {
    await loaded;
    if (data.kind === 'map') startMap(data);
    else if (data.kind === 'table') table(data);
    else if (data.kind === 'memory') self.postMessage({ kind: 'memory', gen: data.gen, bytes: (await loaded).memory.buffer.byteLength });
  } catch (e) {
    fail(e);
  }
};
