// The heavy work off the page's thread (issue 13): the regime map computed in a module worker
// equals the same wasm's Regime computed on the page, cell for cell; a change during a fill
// gives the new map alone; the page's own sliced fill takes over without Worker; and no canvas
// is drawn again on a frame where nothing it shows changed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, baseUrl } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Compares the page's finished 128 × 128 map with a Regime filled here, on the page's thread,
 * for the figure's current parameters: every outcome, gap and cell (Regime.cell()). */
async function mapEqualsDirect(page) {
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
  return page.evaluate(async () => {
    const g = await import('./pkg/ipc_wall.js');
    const m = window.ipcWall.regime();
    const direct = new g.Regime(window.ipcWall.getState().params, m.n);
    direct.fill(1e9);
    const [o, d] = [m.outcomes(), direct.penaltyOutcomes()];
    const [gp, gd] = [m.gaps(), direct.ipcGaps()];
    let differ = 0;
    for (let k = 0; k < o.length; k++) if (o[k] !== d[k] || !Object.is(gp[k], gd[k])) differ += 1;
    for (let j = 0; j < m.n; j++) {
      for (let i = 0; i < m.n; i++) if (JSON.stringify(m.cell(i, j)) !== JSON.stringify(direct.cell(i, j))) differ += 1;
    }
    direct.free();
    return { worker: m.worker, cells: o.length, differ, through: d.filter((x) => x === 2).length };
  });
}

test('the map from the worker equals Regime computed on the page, cell for cell', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { query: '?k=1e6&dhat=0.0005' });
  try {
    const r = await mapEqualsDirect(page);
    assert.equal(r.worker, true, 'computed in the worker');
    assert.equal(r.cells, 128 * 128);
    assert.ok(r.through > 0 && r.through < r.cells, 'both outcomes on the map');
    assert.equal(r.differ, 0);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('a change during a fill gives the new map, never old and new together', async () => {
  const { page, context, consoleErrors } = await openPage(browser);
  try {
    // Changes a few milliseconds apart, each one while the previous map is being filled.
    for (const k of [3e4, 1e5, 1e7]) {
      await page.evaluate((k) => window.ipcWall.set({ k }), k);
      await nextFrames(page, 1);
      assert.equal(await page.evaluate(() => window.ipcWall.regime().complete), false, `k = ${k}: the map is new`);
    }
    const r = await mapEqualsDirect(page);
    assert.equal(r.worker, true);
    assert.equal(r.differ, 0, 'every cell is the last parameters’');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('without Worker the page fills the map itself, with the same cells', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => delete window.Worker);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}?kappa=1e5`);
    await page.evaluate(() => window.ipcWall.ready);
    assert.equal(await page.evaluate(() => typeof window.Worker), 'undefined');
    const r = await mapEqualsDirect(page);
    assert.equal(r.worker, false, 'computed on the page');
    assert.equal(r.differ, 0);
    // The live table too: the row of v0 = 5 is the article's.
    await page.evaluate(() => window.ipcWall.set({ kappa: 1e4 }));
    await nextFrames(page);
    assert.match(await page.locator('.article-table tbody tr[data-v0="5"] td.ipc').textContent(), /24\.0/);
  } finally {
    await context.close();
  }
});

test('no canvas is drawn again on a frame where its inputs did not change', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 2400 });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
    await nextFrames(page, 10);
    const draws = () => page.evaluate(() => window.ipcWall.__draws());
    const before = await draws();
    for (const id of ['scene', 'energy', 'timeline', 'regime-penalty', 'regime-ipc']) assert.ok(before[id] > 0, `${id} was drawn`);
    await nextFrames(page, 30);
    assert.deepEqual(await draws(), before, 'nothing changed: nothing drawn');
    // A new v0 moves the crosshair and restarts the throw, but the map's cells stay: each map
    // canvas is drawn again (its cursor moved) once, not on every frame after.
    await page.evaluate(() => window.ipcWall.set({ v0: 7 }));
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 10);
    const moved = await draws();
    assert.ok(moved['regime-ipc'] > before['regime-ipc']);
    await nextFrames(page, 30);
    assert.deepEqual(await draws(), moved, 'then nothing again');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
