// `IPC_WALL_URL=… node bench/browser.mjs <out.json>`: the figure in headless Chromium at
// 1280 × 800, dpr 2, as a reader gets it. Writes raw measurements as JSON (xtask computes the
// medians and checks the budgets). Run by `cargo xtask bench`, which serves dist/.
//
// - first frame: navigation to the page's `ipc-wall:first-frame` mark, in fresh contexts
//   (empty cache, the wasm compiled each time);
// - the regime map: compute and on-screen time of a 128 × 128 fill after a change of k;
// - frames while playing (in real time) and while the v0 slider is dragged with the mouse (one move per
//   frame): the page's own per-frame timings (window.ipcWall.__frameTimes) and the intervals
//   between animation frames (a gap of two frames or more is a dropped frame);
// - long tasks (over 50 ms) of the whole session, from a PerformanceObserver, and what ran in
//   each while loading (Long Animation Frame timing);
// - the JS heap after load (after a garbage collection);
// - throughput of the wasm in the page, as bench/wasm-node.mjs measures it under Node.

import fs from 'node:fs';
import { launchBrowser, baseUrl } from '../tests/e2e/harness.mjs';
import { measureThroughput } from './throughput.mjs';
import { recordFrames, observeTasks, whatRan } from './frames.mjs';

const out = process.argv[2];
const VIEWPORT = { width: 1280, height: 800 };
const DPR = 2;
const LOADS = 7;
const PLAY_MS = 4000;
const DRAG_MOVES = 180;
const MAP_KS = [1e5, 1e6, 1e7, 1e4, 1e3];

async function newPage(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: DPR, locale: 'en-US' });
  // Before any of the page's scripts: every long task from the navigation on, and the scripts
  // that ran in it.
  await context.addInitScript(observeTasks, '__benchTasks');
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { context, page, errors };
}

async function open(browser) {
  const p = await newPage(browser);
  const response = await p.page.goto(baseUrl, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`GET ${baseUrl} answered ${response?.status()}`);
  await p.page.waitForFunction(() => typeof window.ipcWall?.ready?.then === 'function');
  await p.page.evaluate(() => window.ipcWall.ready);
  p.firstFrame = await p.page.evaluate(() => performance.getEntriesByName('ipc-wall:first-frame')[0]?.startTime ?? null);
  return p;
}

const longTasks = (page) => page.evaluate(() => window.__benchTasks.tasks.slice());

/** The long tasks so far, each with what ran in it (whatRan) and the load's first frame. */
async function loadTasks(p) {
  const seen = await p.page.evaluate(() => window.__benchTasks);
  return seen.tasks.map((t) => ({ ...t, what: whatRan(t, seen), first_frame: p.firstFrame }));
}

/** Sets k (the map depends on it) and waits for the 128 × 128 map: on-screen and compute ms. */
function mapFill(page, k) {
  return page.evaluate(
    (k) =>
      new Promise((resolve) => {
        window.ipcWall.pause();
        const t0 = performance.now();
        window.ipcWall.set({ k });
        let restarted = false;
        const poll = () => {
          const r = window.ipcWall.regime();
          if (!r.complete) restarted = true;
          if (restarted && r.complete) resolve({ k, screen_ms: performance.now() - t0, compute_ms: r.fill_ms.n128, compute64_ms: r.fill_ms.n64 });
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
    k,
  );
}

/** Records animation-frame intervals until stop(); returns the page's frame numbering start. */
function startRecording(page) {
  return page.evaluate(recordFrames, '__benchRec');
}

function stopRecording(page) {
  return page.evaluate(() => {
    const rec = window.__benchRec;
    rec.on = false;
    const f = window.ipcWall.__frameTimes(rec.from);
    return { work_ms: f.work, whole_ms: f.whole, intervals_ms: rec.intervals };
  });
}

const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

/** The throw playing in real time (a step or two every frame: the pace that costs most per
 * frame short of "as fast as possible"), replayed whenever it ends. */
async function playing(page) {
  await page.selectOption('#speed', { label: 'real time' });
  await page.evaluate(() => {
    window.ipcWall.reset();
    window.ipcWall.play();
  });
  await startRecording(page);
  const t0 = Date.now();
  while (Date.now() - t0 < PLAY_MS) {
    await page.waitForTimeout(250);
    // play() after the end replays (and does nothing while playing).
    await page.evaluate(() => {
      const s = window.ipcWall.getState();
      if (s.penalty.outcome !== 'flying' && s.ipc.outcome !== 'flying') window.ipcWall.play();
    });
  }
  return stopRecording(page);
}

/** The v0 slider dragged back and forth with the mouse, one move per animation frame. */
async function dragging(page) {
  const slider = page.locator('#p-v0');
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  const [x0, x1] = [box.x + 6, box.x + box.width - 6];
  await page.mouse.move(x0, y);
  await nextFrame(page);
  await startRecording(page);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_MOVES; i++) {
    const u = 0.5 - 0.5 * Math.cos((4 * Math.PI * i) / DRAG_MOVES);
    await page.mouse.move(x0 + u * (x1 - x0), y);
    await nextFrame(page);
  }
  await page.mouse.up();
  await nextFrame(page);
  const rec = await stopRecording(page);
  rec.v0_after = await page.evaluate(() => window.ipcWall.getState().params.v0);
  return rec;
}

async function heapAfterLoad(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return { used_bytes: usedSize, total_bytes: totalSize };
}

function throughputInPage(page) {
  const src = measureThroughput.toString();
  // A string, evaluated by the DevTools protocol: the page's CSP forbids eval in the page.
  return page.evaluate(`(async () => {
    const glue = await import(new URL('pkg/ipc_wall.js', document.baseURI).href);
    return (${src})(glue);
  })()`);
}

const browser = await launchBrowser();
const result = { chromium: browser.version(), viewport: { ...VIEWPORT, dpr: DPR }, url: baseUrl };
try {
  result.first_frame_ms = [];
  result.long_tasks = { load: [] };
  const errors = [];
  for (let i = 0; i < LOADS; i++) {
    const p = await open(browser);
    result.first_frame_ms.push(p.firstFrame);
    result.long_tasks.load.push(...(await loadTasks(p)));
    errors.push(...p.errors);
    await p.context.close();
  }

  const p = await open(browser);
  const { page, context } = p;
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
  result.map_first = await page.evaluate(() => window.ipcWall.regime().fill_ms);
  result.heap = await heapAfterLoad(context, page);
  result.map = [];
  for (const k of MAP_KS) result.map.push(await mapFill(page, k));
  const before = (await longTasks(page)).length;
  result.playing = await playing(page);
  result.dragging = await dragging(page);
  const tasks = await longTasks(page);
  result.long_tasks.session = tasks.slice(0, before);
  result.long_tasks.frames = tasks.slice(before);
  // Last: its repetitions are long tasks by design.
  result.throughput = await throughputInPage(page);
  errors.push(...p.errors);
  result.errors = errors;
  await context.close();
} finally {
  await browser.close();
}
fs.writeFileSync(out, `${JSON.stringify(result)}\n`);
