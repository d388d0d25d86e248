// `IPC_WALL_URL=… node bench/phone.mjs <out.md>`: the reader's experience while dragging each of
// the five sliders (v0, h, k, d̂, κ) with real mouse moves, at 1280 × 800 dpr 2 and 390 × 844
// dpr 3, and with a finger (CDP Input.dispatchTouchEvent, on a touch phone's page) at 390 × 844
// dpr 3, at full CPU speed and slowed 4× (CDP Emulation.setCPUThrottlingRate, Lighthouse's
// phone). Per drag: the intervals between animation frames, long tasks (PerformanceObserver),
// the slowest interaction (Event Timing: INP as a page of one drag sees it), and how long the
// 128 × 128 map takes after the last move. Over the session: the wasm memory of the page and
// of the worker, and the JS heap. Per configuration, LOADS fresh loads: the first frame and the
// long tasks while loading. Writes a markdown section with each budget beside its figure.
// Run by `cargo xtask bench --browser`, which serves dist/ and puts it into bench/report.md.

import fs from 'node:fs';
import os from 'node:os';
import { launchBrowser, baseUrl } from '../tests/e2e/harness.mjs';
import { recordFrames, observeTasks, whatRan } from './frames.mjs';

const out = process.argv[2];
const SLIDERS = ['v0', 'h', 'k', 'dhat', 'kappa'];
const MOVES = 60;
// Fresh loads per configuration (LOADS - 1 in contexts of their own, then the drag session's).
const LOADS = 5;
const CONFIGS = [
  { width: 1280, height: 800, dpr: 2, rate: 1, input: 'mouse' },
  { width: 390, height: 844, dpr: 3, rate: 1, input: 'mouse' },
  { width: 390, height: 844, dpr: 3, rate: 1, input: 'touch' },
  { width: 1280, height: 800, dpr: 2, rate: 4, input: 'mouse' },
  { width: 390, height: 844, dpr: 3, rate: 4, input: 'mouse' },
  { width: 390, height: 844, dpr: 3, rate: 4, input: 'touch' },
];
// Issue 13's budgets: [p95 frame, median frame, long tasks, INP, map after the last change].
const BUDGET = { 1: { p95: 17.5, long: 0, map: 300 }, 4: { median: 17.5, p95: 33.4, inp: 200, map: 1200 } };

function observe() {
  window.__ph = { events: [], inputs: 0 };
  // The slider's own input events: a drag that moved nothing is reported, not measured as smooth.
  addEventListener('input', () => window.__ph.inputs++, true);
  new PerformanceObserver((l) => window.__ph.events.push(...l.getEntries().map((e) => ({ name: e.name, d: e.duration, id: e.interactionId })))).observe({
    type: 'event',
    durationThreshold: 16,
    buffered: true,
  });
}

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};

async function memory(page) {
  return page.evaluate(async () => {
    const wasm = await (await import('./pkg/ipc_wall.js')).default();
    return { page: wasm.memory.buffer.byteLength, worker: await window.ipcWall.regime().workerMemory?.() };
  });
}

/** The pointer: the mouse, or one finger through CDP (a touch point, as a phone sends it). */
function pointer(page, cdp, input) {
  if (input === 'mouse') return { start: (x, y) => page.mouse.move(x, y).then(() => page.mouse.down()), move: (x, y) => page.mouse.move(x, y), end: () => page.mouse.up() };
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  return { start: (x, y) => touch('touchStart', [{ x, y }]), move: (x, y) => touch('touchMove', [{ x, y }]), end: () => touch('touchEnd', []) };
}

/** The page's main-thread task and script time so far, and the time of that reading, in ms
 * (CDP Performance.getMetrics). */
async function mainThread(cdp) {
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  return { task: 1000 * m.TaskDuration, script: 1000 * m.ScriptDuration, at: 1000 * m.Timestamp };
}

async function drag(page, cdp, name, finger) {
  const slider = page.locator(`#p-${name}`);
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  const [x0, x1] = [box.x + 6, box.x + box.width - 6];
  if (finger.hover) await page.mouse.move(x0 + 0.3 * (x1 - x0), y);
  await page.evaluate(() => {
    window.__tasks.tasks.length = 0;
    window.__ph.events.length = 0;
    window.__ph.inputs = 0;
  });
  await page.evaluate(recordFrames, '__rec');
  const busy0 = await mainThread(cdp);
  const start = await page.evaluate(() => performance.now());
  await finger.start(x0 + 0.3 * (x1 - x0), y);
  for (let i = 1; i <= MOVES; i++) {
    const u = 0.3 + 0.4 * Math.sin((2 * Math.PI * i) / MOVES);
    await finger.move(x0 + u * (x1 - x0), y);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  const release = await page.evaluate(() => performance.now());
  await finger.end();
  const busy1 = await mainThread(cdp);
  // The share of the drag's time the main thread was busy: what headroom a frame had.
  const wall = busy1.at - busy0.at;
  const busy = { task: (busy1.task - busy0.task) / wall, script: (busy1.script - busy0.script) / wall };
  const seen = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const rec = window.__rec;
        const poll = () => {
          if (!window.ipcWall.regime().complete) return requestAnimationFrame(poll);
          rec.on = false;
          const inter = window.__ph.events.filter((e) => e.id > 0).map((e) => e.d);
          resolve({ intervals: rec.intervals, seen: window.__tasks, inp: inter.length ? Math.max(...inter) : 0, map_ms: performance.now() - t0, inputs: window.__ph.inputs });
        };
        // The first frame after the release carries the last change.
        requestAnimationFrame(() => requestAnimationFrame(poll));
      }),
  );
  const { seen: tasks, ...rest } = seen;
  // When: a task in the drag, or in the release's work (the throw it plays, the map painting).
  const when = (t) => (t.start < release ? `${fmt(t.start - start)} ms into the drag` : `${fmt(t.start - release)} ms after the release`);
  return { ...rest, long: tasks.tasks.map((t) => ({ ...t, what: whatRan(t, tasks), when: when(t) })), busy };
}

/** A fresh page as `cfg` sees it, loaded and ready. */
async function openPage(browser, cfg) {
  const touch = cfg.input === 'touch';
  const context = await browser.newContext({ viewport: { width: cfg.width, height: cfg.height }, deviceScaleFactor: cfg.dpr, locale: 'en-US', hasTouch: touch, isMobile: touch });
  await context.addInitScript(observe);
  await context.addInitScript(observeTasks, '__tasks');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cfg.rate });
  await cdp.send('Performance.enable');
  await page.goto(baseUrl, { waitUntil: 'load' });
  await page.evaluate(() => window.ipcWall.ready);
  const firstFrame = await page.evaluate(() => performance.getEntriesByName('ipc-wall:first-frame')[0]?.startTime);
  const seen = await page.evaluate(() => window.__tasks);
  const long = seen.tasks.map((t) => ({ ...t, what: whatRan(t, seen) }));
  return { context, page, cdp, load: { firstFrame, long } };
}

/** `n` fresh loads, one after the other: one load's first frame swings by 100 ms or more on a
 * shared machine. */
async function loads(browser, cfg, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const { context, load } = await openPage(browser, cfg);
    out.push(load);
    await context.close();
  }
  return out;
}

async function run(browser, cfg) {
  // The other loads first: no page of this browser runs while one loads.
  const others = await loads(browser, cfg, LOADS - 1);
  const t0 = Date.now();
  const { context, page, cdp, load } = await openPage(browser, cfg);
  const loaded = [...others, load];
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 120_000 });
  await cdp.send('HeapProfiler.collectGarbage');
  const heap0 = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const mem0 = await memory(page);
  const drags = {};
  const finger = { ...pointer(page, cdp, cfg.input), hover: cfg.input !== 'touch' };
  for (const name of SLIDERS) drags[name] = await drag(page, cdp, name, finger);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap1 = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const mem1 = await memory(page);
  const session_s = (Date.now() - t0) / 1000;
  await context.close();
  return { cfg, loads: loaded, drags, heap: [heap0, heap1], mem: [mem0, mem1], session_s };
}

const fmt = (x) => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1)) : '—');
const where = (cfg) => `${cfg.width}×${cfg.height} dpr ${cfg.dpr}${cfg.input === 'touch' ? ', touch' : ''}`;
const verdict = (x, b) => (b === undefined ? '' : x <= b ? `≤ ${b}` : `**MISS** (≤ ${b})`);

/** The misses of a run, grouped by what missed: "frame median at 4× (3): 1280×800 dpr 2 k, …". */
function missesLine(misses) {
  if (misses.length === 0) return '**Every budget of the drags and loads is met in this run.**';
  const groups = new Map();
  for (const { what, where: at } of misses) groups.set(what, [...(groups.get(what) ?? []), at]);
  const parts = [...groups].map(([what, ats]) => `${what} (${ats.length}): ${ats.join(', ')}`);
  return `**Budget misses in this run (${misses.length}):** ${parts.join('; ')}.`;
}

/** The drags' table rows; each budgeted cell is `judge`d. */
function dragRows(results, judge) {
  const rows = [];
  for (const r of results) {
    const b = BUDGET[r.cfg.rate];
    const x = `${r.cfg.rate}×`;
    for (const [name, d] of Object.entries(r.drags)) {
      const at = `${where(r.cfg)} ${name}`;
      const [med, p95] = [q(d.intervals, 0.5), q(d.intervals, 0.95)];
      // Two decimals: a p95 of two frames reads 33.3–33.5 ms by the frame clock's jitter, and
      // which side of 33.4 it falls on must show.
      const ms2 = (v) => v.toFixed(2);
      const frame = `${ms2(med)} ${judge(med, b.median, `frame median at ${x}`, at)} / ${ms2(p95)} ${judge(p95, b.p95, `frame p95 at ${x}`, at)}`;
      const longest = d.long.length ? ` (${fmt(Math.max(...d.long.map((t) => t.duration)))} ms)` : '';
      const long = `${d.long.length}${longest} ${judge(d.long.length, b.long, `long tasks while dragging at ${x}`, at)}`;
      const slider = d.inputs ? name : `${name} **the slider did not move**`;
      const busy = `${Math.round(100 * d.busy.task)} % / ${Math.round(100 * d.busy.script)} %`;
      rows.push(`| ${where(r.cfg)} | ${x} | ${slider} | ${frame} | ${long} | ${fmt(d.inp)} ${judge(d.inp, b.inp, `INP at ${x}`, at)} | ${fmt(d.map_ms)} ${judge(d.map_ms, b.map, `map after the last change at ${x}`, at)} | ${busy} |`);
    }
  }
  return rows;
}

/** The loads' and sessions' table rows; each budgeted cell is `judge`d. */
function loadRows(results, judge) {
  const rows = [];
  for (const r of results) {
    const at = where(r.cfg);
    const x = `${r.cfg.rate}×`;
    /** Growth over the session in MB, against the 5 MB budget. */
    const grow = (a, c, what) => {
      if (!Number.isFinite(a) || !Number.isFinite(c)) return 'not measured';
      const mb = (c - a) / 1e6;
      return `${mb.toFixed(2)} MB ${judge(mb, 5, what, at)}`;
    };
    const firsts = r.loads.map((l) => l.firstFrame);
    const first = `${fmt(q(firsts, 0.5))} ${judge(q(firsts, 0.5), r.cfg.rate === 1 ? 300 : 1000, `first frame at ${x}`, at)} (${fmt(Math.min(...firsts))}–${fmt(Math.max(...firsts))})`;
    const longs = r.loads.map((l) => l.long.map((t) => t.duration));
    const all = longs.flat();
    const worst = all.length ? Math.max(...all) : 0;
    // At 1×, no task over 50 ms while loading.
    const loadLong = judge(worst, r.cfg.rate === 1 ? 50 : undefined, `a long task while loading at ${x}`, at);
    const long = `${longs.map((l) => l.length).join(', ')}${all.length ? ` (${fmt(worst)} ms)` : ''} ${loadLong}`;
    const wasm = `${grow(r.mem[0].page, r.mem[1].page, 'wasm memory growth, page')} / ${grow(r.mem[0].worker, r.mem[1].worker, 'wasm memory growth, workers')}`;
    rows.push(`| ${at} | ${x} | ${first} | ${long} | ${wasm} | ${grow(r.heap[0], r.heap[1], 'JS heap growth')} | ${r.session_s.toFixed(0)} s |`);
  }
  return rows;
}

/** A row per long task while loading at 1× (budget: none): when it ran, against the first
 * frame, and what ran in it. */
function taskRows(results) {
  const rows = [];
  for (const r of results.filter((x) => x.cfg.rate === 1)) {
    r.loads.forEach((l, i) => {
      for (const t of l.long) rows.push(`| ${where(r.cfg)} | ${i + 1} | ${fmt(t.start)}–${fmt(t.start + t.duration)} (${fmt(t.duration)}) | ${fmt(l.firstFrame)} | ${t.what} |`);
    });
  }
  return rows;
}

/** A row per long task while dragging, at 1× and 4×: the slider, and what ran in it. */
function dragTaskRows(results) {
  const rows = [];
  for (const r of results) {
    for (const [name, d] of Object.entries(r.drags)) for (const t of d.long) rows.push(`| ${where(r.cfg)} | ${r.cfg.rate}× | ${name} | ${fmt(t.duration)} | ${t.when} | ${t.what} |`);
  }
  return rows;
}

const WHAT_RAN =
  "(Long Animation Frame timing): each script of 5 ms or more, by file and by how it was called (the module's evaluation, a message, a timeout, an animation frame), in ms, with the style and layout it forced; a frame's rendering (style, layout and paint); then the rest of the task, the browser's other work (parsing, commit) and shorter scripts. Frames are timed only when they last 50 ms or more: in a long task whose frame was shorter, all of it is the rest.";

/** The long tasks while loading at 1× and while dragging, each with what ran in it; a sentence
 * where there were none. */
function tasksTable(loads, drags) {
  const table = (rows, none, intro, head) => (rows.length === 0 ? [none] : [intro, '', head, head.replace(/[^|]+/g, '---'), ...rows]);
  return [
    ...table(loads, 'No task over 50 ms while loading at 1× in this run.', `What ran in each long task while loading at 1× ${WHAT_RAN}`, '| viewport | load | task, after navigation [ms] | first frame [ms] | what ran [ms] |'),
    '',
    ...table(drags, 'No task over 50 ms while dragging in this run.', `What ran in each long task while dragging ${WHAT_RAN}`, '| viewport | CPU | slider | task [ms] | when | what ran [ms] |'),
  ];
}

function section(results, chromium) {
  const misses = [];
  /** `x` against `budget` (none: ''), as the cell's verdict; a miss is kept as `what` at `at`. */
  const judge = (x, budget, what, at) => {
    if (budget !== undefined && !(x <= budget)) misses.push({ what, where: at });
    return verdict(x, budget);
  };
  const drags = dragRows(results, judge);
  const loads = loadRows(results, judge);
  return `${[
    '## Dragging each slider, at 1× and 4× CPU (issue 13; `cargo xtask bench --browser`)',
    '',
    missesLine(misses),
    '',
    `Chromium ${chromium}, headless, software rendering, ${os.cpus().length} cores, load average ${os.loadavg().map((v) => v.toFixed(1)).join(' / ')} at the end; ${MOVES} moves per slider, one per animation frame, ` +
      "with the mouse or (touch) one finger through CDP Input.dispatchTouchEvent on a touch phone's page; " +
      'frame intervals from requestAnimationFrame; long tasks (> 50 ms) from a PerformanceObserver, from the first move until the map is complete; INP: the slowest ' +
      'interaction (Event Timing, pointerdown/up) of the drag; map: the 128 × 128 map, both models, complete after the release; ' +
      "main thread busy: the page's main-thread task and script time over the drag's time (CDP Performance.getMetrics), " +
      'the throw it restarts playing meanwhile.',
    '',
    '| viewport | CPU | slider | frame median / p95 [ms] | long tasks (longest) | INP [ms] | map after the last change [ms] | main thread busy: all / script |',
    '|---|---|---|---|---|---|---|---|',
    ...drags,
    '',
    `First frame and long tasks: ${LOADS} fresh loads per row, each in a new browser context, one at a time (the last is the drag session's own). Memory: over that session.`,
    '',
    '| viewport | CPU | first frame, median (fastest–slowest) [ms] | long tasks while loading, per load (longest) | wasm memory, page / worker: growth | JS heap growth | session |',
    '|---|---|---|---|---|---|---|',
    ...loads,
    '',
    ...tasksTable(taskRows(results), dragTaskRows(results)),
  ].join('\n')}\n`;
}

const browser = await launchBrowser();
try {
  const results = [];
  for (const cfg of CONFIGS) results.push(await run(browser, cfg));
  fs.writeFileSync(out, section(results, browser.version()));
  fs.writeFileSync(`${out}.json`, `${JSON.stringify(results)}\n`);
} finally {
  await browser.close();
}
