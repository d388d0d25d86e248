// Throughput of the wasm build: throws per second of `benchThrows(model, n)` (src/wasm.rs), the
// article's 80-step throw at its defaults, as the native benchmark runs it. Used by
// wasm-node.mjs under Node and by browser.mjs inside the page in Chromium, so both measure
// exactly the same way.

/**
 * For each model: a warm-up that also picks `n` so that one repetition takes about `repMs`,
 * then `reps` timed repetitions. Returns {penalty: {seconds_per_throw: [...], n}, ipc: …}:
 * every repetition's time per throw (xtask takes the median).
 *
 * Self-contained (no imports, no closure): browser.mjs sends its source into the page.
 */
export function measureThroughput(glue, { reps = 9, repMs = 120 } = {}) {
  const out = {};
  for (const model of ['penalty', 'ipc']) {
    let n = 8;
    let check = 0;
    for (;;) {
      const t0 = performance.now();
      check += glue.benchThrows(model, n);
      const ms = performance.now() - t0;
      if (ms >= repMs / 4) {
        n = Math.max(1, Math.round((n * repMs) / ms));
        break;
      }
      n *= 4;
    }
    const seconds = [];
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      check += glue.benchThrows(model, n);
      seconds.push((performance.now() - t0) / 1000 / n);
    }
    // `check` is returned so that no call can be dropped as unused.
    out[model] = { seconds_per_throw: seconds, n, check };
  }
  return out;
}
