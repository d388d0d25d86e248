// Nothing moves while it loads (issue 14 point 3): the cumulative layout shift of the page and
// of every embedded view stays ≤ 0.01, as Chromium's Layout Instability API measures it from
// the first paint on (buffered), counting the shifts that no input caused. And after load the
// figure keeps its height while its throw plays: an embed's reported height changes only when
// the reader opens or closes something.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser } from './harness.mjs';
import { waitReady, nextFrames } from './guarded.mjs';

const PAGES = ['page', 'full', 'throw', 'energy', 'numbers', 'trace', 'timeline', 'map', 'table'];
const SIZES = [
  [1280, 800],
  [390, 844],
];
const BUDGET = 0.01;

const browser = useBrowser();

/** Installed before the page's scripts: every layout shift from the first paint on. */
function observeShifts() {
  const shifts = [];
  Object.defineProperty(window, '__shifts', { value: shifts });
  const name = (n) => (!n ? '?' : n.id ? `#${n.id}` : n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).join('.')}` : n.nodeName);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      shifts.push({
        value: e.value,
        input: e.hadRecentInput,
        at: Math.round(e.startTime),
        what: e.sources.map((s) => `${name(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const queryOf = (view, lang = '') => {
  const q = new URLSearchParams(view === 'page' ? {} : view === 'full' ? { embed: '1' } : { embed: '1', view });
  if (lang) q.set('lang', lang);
  return q.size ? `?${q}` : '';
};

/** The figure's height (what an embed reports) at load, at the impact and at the throw's end. */
async function heightsThroughTheThrow(page) {
  const figH = () => page.evaluate(() => document.getElementById('figure').getBoundingClientRect().height);
  const atLoad = await figH();
  await page.evaluate(() => {
    window.ipcWall.reset();
    for (let i = 0; i < 12; i++) window.ipcWall.step();
  });
  await nextFrames(page, 4);
  const atImpact = await figH();
  await page.evaluate(() => window.ipcWall.runToEnd());
  await nextFrames(page, 4);
  return { atLoad, atImpact, atEnd: await figH() };
}

for (const [width, height] of SIZES) {
  for (const view of PAGES) {
    test(`${view === 'page' ? 'the page' : `view=${view}`} at ${width}×${height}: layout shift ≤ ${BUDGET} while it loads, and the same height after its throw`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
      await context.addInitScript(observeShifts);
      const page = await context.newPage();
      try {
        await page.goto(baseUrl + queryOf(view));
        await waitReady(page);
        // The throw starts playing; the panels below the figure start one per frame.
        await nextFrames(page, 6);
        await page.waitForTimeout(300);
        const shifts = await page.evaluate(() => window.__shifts.slice());
        const counted = shifts.filter((s) => !s.input);
        const cls = counted.reduce((a, s) => a + s.value, 0);
        assert.ok(
          cls <= BUDGET,
          `cumulative layout shift ${cls.toFixed(4)} > ${BUDGET}:\n  ${counted.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.what.join(', ')}`).join('\n  ')}`,
        );
        const h = await heightsThroughTheThrow(page);
        assert.deepEqual([h.atImpact, h.atEnd], [h.atLoad, h.atLoad], 'the figure keeps its height through the throw');
      } finally {
        await context.close();
      }
    });
  }
}

// Spanish words are longer: every view keeps its height through the throw in Spanish too, at a
// phone's width and an article column's.
for (const width of [360, 700]) {
  test(`in Spanish at ${width} px, the page and every view keep their height through the throw`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'es-ES' });
    const page = await context.newPage();
    try {
      const changed = [];
      for (const view of PAGES) {
        await page.goto(baseUrl + queryOf(view, 'es'));
        await waitReady(page);
        await nextFrames(page, 6);
        const h = await heightsThroughTheThrow(page);
        if (h.atImpact !== h.atLoad || h.atEnd !== h.atLoad) changed.push(`${view}: ${h.atLoad} → ${h.atImpact} → ${h.atEnd}`);
      }
      assert.deepEqual(changed, []);
    } finally {
      await context.close();
    }
  });
}
