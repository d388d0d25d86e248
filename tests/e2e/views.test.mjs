// A figure per paragraph: ?embed=1&view=NAME in an article's iframe on another origin shows
// only its own parts, keeps the link's parameters and language, reports its own height and
// obeys the parent's commands. And idle when unseen: scrolled out of view (on a page holding
// five views) a figure runs no animation frame, steps nothing and fills no regime map.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser, useArticle, articlePage, watchPage, figureFrame, RECORD_MESSAGES, FOLLOW_RESIZE, screenshot } from './harness.mjs';
import { waitReady } from './guarded.mjs';

// The article on another origin, holding `articleBody` in a column.
let articleBody = '';
const article = useArticle(() =>
  articlePage(`<div class="col">${articleBody}</div>`, { lang: 'es', style: 'body{margin:0;font:16px serif} .col{margin:0 auto;padding:0}', script: RECORD_MESSAGES }),
);
const browser = useBrowser();

// What each view shows (ids of elements on screen) and leaves out.
const PARTS = ['presets', 'scene', 'play', 'card-penalty', 'energy', 'p-v0', 'p-h', 'p-k', 'p-dhat', 'numbers', 'trace', 'timeline-panel', 'regime', 'table'];
const VIEWS = {
  full: ['presets', 'scene', 'play', 'card-penalty', 'energy', 'p-v0', 'p-h', 'p-k', 'p-dhat', 'numbers'],
  throw: ['scene', 'play', 'card-penalty', 'p-v0', 'p-h', 'p-k', 'p-dhat'],
  energy: ['energy', 'p-h', 'p-k', 'p-dhat'],
  numbers: ['numbers'],
  trace: ['play', 'trace'],
  timeline: ['play', 'timeline-panel'],
  map: ['regime'],
  table: ['table'],
};

test('each view shows only its parts, keeps the link and the language, reports its height, obeys commands', async () => {
  for (const width of [700, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const { consoleErrors: errors } = watchPage(page);
    try {
      for (const [view, shown] of Object.entries(VIEWS)) {
        articleBody = `<iframe src="${baseUrl}?embed=1&lang=es&v0=2&k=1000000&view=${view}" title="figura" style="width:100%;height:300px;border:0;display:block"></iframe>
<script>${FOLLOW_RESIZE}</script>`;
        await page.goto(article.url);
        const frame = await figureFrame(page);
        await waitReady(frame, 15_000);
        for (const id of PARTS) {
          const visible = await frame.locator(`#${id}`).isVisible();
          assert.equal(visible, shown.includes(id), `${view} at ${width}: #${id} ${visible ? 'shown' : 'hidden'}`);
        }
        assert.equal(await frame.locator('#extras-toggle').count(), view === 'full' ? 1 : 0, `${view}: the extras' button only in the whole figure`);
        // The link's parameters and language.
        const s = await frame.evaluate(() => window.ipcWall.getState());
        assert.equal(s.params.v0, 2, view);
        assert.equal(s.params.k, 1e6, view);
        assert.equal(await frame.evaluate(() => document.documentElement.lang), 'es');
        assert.match(await frame.locator('h1').textContent(), /pared de 20 mm/);
        // Its own height, and the iframe follows: nothing to scroll inside.
        const figH = () => frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
        await page.waitForFunction(
          async (h) => window.msgs.filter((m) => m.type === 'ipc-wall:resize').at(-1)?.height === h,
          await figH(),
        );
        await page.waitForFunction((h) => document.querySelector('iframe').getBoundingClientRect().height === h, await figH());
        const inner = await frame.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.clientHeight, document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(inner[0] <= inner[1] && inner[2] <= inner[3], `${view} at ${width}: no inner scroll (${inner})`);
        // (The throw view holds the sliders and the transport too: since issue 12 six sliders,
        // with the CCD safety factor, and the "both halves" switch.)
        if (view !== 'full') assert.ok((await figH()) < 1650, `${view} at ${width} is one focused figure (${await figH()} px)`);
        // The same commands as the whole figure; the address keeps the view.
        await page.evaluate(() => window.send({ type: 'ipc-wall:set', params: { v0: 3 } }));
        await frame.waitForFunction(() => window.ipcWall.getState().params.v0 === 3);
        await page.evaluate(() => window.send({ type: 'ipc-wall:step' }));
        await frame.waitForFunction(() => window.ipcWall.getState().step === 1);
        await frame.waitForFunction((view) => new URLSearchParams(location.search).get('v0') === '3', view);
        const q = new URLSearchParams(await frame.evaluate(() => location.search));
        assert.equal(q.get('view'), view === 'full' ? null : view);
        assert.equal(q.get('embed'), '1');
        await screenshot(page, `view-${view}-${width}`, { fullPage: true });
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('a bad view or theme in the link is named in a note and the whole figure shows', async () => {
  const context = await browser.newContext({ viewport: { width: 700, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}?embed=1&view=<b>x</b>&theme=pink`);
    await waitReady(page);
    const note = await page.locator('#note-text').textContent();
    assert.match(note, /view = “<b>x<\/b>” \(allowed: full, throw, energy/);
    assert.match(note, /theme = “pink” \(allowed: auto, light, dark\)/);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.view), 'full');
    assert.ok(await page.locator('#scene').isVisible());
    assert.ok(await page.locator('#numbers').isVisible());
  } finally {
    await context.close();
  }
});

// ---- idle when unseen ------------------------------------------------------------------

/** Counts, in every frame, the animation-frame callbacks that run (before any page script). */
function countFrames() {
  const raf = window.requestAnimationFrame.bind(window);
  window.__rafRuns = 0;
  window.requestAnimationFrame = (cb) =>
    raf((t) => {
      window.__rafRuns += 1;
      cb(t);
    });
}

const FIVE = ['throw', 'energy', 'map', 'trace', 'numbers'];

/**
 * A page on the figure's own origin (routed: Chromium throttles offscreen cross-origin frames
 * by itself, so only a same-origin host shows what the figure does) with five views. The
 * first two are a screen apart (the second is within two viewport heights), the others far.
 */
function hostHtml() {
  const gaps = ['0', '300px', '4000px', '4000px', '4000px'];
  const frames = FIVE.map(
    (v, i) => `<div style="height:${gaps[i]}"></div><iframe id="f-${v}" src="./?embed=1&view=${v}" title="${v}" style="width:700px;height:900px;border:0;display:block"></iframe>`,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>five views</title><link rel="icon" href="data:,"></head>
<body style="margin:0">${frames.join('\n')}<div style="height:4000px"></div></body></html>`;
}

test('offscreen views run no animation frames, do not step or fill the map, and resume on screen', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 800 }, reducedMotion: 'reduce' });
  await context.addInitScript(countFrames);
  const hostUrl = `${baseUrl}__five-views.html`;
  await context.route(hostUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostHtml() }));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const { consoleErrors: errors } = watchPage(page);
  const frameOf = async (v) => (await page.$(`#f-${v}`)).contentFrame();
  const runs = async () => {
    const out = {};
    for (const v of FIVE) out[v] = await (await frameOf(v)).evaluate(() => window.__rafRuns ?? 0);
    return out;
  };
  const isReady = (f) => f.evaluate(() => Promise.race([window.ipcWall.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 100))]));
  const scrollTo = async (v) => {
    await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'start' }), `f-${v}`);
    await page.waitForTimeout(300); // the observers' reports, and the loops stopping
  };
  try {
    await page.goto(hostUrl);
    const throwFrame = await frameOf('throw');
    await waitReady(throwFrame, 15_000);
    // Within two viewport heights: ready ahead of time, then still; far below: nothing at all.
    const energy = await frameOf('energy');
    await waitReady(energy, 15_000);
    await page.waitForTimeout(300);
    const a = await runs();
    await page.waitForTimeout(1000);
    const b = await runs();
    assert.ok(b.throw - a.throw > 20, `the view on screen runs (${b.throw - a.throw} frames in 1 s)`);
    assert.equal(b.energy - a.energy, 0, 'the near view, once ready, waits');
    for (const v of ['map', 'trace', 'numbers']) {
      assert.equal(b[v], 0, `${v}, far below, ran no animation frame at all`);
      assert.equal(await isReady(await frameOf(v)), false, `${v} is not made ready that far away`);
    }
    // Not one cell of the far map filled: its panels below the figure are not even built.
    const farMap = await (await frameOf('map')).evaluate(() => {
      try {
        return window.ipcWall.regime().progress;
      } catch (e) {
        return e.message;
      }
    });
    assert.match(String(farMap), /not built yet/, 'the far map is not built');

    // Playing, then scrolled away: the throw stops where it was, and goes on once back.
    await throwFrame.evaluate(() => window.ipcWall.play());
    await throwFrame.waitForFunction(() => window.ipcWall.getState().step >= 1);
    await scrollTo('map');
    const map = await frameOf('map');
    await waitReady(map, 15_000);
    const step = await throwFrame.evaluate(() => window.ipcWall.getState().step);
    const c = await runs();
    await page.waitForTimeout(1000);
    const d = await runs();
    assert.equal(d.throw - c.throw, 0, 'the throw view, scrolled out of view, runs no frame');
    assert.equal(d.energy - c.energy, 0);
    assert.ok(d.map - c.map > 20, `the map on screen runs (${d.map - c.map} frames in 1 s)`);
    assert.equal(await throwFrame.evaluate(() => window.ipcWall.getState().step), step, 'no stepping while unseen');
    assert.equal(await throwFrame.evaluate(() => document.getElementById('play').getAttribute('aria-pressed')), 'true', 'still playing, only paused by being unseen');

    // The map fills only while seen: scrolled away half-way (the CPU slowed down so that
    // filling takes seconds), it stops where it was, and finishes once seen again.
    await map.waitForFunction(() => window.ipcWall.regime().complete, null, { polling: 100 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    // The workers' threads are not slowed with the page, and two of them fill an ordinary map
    // in about 0.1 s, before the scroll lands. A heavy ball far from the wall against a weak,
    // wide barrier (κ = 1, d̂ = 1 cm, 10 kg, 2 m) is pushed out over thousands of Newton
    // steps: a map takes them over a second. Should one still finish first, another is asked
    // for (each k another map), until one is caught half-way.
    let half = 1;
    for (const k of [1e2, 2e2, 5e2, 1e3, 2e3]) {
      await map.evaluate((k) => window.ipcWall.set({ kappa: 1, dhat: 1e-2, mass: 10, wall: 2, k }), k);
      await map.waitForFunction(() => window.ipcWall.regime().progress > 0.02, null, { polling: 20 });
      await scrollTo('trace');
      half = await map.evaluate(() => window.ipcWall.regime().progress);
      if (half < 1) break;
      await scrollTo('map');
    }
    await page.waitForTimeout(1000);
    const later = await map.evaluate(() => window.ipcWall.regime());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    assert.ok(half < 1 && !later.complete, `filling stopped half-way (${half})`);
    assert.equal(later.progress, half, 'no cell filled while unseen');
    await scrollTo('map');
    await map.waitForFunction(() => window.ipcWall.regime().complete, null, { polling: 100 });

    // Back to the throw: it goes on from the step where it stopped.
    await scrollTo('throw');
    await throwFrame.waitForFunction((s) => window.ipcWall.getState().step > s, step);
    const e = await runs();
    await page.waitForTimeout(500);
    const f = await runs();
    for (const v of ['map', 'trace', 'numbers']) assert.equal(f[v] - e[v], 0, `${v} waits again`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
