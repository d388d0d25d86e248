// Extreme yet valid parameters: every corner of the sliders' ranges (v0, h, k, d̂, κ: 2⁵
// corners) and seeded random combinations of all the parameters inside the figure's ranges.
// Each throw ends (runToEnd returns with both balls decided), the IPC ball stops in front of
// the wall, every readout on the page is a finite number, and the page still draws frames.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot, rng } from './harness.mjs';
import { openGuarded, nextFrames, traces } from './guarded.mjs';

const browser = useBrowser();

/** The figure's ranges, from the wasm module the page loaded (Field::figure_range). */
async function figureSpecs(page) {
  return page.evaluate(async () => {
    const mod = await import('/pkg/ipc_wall.js');
    return mod.parameterSpecs();
  });
}

/**
 * Sets `params`, runs the throw to its end and checks what a reader sees. Returns the
 * milliseconds runToEnd took.
 */
async function throwAndCheck(page, params) {
  const what = JSON.stringify(params);
  const r = await page.evaluate((params) => {
    window.ipcWall.set(params);
    const t0 = performance.now();
    const s = window.ipcWall.runToEnd();
    return { s, ms: performance.now() - t0 };
  }, params);
  const { s } = r;
  for (const m of ['penalty', 'ipc']) {
    assert.notEqual(s[m].outcome, 'flying', `${what}: the ${m} throw ended`);
    for (const [k, v] of Object.entries(s[m])) if (typeof v === 'number') assert.ok(Number.isFinite(v), `${what}: ${m}.${k} = ${v}`);
  }
  assert.equal(s.ipc.outcome, 'stopped', `${what}: IPC stops`);
  assert.ok(s.ipc.xmax_minus_wall_m < 0, `${what}: the IPC ball stays in front of the wall`);
  // The page draws the end (frames still come), and no readout says NaN or Infinity.
  await nextFrames(page, 3);
  const text = await page.evaluate(() => document.body.innerText);
  const bad = text.match(/.{0,40}\b(NaN|-?Infinity|undefined|null)\b.{0,40}/);
  assert.equal(bad, null, `${what}: the page shows ${bad?.[0]}`);
  return r.ms;
}

test('every corner of the sliders (v0, h, k, d̂, κ): each throw ends with finite readouts', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    const specs = await figureSpecs(page);
    const range = Object.fromEntries(specs.map((s) => [s.name, [s.min, s.max]]));
    const names = ['v0', 'h', 'k', 'dhat', 'kappa'];
    const times = [];
    for (let corner = 0; corner < 1 << names.length; corner++) {
      const params = Object.fromEntries(names.map((n, i) => [n, range[n][(corner >> i) & 1]]));
      times.push(await throwAndCheck(page, params));
    }
    assert.equal(times.length, 32);
    console.log(`32 corners: runToEnd took at most ${Math.max(...times).toFixed(0)} ms`);
    await screenshot(page, 'extremes-last-corner');
    const t = await traces(page);
    assert.deepEqual(t.errors, []);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('random combinations of every parameter inside the figure’s ranges: each throw ends with finite readouts', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    const specs = await figureSpecs(page);
    const seed = Number(process.env.IPC_WALL_SEED ?? 20260);
    const random = rng(seed);
    // Log-uniform where the range spans decades, uniform otherwise; whole step counts.
    const draw = (s) => {
      const u = random();
      if (s.name === 'steps') return Math.round(s.min + u * (s.max - s.min));
      if (s.min > 0 && s.max / s.min > 20) return 10 ** (Math.log10(s.min) + u * Math.log10(s.max / s.min));
      return s.min + u * (s.max - s.min);
    };
    const n = 40;
    for (let i = 0; i < n; i++) {
      const params = Object.fromEntries(specs.map((s) => [s.name, draw(s)]));
      await throwAndCheck(page, params).catch((e) => {
        e.message = `seed ${seed}, combination ${i}: ${e.message}`;
        throw e;
      });
    }
    const t = await traces(page);
    assert.deepEqual(t.errors, []);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
