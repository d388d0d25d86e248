// One typeface in the figure: the words drawn on its canvases (the scene's and the timeline's
// in JavaScript, the energy plot's in Rust) are set in the families of the style sheet's
// `--font`, as the page's own text is. On a Mac or Windows, `sans-serif` is not the system's
// face, so a canvas with its own list would draw its words in another typeface.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, baseUrl } from './harness.mjs';
import { waitReady, nextFrames } from './guarded.mjs';

const browser = useBrowser();

/** Runs before the page's scripts: records every font a 2D canvas is given, by canvas. */
function recordFonts() {
  const fonts = [];
  Object.defineProperty(window, '__fonts', { value: fonts });
  const d = Object.getOwnPropertyDescriptor(CanvasRenderingContext2D.prototype, 'font');
  Object.defineProperty(CanvasRenderingContext2D.prototype, 'font', {
    ...d,
    set(v) {
      const c = this.canvas;
      fonts.push({ canvas: c.id || (c.isConnected ? 'page' : 'off page'), font: v });
      d.set.call(this, v);
    },
  });
}

/** The figure at 1280 × 800 with the timeline on screen, `css` changing its style sheet, which
 * comes `late` ms after it is asked for; returns the page's --font, its body's font-family and
 * background, the scene's corner pixel, --canvas-bg as a pixel and the fonts its canvases were given. */
async function fontsOf({ css = (s) => s, late = 0, query = '', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme });
  try {
    await context.addInitScript(recordFonts);
    await context.route('**/www/style.css', async (route) => {
      const res = await route.fetch();
      const body = css(await res.text());
      await new Promise((r) => setTimeout(r, late));
      route.fulfill({ response: res, body });
    });
    const page = await context.newPage();
    await page.goto(baseUrl + query);
    await waitReady(page);
    await page.locator('#timeline-panel').scrollIntoViewIfNeeded();
    await nextFrames(page, 4);
    return await page.evaluate(() => ({
      family: getComputedStyle(document.documentElement).getPropertyValue('--font').trim(),
      body: getComputedStyle(document.body).fontFamily,
      background: getComputedStyle(document.body).backgroundColor,
      scene: [...document.getElementById('scene').getContext('2d').getImageData(2, 2, 1, 1).data],
      canvasBg: (() => {
        const g = new OffscreenCanvas(1, 1).getContext('2d');
        g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--canvas-bg');
        g.fillRect(0, 0, 1, 1);
        return [...g.getImageData(0, 0, 1, 1).data];
      })(),
      fonts: window.__fonts.slice(),
    }));
  } finally {
    await context.close();
  }
}

/** Which canvases drew words, and the fonts that are not in `family`. */
function judge({ family, fonts }) {
  const canvases = new Set(fonts.map((f) => f.canvas));
  const other = fonts.filter((f) => !f.font.endsWith(` ${family}`));
  return { canvases, other: [...new Set(other.map((f) => `${f.canvas}: ${f.font}`))] };
}

test('every canvas sets its words in the families of the style sheet’s --font', async () => {
  const seen = await fontsOf();
  assert.match(seen.family, /system-ui/);
  const { canvases, other } = judge(seen);
  // The scene (its static layer off the page), the energy plot (Rust) and the timeline.
  for (const c of ['scene', 'energy', 'timeline', 'off page']) assert.ok(canvases.has(c), `no words on ${c}: ${[...canvases]}`);
  assert.deepEqual(other, [], `fonts not in ${seen.family}`);
});

test('a style sheet with another --font changes the words of every canvas, Rust’s too', async () => {
  const serif = '"DejaVu Serif", Georgia, serif';
  const seen = await fontsOf({ css: (s) => {
    const changed = s.replace(/--font:[^;}]*/, `--font: ${serif}`);
    assert.notEqual(changed, s, 'style.css has no --font');
    return changed;
  } });
  assert.equal(seen.family, serif);
  assert.match(seen.body, /DejaVu Serif/);
  const { canvases, other } = judge(seen);
  assert.ok(canvases.has('energy') && canvases.has('scene'), [...canvases].join());
  assert.deepEqual(other, [], `fonts not in ${serif}`);
});

/** Relative luminance (0 black … 1 white) of r, g, b in 0–255. */
const luminance = (rgb) => {
  const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

// The module may run before a slow style sheet is in: what it reads from the sheet (the
// typeface, the colours, the dark rule ?theme=dark switches on) it reads once the sheet is in.
test('a style sheet that comes late still gives every canvas its typeface and colours, and ?theme=dark its palette', async () => {
  const seen = await fontsOf({ late: 1500, query: '?theme=dark', colorScheme: 'light' });
  assert.match(seen.family, /system-ui/);
  assert.deepEqual(judge(seen).other, [], `fonts not in ${seen.family}`);
  const page = seen.background.match(/\d+/g).slice(0, 3).map(Number);
  assert.ok(luminance(page) < 0.2, `?theme=dark: the page's background is ${seen.background}`);
  assert.ok(luminance(seen.canvasBg.slice(0, 3)) < 0.2, `?theme=dark: --canvas-bg is ${seen.canvasBg}`);
  assert.deepEqual(seen.scene, seen.canvasBg, 'the scene’s corner is the sheet’s --canvas-bg');
});
