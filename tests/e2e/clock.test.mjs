// The transport's clock says the step, the time and, while a throw plays, its pace. It never
// cuts its words, at phone, tablet and desktop widths, in both languages: a reader who sees
// "paso 6 · t = 60 …" has lost the unit, and the pace the slow motion explains.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, baseUrl, screenshot } from './harness.mjs';
import { waitReady } from './guarded.mjs';

const browser = useBrowser();

const SIZES = [
  [360, 640],
  [390, 844],
  [480, 800],
  [720, 800],
  [1100, 800],
  [1280, 720],
];

/** Runs in the page: on every frame until `ms` have passed, the clock's text and the lines
 * (the clock or a box in it that clips, laid out as a block) whose words overflow it. */
function sampleClock(ms) {
  const clock = document.getElementById('clock');
  const boxes = [clock, ...clock.querySelectorAll('*')];
  const clips = (e) => {
    const cs = getComputedStyle(e);
    return cs.display !== 'inline' && cs.display !== 'none' && cs.overflowX !== 'visible';
  };
  const seen = [];
  return new Promise((resolve) => {
    const end = performance.now() + ms;
    const look = () => {
      const cut = boxes.filter((e) => clips(e) && e.scrollWidth > e.clientWidth).map((e) => e.id || e.className);
      const shown = clock.getBoundingClientRect().width > 0;
      seen.push({ text: clock.textContent, cut, shown });
      if (performance.now() < end) requestAnimationFrame(look);
      else resolve(seen);
    };
    look();
  });
}

for (const locale of ['en-US', 'es-ES']) {
  test(`${locale}: the clock shows its whole step, time and pace at every width`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
    try {
      const page = await context.newPage();
      await page.goto(baseUrl);
      await waitReady(page);
      const fast = locale === 'en-US' ? 'fast-forwarding the flight' : 'avance rápido del vuelo';
      const bad = new Set();
      const texts = new Set();
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.locator('#clock').scrollIntoViewIfNeeded();
        // The article's throw in slow motion; a slow one, fast-forwarded to the wall; and the
        // longest the sliders allow (0.1 m/s, h = 0.1 ms: some 10⁵ steps), at its end.
        const throws = [{ v0: 5 }, { v0: 0.3 }];
        for (const params of throws) {
          await page.evaluate((p) => window.ipcWall.set(p), params);
          if ((await page.getAttribute('#play', 'aria-pressed')) !== 'true') await page.click('#play');
          for (const s of await page.evaluate(sampleClock, 900)) {
            texts.add(s.text);
            if (!s.shown || s.cut.length) bad.add(`${width}px, v0 ${params.v0}: "${s.text}" cut in ${s.cut.join() || 'a hidden clock'}`);
          }
        }
        await page.evaluate(() => window.ipcWall.set({ v0: 0.1, h: 1e-4 }));
        await page.click('#end');
        await page.waitForFunction(() => /\d{5,}/.test(document.getElementById('clock').textContent));
        const [s] = await page.evaluate(sampleClock, 0);
        texts.add(s.text);
        if (s.cut.length) bad.add(`${width}px, at the end of the longest throw: "${s.text}" cut in ${s.cut.join()}`);
        if (width === 390 || width === 1280) await screenshot(page, `clock-${locale}-${width}`, { clip: await page.locator('.transport').boundingBox() });
        await page.evaluate(() => window.ipcWall.set({ v0: 5, h: 0.01 }));
      }
      const all = [...texts].join('\n');
      // What was looked at: a slow-motion pace, the fast-forward, and a time in seconds.
      assert.match(all, /\d[.,]\d\s(steps|pasos)\/s/, all);
      assert.ok(all.includes(fast), all);
      assert.match(all, /\d{5,}\D+[\d.,]+\s?s$/m, all);
      assert.deepEqual([...bad], []);
    } finally {
      await context.close();
    }
  });
}
