// The figure's first frame does not wait for the panels below it: their module (extras.js,
// with the regime map, the trace, the timeline, the table) is imported, not statically, and
// they are built after that frame.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { useBrowser, baseUrl, watchPage } from './harness.mjs';

const browser = useBrowser();

test('the figure draws its first frame while the panels below are still on their way', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let letThrough;
  const held = new Promise((resolve) => (letThrough = resolve));
  await context.route('**/www/extras.js', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  const { consoleErrors } = watchPage(page);
  try {
    await page.goto(baseUrl, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => performance.getEntriesByName('ipc-wall:first-frame').length === 1);
    await page.waitForFunction(() => window.ipcWall.__draws().scene >= 1 && window.ipcWall.__draws().energy >= 1);
    const before = await page.evaluate(async () => {
      let regime;
      try {
        regime = window.ipcWall.regime();
      } catch (e) {
        regime = e.message;
      }
      const ready = await Promise.race([window.ipcWall.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
      return { regime: String(regime), ready, state: window.ipcWall.getState().params.v0, table: document.querySelector('#extras table') !== null };
    });
    assert.equal(before.state, 5, 'the figure runs at the article defaults');
    assert.match(before.regime, /not built yet; await window\.ipcWall\.ready/);
    assert.equal(before.ready, false, 'not ready without the panels below');
    assert.equal(before.table, false);

    letThrough();
    await page.evaluate(() => window.ipcWall.ready);
    const after = await page.evaluate(() => ({ n: window.ipcWall.regime().n, table: document.querySelector('#extras table') !== null }));
    assert.deepEqual(after, { n: 128, table: true }, 'built once their module came');
    assert.deepEqual(consoleErrors, []);
  } finally {
    letThrough();
    await context.close();
  }
});

test('if the panels below fail to load, the figure still works, is ready and says why they are missing', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/www/extras.js', (route) => route.abort('connectionreset'));
  const page = await context.newPage();
  const { consoleErrors } = watchPage(page);
  try {
    // window.ipcWall is there by `load` (main.js is async: not always by DOMContentLoaded).
    await page.goto(baseUrl, { waitUntil: 'load' });
    // `ready` settles, so an author's script and a parent's commands (which wait for it) go on.
    const ready = await page.evaluate(() => Promise.race([window.ipcWall.ready.then(() => 'ready'), new Promise((r) => setTimeout(() => r('still waiting'), 5000))]));
    assert.equal(ready, 'ready');
    const got = await page.evaluate(() => {
      window.ipcWall.set({ v0: 9 });
      let regime;
      try {
        window.ipcWall.regime();
      } catch (e) {
        regime = e.message;
      }
      return { v0: window.ipcWall.getState().params.v0, regime, table: document.querySelector('#extras table') !== null };
    });
    assert.equal(got.v0, 9, 'the figure takes a new speed');
    assert.match(got.regime, /did not load/);
    assert.equal(got.table, false);
    assert.ok(consoleErrors.some((e) => /panels below the figure did not load/.test(e)), consoleErrors.join('\n'));
  } finally {
    await context.close();
  }
});

test("while loading, static layers are drawn in tasks of their own: the scene's before its first frame, the plot's after it", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  // The first drawing on each canvas with an id (the page's, and the static layers off it):
  // in which animation frame callback (0: none), how many callbacks had begun by then, its
  // place among those first drawings, and its run of script (`run`: one between two
  // microtask checkpoints; two tasks are two runs).
  await context.addInitScript(() => {
    const seen = (window.__firstDraw = {});
    let frames = 0;
    let inFrame = 0;
    let runs = 0;
    let running = false;
    const run = () => {
      if (!running) {
        running = true;
        runs += 1;
        queueMicrotask(() => (running = false));
      }
      return runs;
    };
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (f) =>
      raf((t) => {
        inFrame = ++frames;
        try {
          f(t);
        } finally {
          inFrame = 0;
        }
      });
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of ['drawImage', 'fillRect', 'fillText', 'stroke', 'fill']) {
      const draw = proto[name];
      proto[name] = function (...args) {
        const id = this.canvas.id;
        if (id && !(id in seen)) seen[id] = { inFrame, frames, order: Object.keys(seen).length, run: run() };
        return draw.apply(this, args);
      };
    }
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { consoleErrors } = watchPage(page);
  try {
    // Slow enough that the scene's first drawing always passes the 12 ms slice.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(baseUrl);
    await page.evaluate(() => window.ipcWall.ready);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const first = await page.evaluate(() => window.__firstDraw);
    const { scene, energy } = first;
    const [sceneStatic, plotFrame] = [first['scene-static'], first['energy-frame']];
    const all = JSON.stringify(first);
    assert.ok(scene?.inFrame > 0, `the scene draws in a frame: ${all}`);
    assert.ok(sceneStatic?.inFrame === 0 && sceneStatic.order < scene.order, `the scene's static layer is drawn before, in no frame: ${all}`);
    assert.notEqual(sceneStatic.run, scene.run, `the scene's static layer and its first frame: two tasks: ${all}`);
    // The plot's frame (its static layer) in a task after the scene's frame, before the next
    // frame begins; copied onto the plot later: the plot's first drawing.
    assert.deepEqual(plotFrame && { inFrame: plotFrame.inFrame, frames: plotFrame.frames }, { inFrame: 0, frames: scene.frames }, `the plot's frame: ${all}`);
    assert.ok(energy?.order > plotFrame.order && energy.run !== plotFrame.run, `the plot draws after its frame, in another task: ${all}`);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the panels below the figure are built a task apart, not all in one', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Each panel's section gets its first children when the panel is built: in which delivery
  // of mutation records (one per microtask checkpoint, so one per task here).
  await context.addInitScript(() => {
    const built = (window.__builtIn = {});
    const ids = ['presets', 'trace', 'timeline-panel', 'regime', 'table'];
    let delivery = 0;
    new MutationObserver((records) => {
      delivery += 1;
      for (const r of records) {
        if (ids.includes(r.target.id) && r.addedNodes.length > 0 && !(r.target.id in built)) built[r.target.id] = delivery;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const { consoleErrors } = watchPage(page);
  try {
    await page.goto(baseUrl);
    await page.evaluate(() => window.ipcWall.ready);
    const built = await page.evaluate(() => window.__builtIn);
    assert.deepEqual(Object.keys(built).sort(), ['presets', 'regime', 'table', 'timeline-panel', 'trace'], JSON.stringify(built));
    assert.equal(new Set(Object.values(built)).size, 5, `five tasks: ${JSON.stringify(built)}`);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('a page whose HTML arrives slowly: the figure waits for the page to be parsed, then starts', async () => {
  // main.js is an async module: on a slow network it can run before the body is parsed. Here
  // the page's first half is sent, and the rest only once the figure's modules have been fetched.
  let modulesIn;
  const fetched = new Promise((r) => (modulesIn = r));
  const server = http.createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url.slice(1), baseUrl));
    const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
    if (req.url.endsWith('/www/scene.js')) setTimeout(modulesIn, 300);
    if (req.url !== '/') {
      res.writeHead(upstream.status, { 'Content-Type': type });
      return res.end(Buffer.from(await upstream.arrayBuffer()));
    }
    const html = await upstream.text();
    const cut = html.indexOf('<div class="work"');
    res.writeHead(200, { 'Content-Type': type });
    res.write(html.slice(0, cut));
    await fetched;
    res.end(html.slice(cut));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { consoleErrors } = watchPage(page);
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`, { waitUntil: 'load' });
    const ready = await page.evaluate(() => Promise.race([window.ipcWall?.ready.then(() => 'ready'), new Promise((r) => setTimeout(() => r('not ready'), 10_000))]));
    assert.equal(ready, 'ready', consoleErrors.join('\n'));
    assert.equal(await page.locator('#sliders input[type=range]').count(), 6, 'the sliders were built');
    assert.ok((await page.evaluate(() => window.ipcWall.__draws().energy)) >= 1, 'the energy plot, in the part that came late, is drawn');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
    await new Promise((r) => server.close(r));
  }
});

test('nothing is painted before the page is set up: the first paint has the sliders, in the reader’s language', async () => {
  // main.js is async and render-blocking: the page's first paint waits for it to run.
  for (const locale of ['en-US', 'es-ES']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
    await context.addInitScript(() => {
      window.__setUp = null;
      new MutationObserver(() => {
        if (!window.__setUp && document.getElementById('sliders')?.children.length) window.__setUp = { at: performance.now(), lang: document.documentElement.lang };
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    const { consoleErrors } = watchPage(page);
    try {
      await page.goto(baseUrl, { waitUntil: 'load' });
      await page.evaluate(() => window.ipcWall.ready);
      const { setUp, paint } = await page.evaluate(() => ({ setUp: window.__setUp, paint: performance.getEntriesByName('first-paint')[0]?.startTime }));
      assert.ok(setUp && paint !== undefined, `${locale}: ${JSON.stringify({ setUp, paint })}`);
      assert.ok(paint >= setUp.at, `${locale}: first paint at ${paint} ms, the sliders built at ${setUp.at} ms`);
      assert.equal(setUp.lang, locale.slice(0, 2), 'in the reader’s language by then');
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  }
});

/** One fresh load of `url` at 1280 × 800, traced: the form fields the page had when its
 * DOMContentLoaded began, and the layouts (ms) inside Document::FinishedParsing. */
async function loadTrace(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // Runs before the page's own listeners: what the page holds when parsing has ended.
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        window.__fields = [...document.querySelectorAll('select, textarea, input:not([type=checkbox])')].map((e) => e.id);
      }),
    );
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['blink', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => window.ipcWall.ready);
    const events = JSON.parse(await browser.stopTracing()).traceEvents;
    const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
    assert.ok(parse, 'the trace has the page’s parsing');
    const own = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ts >= parse.ts && e.ph === 'X');
    const ends = own.filter((e) => e.name === 'Document::FinishedParsing');
    assert.equal(ends.length, 1, 'parsing ended once');
    const [end] = ends;
    assert.ok(own.some((e) => e.name === 'Layout'), 'the page was laid out');
    const layouts = own.filter((e) => e.name === 'Layout' && e.ts >= end.ts && e.ts + e.dur <= end.ts + end.dur);
    return { fields: await page.evaluate(() => window.__fields), layouts: layouts.map((e) => Math.round(e.dur / 100) / 10) };
  } finally {
    await context.close();
  }
}

test('while loading, the page is laid out by its first frame, not forced when parsing ends', async () => {
  // Chromium looks at the form fields a page has when parsing ends, which forces a whole style
  // and layout there, before the figure's first frame lays the page out again. The fields come
  // from templates that main.js places. Chromium still lays out there on its own now and then
  // (2 of 24 fresh loads here, with no field at all), so most loads, not every one, must not.
  const loads = [];
  for (let i = 0; i < 5; i++) loads.push(await loadTrace(baseUrl));
  for (const { fields } of loads) assert.deepEqual(fields, [], 'no form field when parsing ends');
  const forced = loads.filter((l) => l.layouts.length);
  assert.ok(forced.length <= 2, `laid out when parsing ended in ${forced.length} of 5 loads: ${forced.map((l) => l.layouts.join('+') + ' ms').join(', ')}`);
});
