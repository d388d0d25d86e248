// The heavy work off the page's thread (issue 13): the regime map computed in a module worker
// equals the same wasm's Regime computed on the page, cell for cell; a change during a fill
// gives the new map alone; the page's own sliced fill takes over without Worker; and no canvas
// is drawn again on a frame where nothing it shows changed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, baseUrl, watchPage } from './harness.mjs';
import { nextFrames, slowDrag } from './guarded.mjs';

const browser = useBrowser();

/** Compares the page's finished 128 × 128 map with a Regime filled here, on the page's thread,
 * for the figure's current parameters and the panels' models: every outcome, gap and cell
 * (Regime.cell()) of both panels. */
async function mapEqualsDirect(page) {
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
  return page.evaluate(async () => {
    const g = await import('./pkg/ipc_wall.js');
    const m = window.ipcWall.regime();
    const direct = new g.Regime(window.ipcWall.getState().params, m.n, m.models);
    direct.fill(1e9);
    let differ = 0;
    const through = [0, 1].map((p) => {
      const [o, d] = [m.outcomes(p), direct.outcomes(p)];
      const [gp, gd] = [m.gaps(p), direct.gaps(p)];
      for (let k = 0; k < o.length; k++) if (o[k] !== d[k] || !Object.is(gp[k], gd[k])) differ += 1;
      return d.filter((x) => x === 2).length;
    });
    for (let j = 0; j < m.n; j++) {
      for (let i = 0; i < m.n; i++) if (JSON.stringify(m.cell(i, j)) !== JSON.stringify(direct.cell(i, j))) differ += 1;
    }
    direct.free();
    return { worker: m.worker, models: m.models, cells: m.outcomes().length, differ, through: through[0], throughRight: through[1] };
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

test('either panel shows any of the four models, picked by the reader, cell for cell the direct throws', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    await page.locator('#regime').scrollIntoViewIfNeeded();
    assert.deepEqual(await page.evaluate(() => window.ipcWall.regime().models), ['penalty', 'ipc'], 'the article\'s pair by default');
    await page.selectOption('#regime-model-left', 'barrier-alone');
    await page.selectOption('#regime-model-right', 'ccd-alone');
    await page.waitForFunction(() => {
      const m = window.ipcWall.regime();
      return m.complete && m.models.join() === 'barrier-alone,ccd-alone';
    }, null, { timeout: 60_000 });
    const r = await mapEqualsDirect(page);
    assert.deepEqual(r.models, ['barrier-alone', 'ccd-alone']);
    assert.equal(r.worker, true);
    assert.equal(r.differ, 0);
    assert.ok(r.through > 0 && r.through < r.cells, 'the barrier alone lets fast throws through and stops slow ones');
    assert.equal(r.throughRight, 0, 'CCD alone never lets the ball through');
    // At the article's throw (5 m/s, 10 ms): the barrier alone went through, CCD alone touches the face.
    const cell = await page.evaluate(() => {
      const m = window.ipcWall.regime();
      const [i, j] = m.cellOf(5, 0.01);
      return m.cell(i, j);
    });
    assert.equal(cell['barrier-alone'].outcome, 'through');
    assert.equal(cell['ccd-alone'].outcome, 'stopped');
    assert.equal(cell['ccd-alone'].xmax_minus_wall_m, 0, 'glued to the front face');
    // The words follow the panels: captions, legends and the readout of a cell.
    assert.match(await page.locator('#regime-right').getAttribute('aria-label'), /CCD alone/i);
    const legends = await page.locator('.map-legend').evaluateAll((ls) => ls.map((l) => l.innerText));
    assert.match(legends[0], /went through/);
    assert.match(legends[1], /reached the wall/);
    assert.doesNotMatch(legends[1], /went through/, 'a legend shows only what its panel has');
    await page.locator('#regime-right').focus();
    await page.keyboard.press('ArrowUp');
    assert.match(await page.locator('#regime-readout').textContent(), /Barrier alone .*; CCD alone stopped/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

/** A page of `cores` cores (`query`: its link's) whose workers' map requests are counted
 * ({sizes, rows} each), once its map is complete. */
async function countedPage(cores, query = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  await context.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    window.__workers = [];
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        const seen = { maps: [] };
        window.__workers.push(seen);
        const post = this.postMessage.bind(this);
        this.postMessage = (msg, ...rest) => {
          if (msg?.kind === 'map') seen.maps.push({ sizes: msg.sizes, rows: String(msg.rows) });
          return post(msg, ...rest);
        };
      }
    };
  }, cores);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${query}`);
  await page.evaluate(() => window.ipcWall.ready);
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
  return { context, page };
}

test('two workers compute the map, each its rows, and the page puts together the direct map', async () => {
  // Four cores: the page starts two workers.
  const { context, page } = await countedPage(4, '?dhat=2e-6&kappa=1e6');
  try {
    const r = await mapEqualsDirect(page);
    assert.equal(r.worker, true, 'computed in the workers');
    assert.ok(r.through > 0 && r.through < r.cells, 'both outcomes on the map');
    assert.equal(r.differ, 0, 'the joined map is the direct map, cell for cell');
    const workers = await page.evaluate(() => window.__workers);
    assert.equal(workers.length, 2, 'two workers');
    assert.deepEqual(
      workers.map((w) => w.maps.at(-1).rows),
      ['0,2', '1,2'],
      'each computes every other row',
    );
    // Their wasm memory together, for the benchmark.
    const bytes = await page.evaluate(() => window.ipcWall.regime().workerMemory());
    assert.ok(bytes >= 2 * 65536 && bytes % 65536 === 0, `${bytes} bytes`);
  } finally {
    await context.close();
  }
});

/** The workers asked for a 128 × 128 map by a new k (set through the API), once it is complete. */
async function fullMapWorkers(page, k) {
  await page.evaluate(() => window.__workers.forEach((w) => (w.maps.length = 0)));
  await page.evaluate((k) => window.ipcWall.set({ k }), k);
  // The old map stays complete until the panel asks for the new one.
  await page.waitForFunction(() => window.__workers.some((w) => w.maps.some((m) => m.sizes.includes(128))));
  const r = await mapEqualsDirect(page);
  assert.equal(r.differ, 0, 'the map is the direct map, cell for cell');
  return page.evaluate(() => window.__workers.map((w) => w.maps.filter((m) => m.sizes.includes(128)).map((m) => m.rows)));
}

/** Drags the h slider at 6× CPU until this device is judged slow (the canvases in draft). */
async function judgedSlow(page, context) {
  const cdp = await context.newCDPSession(page);
  const ratio = () => page.evaluate(() => document.getElementById('energy').width / document.getElementById('energy').clientWidth);
  const draft = await slowDrag(page, cdp, 6, ratio);
  assert.ok(Math.abs(draft - 1) < 0.01, `the device was judged slow (the energy plot in draft): ${draft}`);
}

test('on a slow device whose two workers would take every core, the 128 × 128 map takes one and leaves the page a core', async () => {
  for (const [cores, slowRows] of [
    [2, [['0,1'], []]],
    [4, [['0,2'], ['1,2']]],
  ]) {
    const { context, page } = await countedPage(cores);
    try {
      assert.deepEqual(await fullMapWorkers(page, 2e5), [['0,2'], ['1,2']], `${cores} cores, on time: both workers`);
      await judgedSlow(page, context);
      assert.deepEqual(await fullMapWorkers(page, 3e5), slowRows, `${cores} cores, judged slow`);
    } finally {
      await context.close();
    }
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
    // The live table too (written on screen): the row of v0 = 5 is the article's.
    await page.evaluate(() => window.ipcWall.set({ kappa: 1e4 }));
    await page.locator('.article-table').scrollIntoViewIfNeeded();
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
    for (const id of ['scene', 'energy', 'timeline', 'regime-left', 'regime-right']) assert.ok(before[id] > 0, `${id} was drawn`);
    await nextFrames(page, 30);
    assert.deepEqual(await draws(), before, 'nothing changed: nothing drawn');
    // A new v0 moves the crosshair and restarts the throw, but the map's cells stay: each map
    // canvas is drawn again (its cursor moved) once, not on every frame after.
    await page.evaluate(() => window.ipcWall.set({ v0: 7 }));
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 10);
    const moved = await draws();
    assert.ok(moved['regime-right'] > before['regime-right']);
    await nextFrames(page, 30);
    assert.deepEqual(await draws(), moved, 'then nothing again');
    // Scrolled away and back with nothing changed: no panel is drawn again (nor the trace's
    // rows rebuilt) for coming back on screen.
    await page.evaluate(() => (window.__rows = document.querySelector('#trace-table tbody')));
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nextFrames(page, 5);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 1280, height: 2400 });
    await nextFrames(page, 10);
    assert.deepEqual(await draws(), moved, 'back on screen, unchanged: nothing drawn');
    assert.ok(await page.evaluate(() => window.__rows === document.querySelector('#trace-table tbody')), 'the same trace rows');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

// A window tall enough that the sliders, the map and the table are on screen together: off
// screen, the map and the table wait for the drag's end (the test after these two).
const TALL = { width: 1280, height: 3400 };

/** Whether the map and the table are on screen (the page's panels count 100 px ahead). */
const mapAndTableShown = (page) =>
  page.evaluate(() => ['#regime', '#table', '#p-k'].every((s) => document.querySelector(s).getBoundingClientRect().top < innerHeight));

/** Before the page's scripts: the page's map and table requests to its workers are counted
 * (window.__gate.asked), and the workers' answers wait while window.__gate.shut. */
function gateWorkers() {
  const Real = window.Worker;
  const gate = (window.__gate = { shut: false, waiting: [], asked: [] });
  window.Worker = class extends Real {
    set onmessage(fn) {
      super.onmessage = (ev) => (gate.shut ? gate.waiting.push(() => fn(ev)) : fn(ev));
    }
    postMessage(msg, transfer) {
      if (msg?.kind === 'map' || msg?.kind === 'table') gate.asked.push({ kind: msg.kind, k: msg.params.k, sizes: msg.sizes });
      return super.postMessage(msg, transfer);
    }
  };
}

test('while a slider is held the map on screen computes its 32 × 32 preview only; let go, the 128 × 128 map follows', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { ...TALL, locale: 'en-US' });
  try {
    await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
    assert.ok(await mapAndTableShown(page), 'the k slider, the map and the table on screen together');
    const slider = page.locator('#p-k');
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 6, y);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) await page.mouse.move(box.x + 6 + k * 0.05 * box.width, y, { steps: 2 });
    // Held: long enough for a whole 128 × 128 map at these parameters, had it been asked.
    await page.waitForTimeout(2500);
    const held = await page.evaluate(() => {
      const m = window.ipcWall.regime();
      return { complete: m.complete, fill: m.fill_ms, k: window.ipcWall.getState().params.k };
    });
    assert.ok(held.k < 1e6, `the drag moved k (${held.k})`);
    assert.equal(held.complete, false, 'no 128 × 128 map while the slider is held');
    assert.ok(held.fill.n32 > 0 && held.fill.n128 === undefined, `the preview alone (${JSON.stringify(held.fill)})`);
    await page.mouse.up();
    const r = await mapEqualsDirect(page);
    assert.equal(r.worker, true);
    assert.equal(r.differ, 0, 'let go: the 128 × 128 map of the new k, cell for cell');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('while a slider is held the page asks one worker for one preview at a time, and one table, the next with the parameters of then', async () => {
  const context = await browser.newContext({ viewport: TALL, locale: 'en-US' });
  await context.addInitScript(gateWorkers);
  const page = await context.newPage();
  try {
    await page.goto(baseUrl);
    await page.evaluate(() => window.ipcWall.ready);
    await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
    assert.ok(await mapAndTableShown(page), 'the k slider, the map and the table on screen together');
    const slider = page.locator('#p-k');
    const box = await slider.boundingBox();
    const [y, at] = [box.y + box.height / 2, (f) => box.x + 6 + f * (box.width - 12)];
    await page.mouse.move(at(0.3), y);
    await page.evaluate(() => ((window.__gate.shut = true), (window.__gate.asked.length = 0)));
    await page.mouse.down();
    for (const f of [0.35, 0.4, 0.45, 0.5]) {
      await page.mouse.move(at(f), y);
      await nextFrames(page, 2);
    }
    const held = await page.evaluate(() => ({ asked: window.__gate.asked.slice(), k: window.ipcWall.getState().params.k }));
    const count = (kind) => held.asked.filter((a) => a.kind === kind);
    // The first move asks one worker for the preview (the other core stays the page's) and
    // one for the table; the three moves after it wait for those answers.
    assert.equal(count('map').length, 1, `one preview request, to one worker: ${JSON.stringify(held.asked)}`);
    assert.equal(count('table').length, 1, `one table request: ${JSON.stringify(held.asked)}`);
    assert.deepEqual(count('map')[0].sizes, [32]);
    assert.notEqual(count('map')[0].k, held.k, 'the drag went on past the first request');
    // The answers come: the next requests carry the k of now, not the ones in between.
    await page.evaluate(() => {
      window.__gate.shut = false;
      window.__gate.waiting.splice(0).forEach((deliver) => deliver());
    });
    await nextFrames(page, 3);
    const next = await page.evaluate(() => window.__gate.asked.slice(2));
    assert.deepEqual(next.map((a) => a.kind).sort(), ['map', 'table']);
    for (const a of next) assert.equal(a.k, held.k, `asked for the k of now: ${JSON.stringify(next)}`);
    await page.mouse.up();
    const r = await mapEqualsDirect(page);
    assert.equal(r.differ, 0, 'let go: the 128 × 128 map of the last k');
  } finally {
    await context.close();
  }
});

test('while a slider is held, the map and the table off screen ask for nothing and keep their words; let go, they catch up', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(gateWorkers);
  const page = await context.newPage();
  const { consoleErrors } = watchPage(page);
  try {
    await page.goto(baseUrl);
    await page.evaluate(() => window.ipcWall.ready);
    await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
    const slider = page.locator('#p-k');
    await slider.scrollIntoViewIfNeeded();
    await nextFrames(page, 2);
    const offScreen = await page.evaluate(() => ['#regime', '#table'].every((s) => document.querySelector(s).getBoundingClientRect().top > innerHeight + 200));
    assert.ok(offScreen, 'the map and the table are off screen');
    // Words off screen that name k: the map's caption (the table writes its rows on screen only).
    const words = () => page.evaluate(() => document.querySelector('#regime .map-params').textContent);
    const before = await words();
    const box = await slider.boundingBox();
    const [y, at] = [box.y + box.height / 2, (f) => box.x + 6 + f * (box.width - 12)];
    await page.mouse.move(at(0.3), y);
    await page.mouse.down();
    await nextFrames(page, 2);
    const start = await page.evaluate(() => window.ipcWall.getState().params.k);
    await page.evaluate(() => (window.__gate.asked.length = 0));
    for (const f of [0.35, 0.4, 0.45, 0.5]) {
      await page.mouse.move(at(f), y);
      await nextFrames(page, 3);
    }
    const held = await page.evaluate(() => ({ asked: window.__gate.asked.slice(), k: window.ipcWall.getState().params.k }));
    assert.ok(held.k !== start, `the drag moved k (${start} to ${held.k})`);
    assert.deepEqual(held.asked, [], 'nothing asked of the workers while the slider is held');
    assert.deepEqual(await words(), before, 'the words off screen wait for the drag to end');
    await page.mouse.up();
    await nextFrames(page, 3);
    const after = await page.evaluate(() => window.__gate.asked.slice());
    // Let go: the map (one request to each worker) and the table, for the k let go at.
    assert.deepEqual([...new Set(after.map((a) => a.kind))].sort(), ['map', 'table'], `let go: the map and the table asked for: ${JSON.stringify(after)}`);
    assert.equal(after.filter((a) => a.kind === 'table').length, 1, `one table: ${JSON.stringify(after)}`);
    for (const a of after) assert.equal(a.k, held.k, `for the k let go at: ${JSON.stringify(after)}`);
    // Off screen, no 32 × 32 preview: nobody would see it.
    for (const a of after.filter((x) => x.kind === 'map')) assert.deepEqual(a.sizes, [128]);
    const r = await mapEqualsDirect(page);
    assert.equal(r.differ, 0, 'the 128 × 128 map of the new k, cell for cell');
    assert.notEqual(await words(), before, 'the map\'s caption names the new k');
    await page.locator('#table').scrollIntoViewIfNeeded();
    await page.waitForFunction((k) => [...document.querySelectorAll('#table td[data-k]')].some((td) => td.dataset.k === String(k)), held.k);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
