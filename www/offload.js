// The page's side of www/regime-worker.js: one module worker running the same wasm, asked for
// the regime map and the live table. Each kind of request carries a generation number; an
// answer to anything but the latest request is dropped, so a panel never shows old and new
// together. If the browser has no Worker, or the worker fails (an error, a trap, a CSP that
// refuses it), `alive()` turns false and the panels compute on the page as before.

/** `compiled`: a promise of the page's compiled wasm module, sent to the worker (else it
 * fetches the wasm itself). */
export function startOffload(compiled) {
  let worker = null;
  try {
    if (typeof Worker === 'function') worker = new Worker(new URL('./regime-worker.js', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  const latest = { map: 0, table: 0, memory: 0 };
  const handlers = { map: null, table: null, memory: null };

  function die() {
    worker?.terminate();
    worker = null;
  }

  if (worker) {
    worker.onmessage = ({ data }) => {
      if (data.kind === 'error') return die();
      const kind = data.kind === 'table' || data.kind === 'memory' ? data.kind : 'map';
      if (data.gen === latest[kind]) handlers[kind]?.(data);
    };
    worker.onerror = die;
    worker.onmessageerror = die;
    // First of all messages: the worker waits for it before anything else.
    Promise.resolve(compiled)
      .catch(() => undefined)
      .then((module) => worker?.postMessage({ kind: 'init', module: module instanceof WebAssembly.Module ? module : undefined }));
  }

  function post(kind, msg, onAnswer) {
    latest[kind] += 1;
    handlers[kind] = onAnswer;
    worker.postMessage({ kind, gen: latest[kind], ...msg });
  }

  return {
    /** Whether the worker is there and working. */
    alive: () => worker !== null,
    /** The map of `models` (the two panels') for `params`: `onAnswer` gets each finished grid
     * ({kind: 'grid', grid, fill_ms}) and progress reports ({kind: 'progress', n, progress}) of
     * this request only. */
    map: (params, models, sizes, onAnswer) => post('map', { params, models, sizes }, onAnswer),
    /** The table's rows for `params`: `onRows(rows)`, unless a newer request came first. */
    table: (params, onRows) => post('table', { params }, (d) => onRows(d.rows)),
    /** While the figure is out of view the map in flight waits (`paused`), and goes on after. */
    pause: (paused) => worker?.postMessage({ kind: 'pause', paused }),
    /** For the benchmark: a promise of the worker's wasm memory in bytes (undefined without). */
    memory: () => (worker ? new Promise((resolve) => post('memory', {}, (d) => resolve(d.bytes))) : Promise.resolve(undefined)),
  };
}
