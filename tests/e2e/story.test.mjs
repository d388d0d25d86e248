// The story the figure tells, as a reader stopping at any step reads it: the energy plot
// follows each ball on its own x̃, rests on the impact step once the throw is decided, and
// never states a minimizer that contradicts the card of the same model at the same step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames, plotAtEnd } from './guarded.mjs';

const browser = useBrowser();

const text = (page, id) => page.locator(`#${id}`).textContent();

/** The number of the first "0.dddd m" (or "0,dddd m") in `s`, as a float. */
function metres(s) {
  const m = s.match(/(\d+[.,]\d{4})\s?m\b/);
  assert.ok(m, `no position in ${JSON.stringify(s)}`);
  return Number(m[1].replace(',', '.'));
}

for (const viewport of [
  { width: 1280, height: 720, dpr: 1 },
  { width: 390, height: 844, dpr: 3 },
]) {
  test(`at the end of the default throw the plot's penalty minimizer is behind the wall, at the impact step, as the red card says (${viewport.width} px)`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, { ...viewport, locale: 'en-US' });
    try {
      const { s, v } = await plotAtEnd(page);
      const { wall, thickness } = s.params;

      // The red ball jumps at its last step: the 11th at 5 m/s and 10 ms.
      assert.equal(s.penalty.outcome, 'through');
      assert.equal(s.penalty.steps, 11);
      assert.ok(s.ipc.steps > s.penalty.steps, 'the green ball keeps stepping after the red one is decided');
      assert.equal(v.models.penalty.step, s.penalty.steps, 'the plot rests on the red jump, not on the last step');
      assert.ok(v.models.penalty.minimizer > wall + thickness, `penalty minimizer ${v.models.penalty.minimizer} behind the wall`);
      assert.equal(v.models.penalty.minimizer, s.penalty.x, 'where the red ball came out');
      assert.ok(Math.abs(v.models.penalty.x_tilde - 0.55) < 1e-12, `x̃ = ${v.models.penalty.x_tilde}`);

      // What the reader reads: the readout under the plot and the red card agree.
      const card = await text(page, 'penalty-detail');
      assert.match(card, /came out behind the wall at x = 0\.5500\s?m/);
      const readout = await text(page, 'min-penalty');
      assert.match(readout, /behind the wall/);
      assert.equal(metres(readout), metres(card));
      assert.match(await page.locator('#energy').getAttribute('aria-valuetext'), /penalty minimizer 0\.5500\s?m · [\d.]+\s?mm behind the wall/);
      // The step the plot rests on is named.
      assert.match(await text(page, 'energy-mode'), /impact step: step 11\b/);

      // The green ball at its closest approach: the gap its card states, in front of the wall.
      assert.ok(v.models.ipc.minimizer < wall);
      assert.ok(Math.abs(v.models.ipc.minimizer - (wall + s.ipc.xmax_minus_wall_m)) < 1e-12, 'closest approach');
      assert.match(await text(page, 'ipc-detail'), /closest gap 24\.0\s?µm/);
      assert.match(await text(page, 'min-ipc'), /24\.0\s?µm in front of the wall/);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });
}

test('stepping through the throw, each model is drawn at its own ball’s x̃ and agrees with its card at every step', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    await page.locator('#energy').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.ipcWall.reset());
    let parted = false;
    for (let k = 1; k <= 40; k++) {
      const s = await page.evaluate(() => window.ipcWall.step());
      await nextFrames(page);
      const v = await page.evaluate(() => window.ipcWall.energyView());
      const decided = s.penalty.outcome !== 'flying' && s.ipc.outcome !== 'flying';
      for (const m of ['penalty', 'ipc']) {
        const b = s[m];
        // Following: each ball's latest step (once both are decided, its impact step).
        if (!decided) {
          assert.equal(v.models[m].step, b.steps, `${m} at step ${k}`);
          assert.equal(v.models[m].x_tilde, b.x_tilde, `${m} x̃ at step ${k}`);
          assert.equal(v.models[m].minimizer, b.x, `${m} minimizer at step ${k} is where its ball is`);
        }
      }
      // The card and the readout of the same model at the same step name the same place.
      if (!decided) {
        const card = await text(page, 'penalty-detail');
        if (/behind the wall/.test(card)) assert.match(await text(page, 'min-penalty'), /behind the wall/);
      }
      if (v.models.penalty.x_tilde !== v.models.ipc.x_tilde) {
        // Both x̃ are visible and labelled: the readout names each model's.
        parted = true;
        const xt = await text(page, 'xt-value');
        assert.match(xt, /Penalty 0\.5500\s?m · IPC 0\.\d{4}\s?m/, xt);
        assert.match(await text(page, 'energy-mode'), /Penalty step 11, IPC step \d+/);
      }
      if (decided) break;
    }
    assert.ok(parted, 'after the red ball is decided the green one steps on, with its own x̃');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('picking a step in the trace shows that step of both balls on the plot', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    await page.locator('#trace-step').scrollIntoViewIfNeeded();
    await page.locator('.seg button[data-model="ipc"]').click();
    await page.locator('#trace-step').fill('12');
    await nextFrames(page);
    const v = await page.evaluate(() => window.ipcWall.energyView());
    assert.equal(v.following, false);
    assert.equal(v.step, 12);
    assert.equal(v.models.ipc.step, 12);
    const its = await page.evaluate(() => window.ipcWall.iterates('ipc', 12));
    assert.equal(v.models.ipc.minimizer, its[its.length - 1].x, 'where that step’s Newton ended');
    // The red ball was decided at step 11: it shows its last step.
    assert.equal(v.models.penalty.step, s.penalty.steps);
    assert.match(await text(page, 'energy-mode'), /^picked in the trace: Penalty step 11, IPC step 12 · /);
    // Step hands the plot back to the throw (which is over: it rests on the impact step).
    await page.evaluate(() => window.ipcWall.step());
    await nextFrames(page);
    const w = await page.evaluate(() => window.ipcWall.energyView());
    assert.equal(w.following, true);
    assert.deepEqual([w.models.penalty.step, w.models.ipc.step], [11, 11]);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
