// The page's only door into the wasm module. Every call goes through guard(): a Rust panic
// traps (RuntimeError) and leaves that wasm instance unusable, so we mark it dead, tell the
// page, and recover by importing the glue module under a fresh URL (a new module instance with
// a new wasm instance) and rebuilding the Figure from the last parameters that worked.

let glue = null;
let figure = null;
let generation = 0;
let dead = null; // the error that killed the instance, or null
let lastGoodParams = null;
let lastHalves = false; // the "both halves" switch, also restored on recovery
let onDeath = () => {};

/** Errors that mean the instance can no longer be trusted (as opposed to a validation Error). */
function isFatal(e) {
  return e instanceof WebAssembly.RuntimeError || (e && /recursive use of an object|null pointer passed to rust/.test(e.message));
}

export function setOnDeath(fn) {
  onDeath = fn;
}

export function isDead() {
  return dead !== null;
}

/** Runs `fn(figure, glue)`; on a trap marks the instance dead, notifies, and rethrows. */
export function guard(fn) {
  if (dead) throw new Error('the figure stopped after an error; reset it to continue');
  if (!figure) throw new Error('the figure is not ready yet; await window.ipcWall.ready');
  try {
    return fn(figure, glue);
  } catch (e) {
    if (isFatal(e)) {
      dead = e;
      figure = null;
      onDeath(e);
    }
    throw e;
  }
}

async function instantiate(params, compiled) {
  const url = generation === 0 ? '../pkg/ipc_wall.js' : `../pkg/ipc_wall.js?r=${generation}`;
  const mod = await import(url);
  let module;
  try {
    module = await compiled;
  } catch {
    // The glue's own fetch below reports the error.
  }
  await mod.default(module ? { module_or_path: module } : undefined);
  const fig = new mod.Figure(params);
  if (lastHalves) fig.setHalves(true);
  glue = mod;
  figure = fig;
  lastGoodParams = fig.params();
  dead = null;
}

/** First load. `params` may be partial (the defaults fill the rest); `compiled`, a promise of
 * the wasm already compiled (else the glue fetches and compiles it). */
export async function load(params = {}, compiled = undefined) {
  gotCompiled(compiled);
  await instantiate(params, compiled);
}

let gotCompiled;
const compiledModule = new Promise((resolve) => (gotCompiled = resolve));
/** A promise of the compiled wasm that load() receives (even if asked before), for a worker
 * to instantiate it too: one download of the wasm per page. */
export const compiled = () => compiledModule;

/** Brings a dead (or live) figure back with the last parameters that worked. */
export async function recover() {
  generation += 1;
  await instantiate(lastGoodParams ?? {});
}

/** Call after every successful set() so recovery restores what the reader had. */
export function rememberParams() {
  if (!figure) return;
  lastGoodParams = figure.params();
  lastHalves = figure.halves();
}

/** Where position `x` is relative to the wall: 'front' (up to the front face), 'inside', or
 * 'behind' (past the back face, where a throw is through), as the core classifies it. Every
 * sentence about a position asks this one function. */
export function side(x) {
  return guard((f) => f.side(x));
}
