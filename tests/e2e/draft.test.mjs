// Draft resolution: on a device too slow to redraw full-resolution canvases at 60 fps, a
// slider drag draws them at one backing pixel per CSS pixel, and full resolution comes back
// when the drag ends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

const browser = useBrowser();

/** Each canvas's backing width over its CSS width, by id. */
const ratios = (page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll('canvas[id]')].map((c) => [c.id, c.width / c.clientWidth])));

test('the draft rule: slow frames during a drag put that drag and later ones in draft, never a fast one', async () => {
  const { page, context } = await openPage(browser);
  try {
    const runs = await page.evaluate(async () => {
      const { draftGovernor } = await import('./www/draw.js');
      /** The verdicts of one governor, fed a drag per list of intervals (ms; the first frame of
       * a drag comes after any pause: 10 s here), with a frame let go between drags. */
      const feed = (...drags) => {
        const wanted = draftGovernor();
        let now = 0;
        return drags.map((intervals) => {
          now += 10_000;
          const seen = [wanted(now, true)];
          for (const dt of intervals) seen.push(wanted((now += dt), true));
          return { held: seen, after: wanted((now += 16.7), false) };
        });
      };
      const fast = Array(200).fill(16.7);
      // Three late frames in every eight: a stutter, not a slow device.
      const stutter = Array.from({ length: 200 }, (_, i) => (i % 8 < 3 ? 33.4 : 16.7));
      return { fast: feed(fast, fast), stutter: feed(stutter), slow: feed(Array(10).fill(33.4), [16.7]) };
    });
    for (const [name, drags] of Object.entries({ fast: runs.fast, stutter: runs.stutter })) {
      assert.ok(drags.every((d) => !d.held.includes(true)), `${name} drags stay at full resolution`);
    }
    const [first, second] = runs.slow;
    // The first frame of a drag (after the pause) never counts; the fourth late one decides.
    assert.deepEqual(first.held.slice(0, 6), [false, false, false, false, true, true], 'draft from the 4th late frame');
    assert.equal(first.after, false, 'full resolution once the slider is let go');
    assert.deepEqual(second.held, [true, true], 'the next drag is in draft from its first frame');
    assert.equal(second.after, false);
  } finally {
    await context.close();
  }
});

test('at 6× CPU a slider drag draws every canvas in draft, and at full resolution once let go', async () => {
  const { page, context } = await openPage(browser, { dpr: 2 });
  const cdp = await context.newCDPSession(page);
  try {
    const full = await ratios(page);
    assert.ok(Object.keys(full).length >= 4 && Object.values(full).every((r) => Math.abs(r - 2) < 0.01), JSON.stringify(full));
    const box = await page.locator('#p-h').boundingBox();
    const y = box.y + box.height / 2;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.mouse.move(box.x + 0.3 * box.width, y);
    await page.mouse.down();
    for (let i = 1; i <= 24; i++) {
      await page.mouse.move(box.x + (0.3 + 0.01 * i) * box.width, y);
      await nextFrames(page, 1);
    }
    const held = await ratios(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const before = await page.evaluate(() => window.ipcWall.__draws());
    await page.mouse.up();
    await nextFrames(page, 3);
    const after = await ratios(page);
    const draws = await page.evaluate(() => window.ipcWall.__draws());
    assert.ok(Object.values(held).every((r) => Math.abs(r - 1) < 0.01), `draft while held: ${JSON.stringify(held)}`);
    assert.deepEqual(after, full, 'full resolution again');
    for (const id of ['scene', 'energy']) assert.ok(draws[id] > before[id], `${id} drawn again at full resolution`);
  } finally {
    await context.close();
  }
});
