// Dragging x̃ on the energy plot, with real pointer events, as the article asks the reader to.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames, plotAtEnd } from './guarded.mjs';

const browser = useBrowser();

/** Page coordinates of position `x` on the energy plot as it is drawn now. */
async function plotPoint(page, x) {
  const v = await page.evaluate(() => window.ipcWall.energyView());
  const box = await page.locator('#energy').boundingBox();
  assert.ok(x > v.x0 && x < v.x1, `x = ${x} outside the plot's window [${v.x0}, ${v.x1}]`);
  return {
    px: box.x + v.left + ((x - v.x0) / (v.x1 - v.x0)) * (v.right - v.left),
    py: box.y + (v.top + v.bottom) / 2,
    perPixel: (v.x1 - v.x0) / (v.right - v.left),
  };
}

async function drag(page, fromX, toX) {
  const a = await plotPoint(page, fromX);
  const b = await plotPoint(page, toX);
  await page.mouse.move(a.px, a.py);
  await page.mouse.down();
  await page.mouse.move(b.px, b.py, { steps: 12 });
  await page.mouse.up();
  await nextFrames(page);
  return b.perPixel;
}

for (const viewport of [
  { width: 1280, height: 800, dpr: 1 },
  { width: 390, height: 844, dpr: 3 },
]) {
  test(`dragging x̃ past the wall moves the penalty minimizer behind it, the IPC one stays in front (${viewport.width} px)`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, { ...viewport, locale: 'en-US' });
    try {
      const { s, v: start } = await plotAtEnd(page);
      const { wall, thickness } = s.params;

      // In front of the wall: both minimizers sit at x̃ (no contact force yet for penalty).
      const front = wall - 0.5 * thickness;
      let perPixel = await drag(page, start.x_tilde, front);
      let v = await page.evaluate(() => window.ipcWall.energyView());
      assert.equal(v.following, false, 'a drag takes x̃ over from the animation');
      assert.ok(Math.abs(v.x_tilde - front) <= 2 * perPixel, `x̃ = ${v.x_tilde}, wanted ≈ ${front}`);
      let m = await page.evaluate((x) => window.ipcWall.minimizers(x), v.x_tilde);
      assert.equal(m.penalty, v.x_tilde);
      assert.ok(m.ipc < wall);

      // Past the back face.
      const behind = wall + thickness + 0.75 * thickness;
      perPixel = await drag(page, v.x_tilde, behind);
      v = await page.evaluate(() => window.ipcWall.energyView());
      assert.ok(Math.abs(v.x_tilde - behind) <= 2 * perPixel, `x̃ = ${v.x_tilde}, wanted ≈ ${behind}`);
      m = await page.evaluate((x) => window.ipcWall.minimizers(x), v.x_tilde);
      assert.ok(m.penalty > wall + thickness, `penalty minimizer ${m.penalty} should be behind the wall`);
      assert.ok(m.ipc < wall, `IPC minimizer ${m.ipc} must stay in front of the wall`);
      // What the reader reads under the plot.
      assert.match(await page.locator('#min-penalty').textContent(), /behind the wall/);
      assert.match(await page.locator('#min-ipc').textContent(), /in front of the wall/);
      assert.match(await page.locator('#energy-mode').textContent(), /set by you/);
      assert.match(await page.locator('#energy').getAttribute('aria-valuetext'), /behind the wall/);

      // Just past the mid-plane the penalty minimizer has already jumped to the rear half.
      const pastMid = wall + 0.6 * thickness;
      await drag(page, v.x_tilde, pastMid);
      v = await page.evaluate(() => window.ipcWall.energyView());
      m = await page.evaluate((x) => window.ipcWall.minimizers(x), v.x_tilde);
      assert.ok(m.penalty > wall + 0.5 * thickness, `penalty minimizer ${m.penalty} past the mid-plane`);
      assert.ok(m.ipc < wall);

      // Dragging paused the animation: nothing steps on its own.
      await page.evaluate(() => window.ipcWall.reset());
      await drag(page, v.x_tilde, front);
      const step0 = (await page.evaluate(() => window.ipcWall.getState())).step;
      await page.waitForTimeout(700);
      assert.equal((await page.evaluate(() => window.ipcWall.getState())).step, step0);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });
}

test('setXTilde() and the plot keys do what a drag does', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US', reducedMotion: 'reduce' });
  try {
    const { wall, thickness } = (await page.evaluate(() => window.ipcWall.getState())).params;
    const m = await page.evaluate((x) => window.ipcWall.setXTilde(x), wall + 2 * thickness);
    assert.ok(m.penalty > wall + thickness && m.ipc < wall);
    await nextFrames(page);
    let v = await page.evaluate(() => window.ipcWall.energyView());
    assert.equal(v.x_tilde, wall + 2 * thickness);
    await page.locator('#energy').focus();
    await page.keyboard.press('Home');
    await nextFrames(page);
    v = await page.evaluate(() => window.ipcWall.energyView());
    assert.equal(v.x_tilde, v.x0);
    assert.match(await page.locator('#min-penalty').textContent(), /in front of the wall/);
    await page.keyboard.press('ArrowRight');
    await nextFrames(page);
    const w = await page.evaluate(() => window.ipcWall.energyView());
    assert.ok(w.x_tilde > v.x_tilde);
    // Play hands x̃ back to the throw.
    await page.evaluate(() => window.ipcWall.play());
    await nextFrames(page);
    assert.equal((await page.evaluate(() => window.ipcWall.energyView())).following, true);
    await assert.rejects(page.evaluate(() => window.ipcWall.setXTilde(Number.NaN)), /finite/);
    // The core's reach for x̃ (landscape::X_TILDE_LIMIT): refused past it, before anything changes.
    await assert.rejects(page.evaluate(() => window.ipcWall.setXTilde(100.5)), /x_tilde = 100\.5 is out of range; allowed: \[-100, 100\] m/);
    assert.equal((await page.evaluate(() => window.ipcWall.energyView())).following, true, 'still following the throw');
    const far = await page.evaluate(() => window.ipcWall.setXTilde(-100));
    assert.equal(far.ipc, -100, 'far in front of the wall each minimizer is x̃ itself');
  } finally {
    await context.close();
  }
});

test('a finger drags x̃ sideways; a vertical swipe over the plot scrolls the page instead', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 390, height: 844, dpr: 3, locale: 'en-US' });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await page.locator('#energy').scrollIntoViewIfNeeded();
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    const { wall, thickness } = s.params;
    await nextFrames(page);
    const before = await page.evaluate(() => window.ipcWall.energyView());

    // Sideways: x̃ follows the finger past the wall.
    const a = await plotPoint(page, wall - 0.5 * thickness);
    const b = await plotPoint(page, wall + 1.75 * thickness);
    await touch('touchStart', [{ x: a.px, y: a.py }]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: a.px + ((b.px - a.px) * i) / 10, y: a.py }]);
    await touch('touchEnd', []);
    await nextFrames(page);
    const v = await page.evaluate(() => window.ipcWall.energyView());
    assert.equal(v.following, false);
    assert.ok(Math.abs(v.x_tilde - (wall + 1.75 * thickness)) <= 3 * b.perPixel, `x̃ = ${v.x_tilde}`);
    const m = await page.evaluate((x) => window.ipcWall.minimizers(x), v.x_tilde);
    assert.ok(m.penalty > wall + thickness && m.ipc < wall);
    assert.notEqual(v.x_tilde, before.x_tilde);

    // Vertical: the page scrolls and x̃ stays where it was.
    assert.equal(await page.locator('#energy').evaluate((c) => getComputedStyle(c).touchAction), 'pan-y');
    const y0 = await page.evaluate(() => window.scrollY);
    const c = await plotPoint(page, wall - 0.5 * thickness);
    await touch('touchStart', [{ x: c.px, y: c.py + 40 }]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: c.px, y: c.py + 40 - 20 * i }]);
    await touch('touchEnd', []);
    await page.waitForTimeout(300);
    await nextFrames(page);
    assert.ok((await page.evaluate(() => window.scrollY)) > y0, 'the swipe scrolled the page');
    assert.equal((await page.evaluate(() => window.ipcWall.energyView())).x_tilde, v.x_tilde, 'and did not move x̃');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
