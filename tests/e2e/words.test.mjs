// The story told right (issue 15): every sentence about a position says front of, inside or
// behind the wall as the geometry has it; the energy plot's hint says what its minimizer
// really does; Newton's count is explained where the counts are shown; lengths carry the
// digits that mean something. In both languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';
import { openGuarded, nextFrames } from './guarded.mjs';

const browser = useBrowser();

const text = (page, id) => page.locator(`#${id}`).textContent();

for (const lang of ['en', 'es']) {
  const W = {
    en: { behind: /it ends behind the wall, 27\s?mm past its back face/, inside: /inside the wall/, back50: /behind the wall, 477\s?mm past its back face/ },
    es: { behind: /termina detrás de la pared, 27\s?mm más allá de su cara trasera/, inside: /dentro de la pared/, back50: /detrás de la pared, 477\s?mm más allá de su cara trasera/ },
  }[lang];

  test(`a ball 47 mm past the front face of a 20 mm wall is behind it, in the trace and the live region (${lang})`, async () => {
    const { page, context, consoleErrors } = await openGuarded(browser, { query: `?lang=${lang}`, contextOptions: { reducedMotion: 'reduce' } });
    try {
      const s = await page.evaluate(() => window.ipcWall.runToEnd());
      // The defaults: the red ball's tunnelling step ends at x = wall + 47 mm.
      assert.equal(((s.penalty.x - s.params.wall) * 1e3).toFixed(1), '47.0');
      await nextFrames(page, 3);
      // The red ball's latest step is the one that jumped the wall.
      await page.locator('#trace [data-model="penalty"]').click();
      assert.equal((await page.evaluate(() => window.ipcWall.trace())).step, 11);
      const summary = await text(page, 'trace-summary');
      assert.match(summary, W.behind);
      assert.doesNotMatch(summary, W.inside, 'not "47 mm inside the wall"');
      const said = await text(page, 'announce');
      assert.match(said, lang === 'en' ? /red penalty ball went through the wall: it is behind it, at x = 0\.5500\sm/ : /roja de penalización atravesó la pared: está detrás de ella, en x = 0,5500\sm/);
      assert.match(await text(page, 'penalty-detail'), lang === 'en' ? /behind the wall at x = 0\.5500\sm/ : /detrás de la pared en x = 0,5500\sm/);

      // At 50 m/s the step ends half a metre on: behind, never "497 mm inside".
      await page.evaluate(() => window.ipcWall.set({ v0: 50 }));
      await page.evaluate(() => window.ipcWall.runToEnd());
      await nextFrames(page, 3);
      await page.locator('#trace [data-model="penalty"]').click();
      const fast = await text(page, 'trace-summary');
      assert.match(fast, W.back50);
      assert.doesNotMatch(fast, W.inside);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });

  test(`the hint's claim holds: past the mid-plane the red minimum moves into the back half, past the back face it sits at x̃ (${lang})`, async () => {
    const { page, context, consoleErrors } = await openGuarded(browser, { query: `?lang=${lang}`, contextOptions: { reducedMotion: 'reduce' } });
    try {
      const hint = await page.locator('.readouts .hint').first().textContent();
      assert.match(hint, lang === 'en' ? /mid-plane the red minimum moves into the back half of the wall; past the back face it sits behind the wall, at x̃/ : /plano medio de la pared, el mínimo rojo pasa a la mitad trasera de la pared; pasada la cara trasera, queda detrás de la pared, en x̃/);
      const { wall, thickness: W0 } = (await page.evaluate(() => window.ipcWall.getState())).params;
      const at = async (mm) => {
        const m = await page.evaluate((x) => window.ipcWall.setXTilde(x), wall + mm / 1e3);
        await nextFrames(page, 3); // the readouts are written in the next frame
        return { depth: (m.penalty - wall) / W0, ipc: m.ipc, readout: await text(page, 'min-penalty') };
      };
      const before = await at(9);
      assert.ok(before.depth > 0 && before.depth < 0.5, `x̃ = wall + 9 mm: the red minimum in the front half (${before.depth})`);
      assert.match(before.readout, W.inside);
      const past = await at(11);
      assert.ok(past.depth > 0.5 && past.depth < 1, `x̃ = wall + 11 mm: in the back half, not behind (${past.depth})`);
      assert.match(past.readout, W.inside);
      const behind = await at(30);
      assert.ok(behind.depth > 1, `x̃ = wall + 30 mm: behind the wall (${behind.depth})`);
      assert.ok(Math.abs(wall + behind.depth * W0 - (wall + 0.03)) < 1e-3, 'and at x̃');
      assert.match(behind.readout, lang === 'en' ? /behind the wall/ : /detrás de la pared/);
      assert.match(behind.readout, lang === 'en' ? /0\.5330\sm/ : /0,5330\sm/);
      for (const r of [before, past, behind]) assert.ok(r.ipc < wall, 'the green minimum stays in front');
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });

  test(`how Newton is counted is said once, beside the counts; lengths carry three significant digits (${lang})`, async () => {
    const { page, context, consoleErrors } = await openGuarded(browser, { query: `?lang=${lang}`, contextOptions: { reducedMotion: 'reduce' } });
    try {
      await page.evaluate(() => window.ipcWall.step());
      const note = page.locator('#newton-count');
      assert.ok(await note.isVisible());
      assert.match(await note.textContent(), lang === 'en' ? /as in the article’s code and table.*shows 2/ : /como en el código y la tabla del artículo.*muestra 2/);
      for (const m of ['penalty', 'ipc']) {
        assert.equal(await page.locator(`#${m}-newton`).getAttribute('aria-describedby'), 'newton-count');
        // Free flight: one Newton step, counted as the article counts it.
        assert.match(await text(page, `${m}-newton`), /2/);
      }
      // A distance of hundreds of millimetres: three digits, not "419.00 mm".
      const readout = await text(page, 'min-penalty');
      assert.match(readout, /\d{3}\smm/);
      assert.doesNotMatch(readout, /\d{3}[.,]\d\d\smm/);
      const all = await page.locator('body').textContent();
      assert.doesNotMatch(all, /\d{2,}[.,]\d\d\smm/, 'no tens or hundreds of millimetres with two decimals anywhere');
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });
}

test('switching presets never shows the previous preset’s verdict, not even for a frame', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.locator('[data-preset="default"]').click();
    await page.waitForFunction(() => document.getElementById('preset-verdict').dataset.verdict === 'ok');
    assert.match(await text(page, 'preset-verdict'), /24\.0\s?µm/);
    // The click and the verdict read in one task: no frame in between.
    const right = await page.evaluate(() => {
      document.querySelector('[data-preset="v50"]').click();
      return document.getElementById('preset-verdict').textContent;
    });
    assert.doesNotMatch(right, /24\.0\s?µm/, `stale: ${right}`);
    assert.match(right, /2\.1\s?µm/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
