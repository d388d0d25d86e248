// What the reader sees: screenshots that are not blank, crisp canvases, no sideways scrolling.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useBrowser, openPage, screenshot } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

const browser = useBrowser();

/** Distinct colours in a canvas (sampled on a grid), and its backing size against CSS × dpr. */
function canvasStats(id) {
  const c = document.getElementById(id);
  const g = c.getContext('2d');
  const data = g.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  const stride = Math.max(1, Math.floor((c.width * c.height) / 200000));
  for (let i = 0; i < c.width * c.height; i += stride) {
    seen.add((data[4 * i] << 24) | (data[4 * i + 1] << 16) | (data[4 * i + 2] << 8) | data[4 * i + 3]);
  }
  const r = c.getBoundingClientRect();
  return { colours: seen.size, width: c.width, height: c.height, cssW: r.width, cssH: r.height, dpr: devicePixelRatio };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file) {
  const b = fs.readFileSync(file);
  assert.equal(b.toString('latin1', 1, 4), 'PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), bytes: b.length };
}

for (const v of [
  { width: 1280, height: 800, dpr: 1, name: 'figure-1280x800' },
  { width: 390, height: 844, dpr: 3, name: 'figure-390x844-dpr3' },
]) {
  test(`screenshot ${v.name} is not blank and the canvases are crisp`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: v.width, height: v.height, dpr: v.dpr, locale: 'en-US' });
    try {
      await page.evaluate(() => window.ipcWall.runToEnd());
      // Still now: a canvas drawn in draft (a busy machine judged slow) is back at full
      // resolution within a frame per canvas.
      await nextFrames(page, 8);
      for (const id of ['scene', 'energy']) {
        const s = await page.evaluate(canvasStats, id);
        assert.equal(s.width, Math.round(s.cssW * v.dpr), `${id}: backing width = CSS width × dpr`);
        assert.equal(s.height, Math.round(s.cssH * v.dpr), `${id}: backing height = CSS height × dpr`);
        assert.ok(s.colours >= 30, `${id}: only ${s.colours} distinct colours: blank?`);
      }
      const file = await screenshot(page, v.name, { fullPage: true });
      const png = pngSize(file);
      assert.equal(png.width, v.width * v.dpr);
      assert.ok(png.height >= v.height * v.dpr);
      assert.ok(png.bytes > 30000, `${file} is ${png.bytes} bytes: blank?`);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });
}

for (const [width, lang] of [[360, 'en'], [360, 'es'], [768, 'es'], [1400, 'en']]) {
  test(`no horizontal scrolling at ${width} px (${lang})`, async () => {
    const { page, context } = await openPage(browser, { width, height: 800, query: `?lang=${lang}` });
    try {
      await page.evaluate(() => window.ipcWall.runToEnd());
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        widest: Math.max(...[...document.querySelectorAll('body *')].map((e) => e.getBoundingClientRect().right)),
      }));
      assert.ok(m.scroll <= m.client, `scrollWidth ${m.scroll} > clientWidth ${m.client}`);
      assert.ok(m.widest <= m.client + 0.5, `an element reaches ${m.widest} px of ${m.client}`);
    } finally {
      await context.close();
    }
  });
}

// From 560 to 719 px each slider is one line: its name, its track, its value. A name that runs
// up to its track reads as part of it ("… de CCD s▬▬"): each name ends whole, clear of it.
for (const lang of ['en', 'es']) {
  test(`from 560 to 719 px every slider's name ends whole before its track (${lang})`, async () => {
    const { page, context } = await openPage(browser, { width: 560, height: 900, query: `?lang=${lang}` });
    try {
      const bad = [];
      for (const width of [560, 640, 719]) {
        await page.setViewportSize({ width, height: 900 });
        await nextFrames(page);
        const rows = await page.evaluate(() =>
          [...document.querySelectorAll('.param')].map((p) => {
            const name = p.querySelector('.param-name');
            const words = document.createRange();
            words.selectNodeContents(name);
            return { id: p.querySelector('input').id, text: name.textContent, end: words.getBoundingClientRect().right, box: name.getBoundingClientRect().right, track: p.querySelector('input').getBoundingClientRect().left };
          }),
        );
        assert.equal(rows.length, 6, 'six sliders');
        for (const r of rows) {
          if (r.end > r.box + 0.5) bad.push(`${width} px: "${r.text}" is cut`);
          if (r.end + 6 > r.track) bad.push(`${width} px: "${r.text}" ends ${(r.track - r.end).toFixed(1)} px before its track`);
        }
      }
      assert.deepEqual(bad, []);
    } finally {
      await context.close();
    }
  });
}

// The trace's and the table's numbers are the point of those panels: none may be cut off at the
// panel's edge or hidden behind a sideways scroll, at any step (the long ones, like
// "−1,026 × 10⁻¹⁶ m", come when Newton converges) and in the longer language.
for (const width of [360, 1024, 1280]) {
  test(`the trace and the table show every cell whole at ${width} px (es)`, async () => {
    const { page, context } = await openPage(browser, { width, height: 800, query: '?lang=es', reducedMotion: 'reduce' });
    try {
      const cut = [];
      const check = (where) =>
        page.evaluate((where) => {
          const out = [];
          for (const box of document.querySelectorAll('#trace .table-scroll, #table .table-scroll')) {
            const r = box.getBoundingClientRect();
            // 1 px of slack: sub-pixel widths round up in scrollWidth.
            if (box.scrollWidth > box.clientWidth + 1) out.push(`${where} ${box.closest('section').id}: scrolls ${box.scrollWidth} > ${box.clientWidth}`);
            for (const c of box.querySelectorAll('th, td')) {
              const b = c.getBoundingClientRect();
              if (b.width > 0 && b.right > r.right + 0.5) out.push(`${where} ${box.closest('section').id}: "${c.textContent}" ends at ${b.right} > ${r.right}`);
            }
          }
          return out;
        }, where);
      for (let s = 1; s <= 16; s++) {
        await page.evaluate(() => window.ipcWall.step());
        for (const i of [0, 1]) {
          await page.locator('#trace .seg button').nth(i).click();
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          cut.push(...(await check(`step ${s}, ${i ? 'IPC' : 'penalty'}:`)));
        }
      }
      assert.ok((await page.locator('#trace tbody tr').count()) >= 2, 'the trace lists iterations');
      assert.deepEqual(cut, []);
    } finally {
      await context.close();
    }
  });
}

test('at 360 px in Spanish every word on the scene stays inside its frame', async () => {
  const { page, context } = await openPage(browser, { width: 360, height: 740, dpr: 2, query: '?lang=es', reducedMotion: 'reduce' });
  try {
    await context.addInitScript(() => {
      const out = [];
      Object.defineProperty(window, '__sceneOut', { value: out });
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (s, x, y, maxWidth) {
        if (this.canvas.id === 'scene') {
          const w = Math.min(this.measureText(s).width, maxWidth ?? Infinity);
          const left = this.textAlign === 'right' || this.textAlign === 'end' ? x - w : this.textAlign === 'center' ? x - w / 2 : x;
          // In device pixels; the inset's frame runs 8 CSS px inside the canvas's edges.
          const m = this.getTransform();
          const [a, b] = [left * m.a + m.e, (left + w) * m.a + m.e];
          const edge = 8 * devicePixelRatio;
          if (a < edge - 0.5 || b > this.canvas.width - edge + 0.5) out.push(`"${s}" spans ${Math.round(a)}..${Math.round(b)} of ${this.canvas.width}`);
        }
        return maxWidth === undefined ? fillText.call(this, s, x, y) : fillText.call(this, s, x, y, maxWidth);
      };
    });
    await page.reload();
    await page.evaluate(() => window.ipcWall.ready);
    for (let i = 0; i < 12; i++) await page.evaluate(() => window.ipcWall.step());
    await page.evaluate(() => window.ipcWall.runToEnd());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.deepEqual(await page.evaluate(() => window.__sceneOut.slice()), []);
  } finally {
    await context.close();
  }
});

test('dark colour scheme: the page and the scene turn dark', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, colorScheme: 'dark' });
  try {
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = bg.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 120, `body background ${bg}`);
    const corner = await page.evaluate(() => [...document.getElementById('scene').getContext('2d').getImageData(2, 2, 1, 1).data]);
    assert.ok(corner[0] + corner[1] + corner[2] < 150, `scene background ${corner}`);
    await screenshot(page, 'figure-1280x800-dark', { fullPage: true });
  } finally {
    await context.close();
  }
});
