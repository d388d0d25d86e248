// Draft resolution: on a device too slow to redraw full-resolution canvases at 60 fps, the
// canvases draw at one backing pixel per CSS pixel while the picture moves (a slider held, the
// throw playing), and at full resolution again once it is still.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames, slowDrag } from './guarded.mjs';

const browser = useBrowser();

/** Each canvas's backing width over its CSS width, by id. */
const ratios = (page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll('canvas[id]')].map((c) => [c.id, c.width / c.clientWidth])));

test('the draft rule: late frames in motion put that motion and later ones in draft, never a fast one', async () => {
  const { page, context } = await openPage(browser);
  try {
    const runs = await page.evaluate(async () => {
      const { draftGovernor } = await import('./www/draw.js');
      /** The verdicts of one governor, fed a run of motion per list of intervals (ms; the first
       * frame of each comes after a still 10 s), with a still frame after each. */
      const feed = (...motions) => {
        const wanted = draftGovernor();
        let now = 0;
        return motions.map((intervals) => {
          now += 10_000;
          const seen = [wanted(now, true)];
          for (const dt of intervals) seen.push(wanted((now += dt), true));
          return { moving: seen, still: wanted((now += 16.7), false) };
        });
      };
      const fast = Array(200).fill(16.7);
      // Three late frames in every eight: a stutter, not a slow device.
      const stutter = Array.from({ length: 200 }, (_, i) => (i % 8 < 3 ? 33.4 : 16.7));
      // The loop slept (scrolled away) in mid-motion: pauses, not late frames.
      const sleeps = Array.from({ length: 40 }, (_, i) => (i % 2 ? 16.7 : 2000));
      return { fast: feed(fast, fast), stutter: feed(stutter), sleeps: feed(sleeps), slow: feed(Array(10).fill(33.4), [16.7]) };
    });
    for (const name of ['fast', 'stutter', 'sleeps']) {
      assert.ok(runs[name].every((d) => !d.moving.includes(true)), `${name}: full resolution throughout`);
    }
    const [first, second] = runs.slow;
    // The first frame in motion (after the still one) never counts; the fourth late one decides.
    assert.deepEqual(first.moving.slice(0, 6), [false, false, false, false, true, true], 'draft from the 4th late frame');
    assert.equal(first.still, false, 'full resolution once still');
    assert.deepEqual(second.moving, [true, true], 'later motion is in draft from its first frame');
    assert.equal(second.still, false);
  } finally {
    await context.close();
  }
});

test('at 6× CPU a slider drag and the throw it starts draw every canvas in draft; paused, all at full resolution', async () => {
  const { page, context } = await openPage(browser, { dpr: 2 });
  const cdp = await context.newCDPSession(page);
  try {
    // Still: every canvas at full resolution (one per frame goes back, should the throw playing
    // since the load have put this busy machine in draft).
    await page.evaluate(() => window.ipcWall.pause());
    await nextFrames(page, 8);
    const full = await ratios(page);
    assert.ok(Object.keys(full).length >= 4 && Object.values(full).every((r) => Math.abs(r - 2) < 0.01), JSON.stringify(full));
    const held = await slowDrag(page, cdp, 6, () => ratios(page));
    await nextFrames(page, 8);
    const playing = await page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed'));
    const afterDrag = await ratios(page);
    const before = await page.evaluate(() => window.ipcWall.__draws());
    await page.evaluate(() => window.ipcWall.pause());
    // One canvas per frame goes back to full resolution.
    await nextFrames(page, Object.keys(full).length + 2);
    const still = await ratios(page);
    const draws = await page.evaluate(() => window.ipcWall.__draws());
    assert.ok(Object.values(held).every((r) => Math.abs(r - 1) < 0.01), `draft while held: ${JSON.stringify(held)}`);
    assert.equal(playing, 'true', 'the throw plays after the drag');
    assert.ok(Object.values(afterDrag).every((r) => Math.abs(r - 1) < 0.01), `draft while it plays: ${JSON.stringify(afterDrag)}`);
    assert.deepEqual(still, full, 'full resolution once paused');
    for (const id of ['scene', 'energy']) assert.ok(draws[id] > before[id], `${id} drawn again at full resolution`);
  } finally {
    await context.close();
  }
});

test('on a device judged slow, each motion and the stillness after it copy the scene\'s static layers, not draw them again', async () => {
  const { page, context } = await openPage(browser, { dpr: 2 });
  const cdp = await context.newCDPSession(page);
  /** Paused, once every canvas is back at full resolution: the scene's static drawings. */
  const stillDraws = async () => {
    await page.evaluate(() => window.ipcWall.pause());
    await page.waitForFunction(() => [...document.querySelectorAll('canvas[id]')].every((c) => Math.abs(c.width / c.clientWidth - 2) < 0.01));
    return page.evaluate(() => ({ statics: window.ipcWall.__scene().staticDraws, scene: window.ipcWall.__draws().scene }));
  };
  try {
    // The first drag judges the device slow and draws the static layer once at each resolution.
    await page.evaluate(() => window.ipcWall.pause());
    const held = [await slowDrag(page, cdp, 6, () => ratios(page))];
    const before = await stillDraws();
    // Each drag starts at the same place and ends at the same h: the same wall, the same words.
    held.push(await slowDrag(page, cdp, 6, () => ratios(page)));
    const after = await stillDraws();
    for (const r of held) assert.ok(Object.values(r).every((x) => Math.abs(x - 1) < 0.01), `in draft while held: ${JSON.stringify(r)}`);
    assert.ok(after.scene > before.scene + 10, `the scene drawn while held: ${JSON.stringify({ before, after })}`);
    assert.equal(after.statics, before.statics, 'its static layer, kept at both resolutions, never drawn again');
  } finally {
    await context.close();
  }
});

test('frames late while the page loads do not put it in draft: the throw then plays at full resolution', async () => {
  const { page, context } = await openPage(browser, { dpr: 2 });
  try {
    // Every animation frame before `ready` takes 40 ms more, as on a load that competes with
    // modules, workers and the panels below; from `ready` on, frames are the machine's own,
    // and their times are kept.
    await context.addInitScript(() => {
      let loading = true;
      window.__framesAfterReady = new Set();
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (cb) =>
        raf((t) => {
          for (const end = performance.now() + 40; loading && performance.now() < end; );
          if (!loading) window.__framesAfterReady.add(t);
          cb(t);
        });
      Object.defineProperty(window, 'ipcWall', {
        configurable: true,
        set(v) {
          Object.defineProperty(window, 'ipcWall', { value: v, writable: true, configurable: true });
          v.ready.then(() => (loading = false));
        },
      });
    });
    await page.reload();
    await page.evaluate(() => window.ipcWall.ready);
    await nextFrames(page, 12);
    const playing = await page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed'));
    const moving = await ratios(page);
    // The page's own rule over the frames after `ready` alone: a busy machine may make those
    // late too, and then draft is the rule's answer, not the load's.
    const slowAfterReady = await page.evaluate(async () => {
      const wanted = (await import('./www/draw.js')).draftGovernor();
      return [...window.__framesAfterReady].map((t) => wanted(t, true)).includes(true);
    });
    assert.equal(playing, 'true', 'the throw plays after the load');
    assert.ok(
      slowAfterReady || Object.values(moving).every((r) => Math.abs(r - 2) < 0.01),
      `full resolution while it plays: ${JSON.stringify(moving)}`,
    );
  } finally {
    await context.close();
  }
});
