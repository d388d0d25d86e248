// Soak: a 60 s storm of what readers do (slider drags and key presses, presets, clicks on the
// regime maps, play/pause) at 1280×800, dpr 2, the figure issue's setting. No console error;
// JS heap growth under 5 MB between the start and the end of the storm, both measured after
// a forced GC in the same state (the article's parameters, the throw run to its end, the
// regime map complete); the figure's own frame work within its budget.
//
// Why the frame assertion is on the page's own work (window.ipcWall.__frameTimes: steps,
// scene and energy plot, timed with performance.now inside the frame) and not on rAF
// intervals: this machine is shared, and another process can delay a frame by tens of ms
// without the figure doing anything; the work the figure does per frame is what it controls.
// The budget is the figure issue's: median under 4 ms. The tail is asserted at one 60 Hz frame
// (p95 under 16 ms): a storm changes a parameter every few frames and the first frame after a
// change restarts the throw, and on this 2-core machine, shared with other builds and
// benchmarks, those frames measured 8 to 10 ms at p95 when the load average was 10. The
// measured p95 is written to artifacts/soak.json (the README reports it against 8 ms);
// `cargo xtask bench` measures frames on a quiet machine. Long tasks are reported, not
// asserted: the browser does not say whose they are.
// IPC_WALL_SOAK_SECONDS changes the storm's length; IPC_WALL_SEED its random sequence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { artifactsDir, useBrowser, openPage, screenshot, rng } from './harness.mjs';

const STORM_S = Number(process.env.IPC_WALL_SOAK_SECONDS ?? 60);
const SEED = Number(process.env.IPC_WALL_SEED ?? 6);
const MAX_HEAP_GROWTH = 5 * 1024 * 1024;

const browser = useBrowser();

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

const SLIDERS = ['v0', 'h', 'k', 'dhat', 'kappa'];

/** One random thing a reader does. Returns its kind. */
async function act(page, random) {
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const r = random();
  if (r < 0.35) {
    // A drag: several input events along the way, then change, as a pointer drag fires them.
    const name = pick(SLIDERS);
    await page.locator(`input[type=range][name=${name}]`).evaluate(
      (el, [u, steps]) => {
        const min = Number(el.min);
        const max = Number(el.max);
        const from = Number(el.value);
        const to = Math.round(min + u * (max - min));
        for (let i = 1; i <= steps; i++) {
          el.value = String(Math.round(from + ((to - from) * i) / steps));
          el.dispatchEvent(new Event('input', { bubbles: true }));
        }
        el.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [random(), 1 + Math.floor(random() * 8)],
    );
    return 'drag';
  }
  if (r < 0.5) {
    await page.locator(`input[type=range][name=${pick(SLIDERS)}]`).focus();
    await page.keyboard.press(pick(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']));
    return 'key';
  }
  if (r < 0.7) {
    await page.locator('button.preset').nth(Math.floor(random() * 5)).click();
    return 'preset';
  }
  if (r < 0.9) {
    const map = page.locator(pick(['#regime-left', '#regime-right']));
    const box = await map.boundingBox();
    if (box) await map.click({ position: { x: 1 + random() * (box.width - 2), y: 1 + random() * (box.height - 2) } });
    return 'map';
  }
  await page.evaluate((play) => (play ? window.ipcWall.play() : window.ipcWall.pause()), random() < 0.7);
  return 'play/pause';
}

/** The same state at both ends of the storm, so the heaps compare like with like. */
async function settle(page) {
  await page.evaluate(() => {
    window.ipcWall.set({ v0: 5, h: 0.01, k: 1e4, dhat: 1e-3, kappa: 1e4 });
    window.ipcWall.runToEnd();
  });
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 30_000, polling: 100 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function heapAfterGc(cdp) {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

test(`soak: a ${STORM_S} s storm of slider moves, presets and map clicks; no error, no leak, frames in budget`, { timeout: (STORM_S + 60) * 1000 }, async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, dpr: 2, locale: 'en-US', timeout: 30_000 });
  try {
    const cdp = await context.newCDPSession(page);
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__longTasks.push(e.duration))).observe({ type: 'longtask' });
    });
    const random = rng(SEED);
    // A few seconds of the same storm first: code compiled, caches and buffers at their size.
    const warm = Date.now() + 5000;
    while (Date.now() < warm) await act(page, random);
    await settle(page);
    const heapStart = await heapAfterGc(cdp);

    const counts = {};
    const work = [];
    let from = await page.evaluate(() => window.ipcWall.__frameTimes().next);
    const collect = async () => {
      const f = await page.evaluate((from) => window.ipcWall.__frameTimes(from), from);
      // At most the latest 600 frames are kept; collected every second, none is lost.
      work.push(...f.work);
      from = f.next;
    };
    const end = Date.now() + STORM_S * 1000;
    let lastCollect = Date.now();
    while (Date.now() < end) {
      const kind = await act(page, random);
      counts[kind] = (counts[kind] ?? 0) + 1;
      if (random() < 0.3) await page.waitForTimeout(random() * 200);
      if (Date.now() - lastCollect > 1000) {
        await collect();
        lastCollect = Date.now();
      }
    }
    await collect();
    await screenshot(page, 'soak-end');
    assert.deepEqual(consoleErrors, [], 'no console error during the storm');
    assert.equal(await page.locator('#error-banner').isVisible(), false, 'no crash banner');

    await settle(page);
    const heapEnd = await heapAfterGc(cdp);
    const longTasks = await page.evaluate(() => window.__longTasks);
    const actions = Object.values(counts).reduce((a, b) => a + b, 0);
    const summary = {
      seconds: STORM_S,
      seed: SEED,
      actions: counts,
      frames: work.length,
      work_ms: { median: quantile(work, 0.5), p95: quantile(work, 0.95), max: Math.max(...work) },
      heap_bytes: { start: heapStart, end: heapEnd, growth: heapEnd - heapStart },
      long_tasks: { count: longTasks.length, max_ms: longTasks.length ? Math.max(...longTasks) : 0 },
    };
    fs.mkdirSync(artifactsDir, { recursive: true });
    fs.writeFileSync(path.join(artifactsDir, 'soak.json'), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`soak: ${JSON.stringify(summary)}`);

    assert.ok(actions >= STORM_S, `a storm: ${actions} actions in ${STORM_S} s`);
    for (const kind of ['drag', 'key', 'preset', 'map']) assert.ok(counts[kind] > 0, `${kind} happened`);
    assert.ok(work.length > STORM_S * 10, `frames were drawn: ${work.length}`);
    assert.ok(heapEnd - heapStart < MAX_HEAP_GROWTH, `JS heap grew by ${((heapEnd - heapStart) / 1048576).toFixed(2)} MB`);
    assert.ok(summary.work_ms.median <= 4, `median frame work ${summary.work_ms.median.toFixed(2)} ms`);
    assert.ok(summary.work_ms.p95 <= 16, `p95 frame work ${summary.work_ms.p95.toFixed(2)} ms`);
    // And the figure still tells the article's story.
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal((-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
