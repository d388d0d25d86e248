// The figure on one screen (issue 14 point 1): the scene's ball lanes, the energy plot and the
// sliders for v0, h, k and d̂ lie inside the viewport together, on the page (scrolled so that
// the figure meets the viewport's top) and embedded in an article on another origin, at
// desktop and phone sizes. And nothing moves under the finger (issue 15 point 6): no slider's
// box moves while v0 is dragged (mouse or touch) or while a throw plays, in both languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser, useArticle, articlePage, FOLLOW_RESIZE, figureFrame, screenshot } from './harness.mjs';
import { waitReady, nextFrames } from './guarded.mjs';

const SIZES = [
  [1280, 720],
  [1440, 900],
  [390, 844],
  [360, 640],
];
// What must be on screen together: the scene, the energy plot, the four sliders' tracks.
const PARTS = ['scene', 'energy', 'p-v0', 'p-h', 'p-k', 'p-dhat'];
// Embedded views and their parts (view=energy has no scene and no v0: E(x) does not depend
// on v0; view=throw has no energy plot).
const VIEWS = {
  full: PARTS,
  throw: ['scene', 'p-v0', 'p-h', 'p-k', 'p-dhat'],
  energy: ['energy', 'p-h', 'p-k', 'p-dhat'],
};

// The article on another origin, the iframe as wide as its column and as tall as the figure
// says (ipc-wall:resize).
let articleBody = '';
const article = useArticle(() =>
  articlePage(articleBody, { style: 'body{margin:0;font:17px/1.6 serif} p{margin:0 16px 1em}', script: FOLLOW_RESIZE }),
);
const browser = useBrowser();

/** Boxes (viewport coordinates) of the elements `ids`, each with whether it is rendered. */
function boxes(ids) {
  return ids.map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return { id, top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.width > 0 && r.height > 0 };
  });
}

/** Which of `bs` (shifted by `dy`, `dx`) are not wholly inside a `w`×`h` viewport. */
function outside(bs, w, h, dx = 0, dy = 0) {
  return bs
    .filter((b) => !b.shown || b.top + dy < -0.5 || b.bottom + dy > h + 0.5 || b.left + dx < -0.5 || b.right + dx > w + 0.5)
    .map((b) => `#${b.id} ${b.shown ? `${Math.round(b.top + dy)}..${Math.round(b.bottom + dy)} of ${h}` : 'not shown'}`);
}

for (const [width, height] of SIZES) {
  test(`on the page at ${width}×${height}, the scene, the energy plot and the four sliders share the screen`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(baseUrl);
      await waitReady(page);
      // The reader scrolls to the figure: its first part (the scene) at the viewport's top.
      await page.evaluate(() => scrollTo(0, document.querySelector('.stage').getBoundingClientRect().top + scrollY));
      await nextFrames(page);
      const out = outside(await page.evaluate(boxes, PARTS), width, height);
      await screenshot(page, `onescreen-page-${width}x${height}`);
      assert.deepEqual(out, [], `outside the ${width}×${height} viewport`);
    } finally {
      await context.close();
    }
  });

  test(`embedded at ${width}×${height} (another origin), each view's drawing and its sliders share the screen`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
    const page = await context.newPage();
    try {
      for (const [view, parts] of Object.entries(VIEWS)) {
        const q = view === 'full' ? '' : `&view=${view}`;
        articleBody = `<p>The throw at 5 m/s, one paragraph above the figure.</p>
<iframe src="${baseUrl}?embed=1${q}" title="figure" style="width:100%;height:400px;border:0;display:block"></iframe>
<p>And the paragraph after it.</p><div style="height:3000px"></div>`;
        await page.goto(article.url);
        const frame = await figureFrame(page);
        await waitReady(frame, 15_000);
        const figH = await frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
        await page.waitForFunction((h) => document.querySelector('iframe').getBoundingClientRect().height === h, figH);
        // The article scrolled so that the figure's top meets the viewport's top.
        await page.evaluate(() => scrollTo(0, document.querySelector('iframe').getBoundingClientRect().top + scrollY));
        await nextFrames(frame);
        const at = await page.evaluate(() => {
          const r = document.querySelector('iframe').getBoundingClientRect();
          return { x: r.left, y: r.top };
        });
        const out = outside(await frame.evaluate(boxes, parts), width, height, at.x, at.y);
        await screenshot(page, `onescreen-embed-${view}-${width}x${height}`);
        assert.deepEqual(out, [], `view=${view}: outside the article's ${width}×${height} viewport`);
      }
    } finally {
      await context.close();
    }
  });
}

// ---- nothing moves under the finger ----

/** Records every slider's box (page coordinates) at every animation frame until stopped. */
function recordSliders() {
  const seen = new Map();
  const snap = () =>
    [...document.querySelectorAll('#sliders input[type="range"]')]
      .map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.id} ${r.left.toFixed(1)},${(r.top + scrollY).toFixed(1)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`;
      })
      .join(' | ');
  const rec = { frames: 0, stop: false, v0: new Set() };
  const loop = () => {
    const s = snap();
    seen.set(s, (seen.get(s) ?? 0) + 1);
    rec.frames += 1;
    rec.v0.add(window.ipcWall.getState().params.v0);
    if (!rec.stop) requestAnimationFrame(loop);
  };
  Object.defineProperty(window, '__sliders', { value: { rec, seen }, configurable: true });
  loop();
}

/** Stops recording; the distinct layouts of the sliders seen, and how many frames. */
function stopRecording() {
  window.__sliders.rec.stop = true;
  return { layouts: [...window.__sliders.seen.keys()], frames: window.__sliders.rec.frames, v0s: window.__sliders.rec.v0.size };
}

/** Drags v0's thumb with the mouse (or, with `touch`, a finger through CDP) across its track
 * and back, pausing a frame at each position so that the figure restarts its throw each time. */
async function dragV0(page, cdp) {
  const input = page.locator('#p-v0');
  await input.scrollIntoViewIfNeeded();
  const box = await input.boundingBox();
  const value = await input.evaluate((e) => (Number(e.value) - Number(e.min)) / (Number(e.max) - Number(e.min)));
  const y = box.y + box.height / 2;
  const x0 = box.x + 8 + value * (box.width - 16);
  const xs = [];
  for (let i = 0; i <= 12; i++) xs.push(box.x + 4 + ((box.width - 8) * i) / 12);
  const path = [...xs, ...xs.slice().reverse(), x0];
  if (cdp) {
    const touch = (type, x) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', x0);
    for (const x of path) {
      await touch('touchMove', x);
      await nextFrames(page, 1);
    }
    await touch('touchEnd', x0);
  } else {
    await page.mouse.move(x0, y);
    await page.mouse.down();
    for (const x of path) {
      await page.mouse.move(x, y, { steps: 2 });
      await nextFrames(page, 1);
    }
    await page.mouse.up();
  }
}

for (const width of [360, 390, 1280, 1440]) {
  for (const lang of ['en', 'es']) {
    test(`at ${width} px (${lang}) no slider moves while v0 is dragged or a throw plays`, async () => {
      const touch = width < 500;
      const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: touch, isMobile: false });
      const page = await context.newPage();
      try {
        await page.goto(`${baseUrl}?lang=${lang}`);
        await waitReady(page);
        await page.evaluate(() => window.ipcWall.runToEnd());
        await nextFrames(page);
        const checks = [['mouse', null]];
        if (touch) checks.push(['touch', await context.newCDPSession(page)]);
        for (const [how, cdp] of checks) {
          await page.evaluate(recordSliders);
          await dragV0(page, cdp);
          const drag = await page.evaluate(stopRecording);
          assert.ok(drag.v0s >= 8, `${how} drag: v0 took only ${drag.v0s} values`);
          assert.deepEqual(drag.layouts.slice(1), [], `${how} drag of v0: the sliders moved\n  from ${drag.layouts[0]}`);
        }
        // A whole throw played at slow motion 1/10: every step drawn, its words changing.
        await page.selectOption('#speed', '2');
        await page.evaluate(() => window.ipcWall.reset());
        await nextFrames(page);
        await page.evaluate(recordSliders);
        await page.evaluate(() => window.ipcWall.play());
        await page.waitForFunction(() => window.ipcWall.getState().penalty.outcome !== 'flying' && window.ipcWall.getState().ipc.outcome !== 'flying', null, {
          timeout: 30_000,
        });
        await nextFrames(page, 3);
        const play = await page.evaluate(stopRecording);
        assert.deepEqual(play.layouts.slice(1), [], `a played throw: the sliders moved\n  from ${play.layouts[0]}`);
      } finally {
        await context.close();
      }
    });
  }
}
