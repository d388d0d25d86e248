// A Rust panic traps the wasm instance: the page must say so and Reset must bring it back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';

const browser = useBrowser();

test('a forced panic shows the banner, and Reset brings back a working figure with the last parameters', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.set({ v0: 1 }));
    const banner = page.locator('#error-banner');
    assert.equal(await banner.isVisible(), false);

    const msg = await page.evaluate(() => window.ipcWall.__panic());
    assert.match(msg, /unreachable|RuntimeError/i);
    await banner.waitFor({ state: 'visible', timeout: 2000 });
    assert.match(await banner.textContent(), /Something went wrong/);
    // The dead instance is not used again: calls fail loudly instead of freezing.
    await assert.rejects(page.evaluate(() => window.ipcWall.getState()), /reset/i);
    // The only console error is the deliberate panic.
    assert.ok(consoleErrors.length >= 1);
    for (const e of consoleErrors) assert.match(e, /deliberate panic|unreachable|RuntimeError/i);

    await page.getByRole('button', { name: 'Reset the figure', exact: true }).click();
    await banner.waitFor({ state: 'hidden', timeout: 5000 });
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal(s.params.v0, 1, 'recovery keeps the last good parameters');
    assert.equal(s.penalty.outcome, 'stopped');
    assert.equal((s.penalty.xmax_minus_wall_m * 1000).toFixed(2), '5.00');
    // And the page is alive: it draws and animates again.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.match(await page.locator('#penalty-detail').textContent(), /penetrated 5\.00\s?mm/);
    await page.evaluate(() => {
      window.ipcWall.reset();
      window.ipcWall.play();
    });
    await page.waitForFunction(() => window.ipcWall.getState().step >= 2, null, { timeout: 5000 });

    // A second panic recovers too (a fresh module instance each time).
    await page.evaluate(() => window.ipcWall.__panic());
    await banner.waitFor({ state: 'visible', timeout: 2000 });
    await page.evaluate(() => window.ipcWall.reset());
    await banner.waitFor({ state: 'hidden', timeout: 5000 });
    const t = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal(t.penalty.outcome, 'stopped');

    // The "both halves" switch, set by the reader, comes back too: four balls, not two.
    await page.locator('#halves').click();
    await page.evaluate(() => window.ipcWall.__panic());
    await banner.waitFor({ state: 'visible', timeout: 2000 });
    await page.evaluate(() => window.ipcWall.reset());
    await banner.waitFor({ state: 'hidden', timeout: 5000 });
    const u = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(u.halves, true, 'recovery keeps the switch');
    assert.deepEqual(u.models, ['penalty', 'ipc', 'barrier-alone', 'ccd-alone']);
  } finally {
    await context.close();
  }
});
