// The page's side of www/regime-worker.js: up to two module workers running the same wasm (one
// per core), asked for the regime map and the live table. Each worker asked computes its share
// of the map's rows, interleaved (a row's cost depends on its h), and the page gets a grid only
// once every part of it is in, put together. The table, and a drag's small preview, go to the
// first worker alone: on two cores a second busy worker would take the page's. So does the full
// map on a device judged slow (`slowPage()`, the figure's draft rule) when the workers would
// take every core: there the throw the release starts needs the page's core, and with both
// taken its frames ran into long tasks. Each kind of request carries a generation
// number; an answer to anything but the latest request is dropped, so a panel never shows old
// and new together, nor parts of two requests. If the browser has no Worker, or a worker fails
// (an error, a trap, a CSP that refuses it), every worker stops, `alive()` turns false and the
// panels compute on the page as before.

import { joinParts } from './regime-cells.js';

const MAX_WORKERS = 2;

const cores = () => navigator.hardwareConcurrency || MAX_WORKERS;

/** The workers to start: one per core, at least one, at most MAX_WORKERS (none without Worker). */
function spawn() {
  const count = Math.max(1, Math.min(MAX_WORKERS, cores()));
  const workers = [];
  try {
    if (typeof Worker !== 'function') return [];
    while (workers.length < count) workers.push(new Worker(new URL('./regime-worker.js', import.meta.url), { type: 'module' }));
  } catch {
    workers.forEach((w) => w.terminate());
    return [];
  }
  return workers;
}

/** The latest map request's answers so far: each worker's parts by size, its fill times and its
 * progress ({n, progress}). */
const newMapAnswers = (count) => ({ parts: {}, fill_ms: Array(count).fill({}), progress: Array(count).fill({ n: 0, progress: 0 }) });

/** Per size, the slowest worker's fill time: when the whole grid was there. */
function slowest(fills) {
  const out = {};
  for (const f of fills) for (const [key, ms] of Object.entries(f)) out[key] = Math.max(out[key] ?? 0, ms);
  return out;
}

/** The map's progress over the workers: the mean, at the largest size any of them is filling. */
function meanProgress(progress) {
  const n = Math.max(...progress.map((p) => p.n));
  return { n, progress: progress.reduce((sum, p) => sum + (p.n === n ? p.progress : 0), 0) / progress.length };
}

/** Worker `w`'s answer `data` to the latest map request, into `got`; `onAnswer` gets a whole grid
 * ({kind: 'grid', grid, fill_ms}) once every worker's part of it is in, and the progress. */
function takeMap(got, w, data, onAnswer) {
  if (data.kind === 'progress') {
    got.progress[w] = { n: data.n, progress: data.progress };
    return onAnswer?.({ kind: 'progress', ...meanProgress(got.progress) });
  }
  const { n } = data.grid;
  got.fill_ms[w] = data.fill_ms;
  got.progress[w] = { n, progress: 1 };
  const parts = (got.parts[n] ??= []);
  parts[w] = data.grid;
  if (parts.filter(Boolean).length < got.progress.length) return;
  onAnswer?.({ kind: 'grid', grid: joinParts(parts), fill_ms: slowest(got.fill_ms) });
}

/** `compiled`: a promise of the page's compiled wasm module, sent to the workers (else each
 * fetches the wasm itself); `slowPage()`: whether the page's own frames come late. */
export function startOffload(compiled, slowPage = () => false) {
  let workers = spawn();
  const latest = { map: 0, table: 0, memory: 0 };
  const handlers = { map: null, table: null, memory: null };
  // The latest request's answers so far, each kind's fresh at each request (to `count` workers).
  const fresh = { map: newMapAnswers, table: () => null, memory: () => [] };
  const got = { map: fresh.map(workers.length), table: null, memory: [] };

  function die() {
    workers.forEach((w) => w.terminate());
    workers = [];
  }

  function receive(w, data) {
    if (data.kind === 'error') return die();
    const kind = data.kind === 'table' || data.kind === 'memory' ? data.kind : 'map';
    if (data.gen !== latest[kind]) return;
    if (kind === 'map') return takeMap(got.map, w, data, handlers.map);
    if (kind === 'table') return handlers.table?.(data);
    got.memory[w] = data.bytes;
    if (got.memory.filter((b) => b !== undefined).length === workers.length) handlers.memory?.(got.memory.reduce((a, b) => a + b, 0));
  }

  workers.forEach((worker, w) => {
    worker.onmessage = ({ data }) => receive(w, data);
    worker.onerror = die;
    worker.onmessageerror = die;
  });
  // First of all messages: each worker waits for it before anything else.
  Promise.resolve(compiled)
    .catch(() => undefined)
    .then((module) => workers.forEach((w) => w.postMessage({ kind: 'init', module: module instanceof WebAssembly.Module ? module : undefined })));

  /** Sends request `kind` to workers `to` (`msg(w)`: worker w's message) as the latest one. */
  function post(kind, msg, onAnswer, to = workers) {
    latest[kind] += 1;
    handlers[kind] = onAnswer;
    got[kind] = fresh[kind](to.length);
    to.forEach((worker, w) => worker.postMessage({ kind, gen: latest[kind], ...msg(w, to.length) }));
  }

  return {
    /** Whether the workers are there and working. */
    alive: () => workers.length > 0,
    /** The map of `models` (the two panels') for `params`: `onAnswer` gets each finished grid
     * ({kind: 'grid', grid, fill_ms}) and progress reports ({kind: 'progress', n, progress}) of
     * this request only. Worker w of the `count` asked (`one`: the first alone) computes rows
     * w, w + count, w + 2·count, … */
    map: (params, models, sizes, onAnswer, one = false) => {
      const spareCore = slowPage() && workers.length >= cores();
      post('map', (w, count) => ({ params, models, sizes, rows: [w, count] }), onAnswer, one || spareCore ? workers.slice(0, 1) : workers);
    },
    /** The table for `params`: `onTable({rows, csv})`, unless a newer request came first. */
    table: (params, onTable) => post('table', () => ({ params }), ({ rows, csv }) => onTable({ rows, csv }), workers.slice(0, 1)),
    /** While the figure is out of view the map in flight waits (`paused`), and goes on after. */
    pause: (paused) => workers.forEach((w) => w.postMessage({ kind: 'pause', paused })),
    /** For the benchmark: a promise of the workers' wasm memory in bytes, summed (undefined
     * without). */
    memory: () => (workers.length ? new Promise((resolve) => post('memory', () => ({}), resolve)) : Promise.resolve(undefined)),
  };
}
