// The figure reproduces the article's numbers, on the page a reader sees.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

const browser = useBrowser();

const text = (page, id) => page.locator(`#${id}`).textContent();

test('the page loads with zero console errors and starts the throw', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    // `ready` means a frame was drawn: measured in ready's own callback, on a fresh load.
    await context.addInitScript(() => {
      const measure = () =>
        ['scene', 'energy'].map((id) => {
          const c = document.getElementById(id);
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          const colours = new Set();
          for (let i = 0; i < d.length; i += 4 * 97) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
          return { id, colours: colours.size, width: c.width, css: Math.round(c.getBoundingClientRect().width) };
        });
      Object.defineProperty(window, 'ipcWall', {
        configurable: true,
        set(v) {
          Object.defineProperty(window, 'ipcWall', { value: v, writable: true, configurable: true });
          v.ready.then(() => (window.__atReady = measure()));
        },
      });
    });
    await page.reload();
    await page.waitForFunction(() => window.__atReady);
    for (const c of await page.evaluate(() => window.__atReady)) {
      assert.equal(c.width, c.css, `${c.id} sized before ready`);
      assert.ok(c.colours >= 10, `${c.id} blank at ready (${c.colours} colours)`);
    }
    // Autoplay: a few steps per second, so within a couple of seconds the balls have moved.
    await page.waitForFunction(() => window.ipcWall.getState().step >= 2, null, { timeout: 5000 });
    const s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s.penalty.outcome, 'flying');
    assert.ok(s.penalty.x > 0 && s.penalty.x < s.params.wall, `penalty x = ${s.penalty.x}`);
    // The default pace lets the reader watch the ~10 steps of the approach: about 3 a second.
    assert.match(await text(page, 'clock'), /^step \d+ · t = \d+\s?ms · 3\.3 steps\/s$/);
    assert.equal(await page.locator('#speed option:checked').textContent(), 'slow motion 1/30');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('defaults: the red ball goes through, the green one stops 24.0 µm from the wall', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.deepEqual(
      [s.params.v0, s.params.h, s.params.k, s.params.dhat, s.params.kappa, s.params.wall, s.params.thickness],
      [5, 0.01, 1e4, 1e-3, 1e4, 0.503, 0.02],
    );
    assert.equal(s.penalty.outcome, 'through');
    assert.equal(s.ipc.outcome, 'stopped');
    assert.equal((-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
    assert.equal(s.ipc.newton_max, 9, 'the article: newton 9 at 5 m/s');
    assert.ok(s.ipc.xmax_minus_wall_m < 0, 'the IPC ball never reaches the wall');
    await nextFrames(page);
    assert.equal(await text(page, 'penalty-outcome'), 'went through');
    assert.equal(await text(page, 'ipc-outcome'), 'stopped');
    assert.match(await text(page, 'ipc-detail'), /closest gap 24\.0\s?µm/);
    assert.match(await text(page, 'ipc-newton'), /9 at most/);
    assert.match(await text(page, 'penalty-detail'), /behind the wall/);
    // Screen readers hear both outcomes through the live region.
    assert.equal(await page.locator('#announce').getAttribute('aria-live'), 'polite');
    assert.match(await text(page, 'announce'), /The red penalty ball went through the wall: it is behind it, at x = 0\.5500\sm\. The green IPC ball stopped 24\.0\s?µm from the wall\./);
    // The three numbers: v·h = 50 mm against 20 mm, above half: the verdict says so.
    assert.match(await text(page, 'n-vh'), /v₀·h = 50\s?mm/);
    assert.match(await text(page, 'n-vh-ratio'), /2\.5 × the wall thickness W = 20\s?mm/);
    assert.match(await text(page, 'n-vh-verdict'), /whatever k is/);
    assert.match(await text(page, 'n-gap'), /24\.0\s?µm/);
    assert.match(await text(page, 'n-newton'), /IPC 9 · penalty \d/);
    assert.match(await text(page, 'n-newton-sub'), /impact step · CCD safety factor 0\.9$/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('v0 = 1 m/s: the red ball stops after 5.00 mm inside the wall, the green one 166.4 µm before it', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.set({ v0: 1 }));
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal(s.params.v0, 1);
    assert.equal(s.penalty.outcome, 'stopped');
    assert.equal((s.penalty.xmax_minus_wall_m * 1000).toFixed(2), '5.00');
    assert.equal(s.ipc.outcome, 'stopped');
    assert.equal((-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '166.4');
    await nextFrames(page);
    assert.match(await text(page, 'penalty-detail'), /penetrated 5\.00\s?mm/);
    assert.equal(await text(page, 'penalty-outcome'), 'stopped');
    assert.match(await text(page, 'ipc-detail'), /166\.4\s?µm/);
    // The slider followed set().
    assert.match(await text(page, 'p-v0-value'), /^1\s?m\/s$/);
    assert.match(await text(page, 'n-vh-verdict'), /can stop/);
  } finally {
    await context.close();
  }
});

test('k = 1e8: the red ball still goes through (the article: stiffness does not help)', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.set({ k: 1e8 }));
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal(s.penalty.outcome, 'through');
    assert.equal(s.ipc.outcome, 'stopped');
    await nextFrames(page);
    assert.match(await text(page, 'p-k-value'), /^10⁸\s?N\/m$/);
  } finally {
    await context.close();
  }
});

test('set() with bad values throws an Error naming the parameter and changes nothing', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US', reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => window.ipcWall.step());
    await page.evaluate(() => window.ipcWall.step());
    const before = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(before.step, 2);
    const cases = [
      [{ v0: 7, h: -1 }, /\bh\b/],
      [{ dhat: 'abc' }, /\bdhat\b/],
      [{ kappa: 1e99 }, /\bkappa\b/],
      [{ v0: Number.NaN }, /\bv0\b/],
      [{ nope: 1 }, /\bnope\b/],
      [[1, 2], /plain object/],
    ];
    for (const [partial, pattern] of cases) {
      const r = await page.evaluate((p) => {
        try {
          window.ipcWall.set(p);
          return { threw: false };
        } catch (e) {
          return { threw: true, isError: e instanceof Error, message: e.message };
        }
      }, partial);
      assert.ok(r.threw && r.isError, `set(${JSON.stringify(partial)}) should throw an Error`);
      assert.match(r.message, pattern);
      const now = await page.evaluate(() => window.ipcWall.getState());
      assert.deepEqual(now, before, `set(${JSON.stringify(partial)}) changed the state`);
    }
    await nextFrames(page);
    assert.match(await text(page, 'p-v0-value'), /^5\s?m\/s$/);
    assert.match(await text(page, 'p-h-value'), /^10\s?ms$/);
  } finally {
    await context.close();
  }
});

test('sliders: keyboard and input events change the parameters and restart the throw', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US', reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    const v0 = page.locator('input[type=range][name=v0]');
    assert.equal(await v0.getAttribute('aria-valuetext'), '5\u00a0m/s');
    await v0.focus();
    await page.keyboard.press('ArrowRight');
    let s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s.params.v0, 6, 'the next position after 5 m/s is 6 m/s');
    assert.equal(s.step, 0, 'a parameter change restarts the throw');
    assert.equal(s.penalty.outcome, 'flying');
    assert.equal(await v0.getAttribute('aria-valuetext'), '6\u00a0m/s');
    await page.keyboard.press('ArrowLeft');
    s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s.params.v0, 5, 'and back to exactly 5');

    // Setting the value and dispatching input, as a drag does: h from 10 ms to 5 ms.
    const h = page.locator('input[type=range][name=h]');
    const idx10 = Number(await h.inputValue());
    await h.evaluate((el, i) => {
      el.value = String(i);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, idx10 - 3);
    s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s.params.h, 0.005);
    assert.equal(s.step, 0);
    await nextFrames(page);
    assert.match(await text(page, 'p-h-value'), /^5\s?ms$/);
    // v·h = 25 mm: still above half of 20 mm.
    assert.match(await text(page, 'n-vh'), /25\s?mm/);

    // Every slider reaches the article's defaults exactly.
    for (const [name, want] of [['v0', 5], ['h', 0.01], ['k', 1e4], ['dhat', 1e-3], ['kappa', 1e4]]) {
      const got = await page.locator(`input[type=range][name=${name}]`).evaluate((el, want) => {
        for (let i = Number(el.min); i <= Number(el.max); i++) {
          el.value = String(i);
          el.dispatchEvent(new Event('input', { bubbles: true }));
          if (window.ipcWall.getState().params[el.name] === want) return want;
        }
        return null;
      }, want);
      assert.equal(got, want, `slider ${name} reaches ${want}`);
    }
    const end = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal((-end.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
  } finally {
    await context.close();
  }
});

test('table() gives the article table rows at the current parameters', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800 });
  try {
    const rows = await page.evaluate(() => window.ipcWall.table());
    const ipc5 = rows.find((r) => r.model === 'ipc' && r.v0 === 5);
    assert.equal((-ipc5.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
    assert.equal(ipc5.k, null);
    const pen1 = rows.find((r) => r.model === 'penalty' && r.v0 === 1 && r.k === 1e4);
    assert.equal((pen1.xmax_minus_wall_m * 1000).toFixed(2), '5.00');
    assert.equal(rows.filter((r) => r.model === 'penalty' && r.k === 1e6 && r.outcome === 'through').length, 4);
  } finally {
    await context.close();
  }
});

test('?lang=es: Spanish strings with the decimal comma, as the article writes 0,503 m', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, query: '?lang=es', locale: 'en-US' });
  try {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    assert.equal(await text(page, 'ipc-outcome'), 'detenida');
    assert.equal(await text(page, 'penalty-outcome'), 'atravesó');
    assert.match(await text(page, 'ipc-detail'), /hueco mínimo 24,0\s?µm/);
    assert.match(await text(page, 'n-vh-ratio'), /2,5 × el espesor de la pared W = 20\s?mm/);
    assert.match(await page.locator('#scene').getAttribute('aria-label'), /0,503\s?m/);
    assert.match(await page.locator('#play').textContent(), /Repetir/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

/** Runs before the page's scripts: records, on the scene canvas, the words written and the
 * small circles traced (the penalty ball's step markers are discs of radius 3.5 CSS px). */
function recordScene() {
  const rec = { words: [], discs: [] };
  Object.defineProperty(window, '__scene', { value: rec });
  const P = CanvasRenderingContext2D.prototype;
  const { fillText, arc } = P;
  P.fillText = function (s, ...rest) {
    if (this.canvas.id === 'scene') rec.words.push(String(s).replace(/\s/g, ' '));
    return fillText.call(this, s, ...rest);
  };
  P.arc = function (x, y, r, ...rest) {
    if (this.canvas.id === 'scene' && r === 3.5) rec.discs.push(Math.round(x));
    return arc.call(this, x, y, r, ...rest);
  };
}

test('the scene: a marker at every step, the step that jumps the wall, the µm gap in the inset', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US', reducedMotion: 'reduce' });
  try {
    await context.addInitScript(recordScene);
    await page.reload();
    await page.evaluate(() => window.ipcWall.ready);
    const drawn = async (act) => {
      await page.evaluate(() => {
        window.__scene.words.length = 0;
        window.__scene.discs.length = 0;
      });
      await page.evaluate(act);
      await nextFrames(page);
      return page.evaluate(() => ({ words: window.__scene.words.slice(), discs: new Set(window.__scene.discs).size }));
    };
    // Each step leaves one more marker of where the red ball was (the approach is 10 steps of
    // 50 mm, far enough apart to be told apart on the track).
    let d;
    for (let k = 1; k <= 10; k++) {
      d = await drawn(() => window.ipcWall.step());
      assert.ok(d.discs >= k, `after step ${k}: ${d.discs} markers`);
    }
    // Both balls 3 mm from the wall, written alike in the inset.
    assert.equal(d.words.filter((w) => w === '3 mm').length, 2, d.words.join(' | '));
    // Step 11 carries the red ball from in front of the wall to behind it: it is labelled.
    const jump = await drawn(() => window.ipcWall.step());
    assert.ok(jump.words.includes('one step: 50 mm'), jump.words.join(' | '));
    assert.ok(jump.words.includes('behind the wall'), 'the inset says where the red ball went');
    // The inset, on a log scale, shows the green ball's gap at that step, which the track
    // cannot: 24.0 µm.
    assert.ok(jump.words.includes('24.0 µm'), jump.words.join(' | '));
    // The axis is on the static layer (drawn once, not on every step): read what it holds.
    const decades = (await page.evaluate(() => window.ipcWall.__scene().boxes)).filter((b) => b.kind === 'decade').map((b) => b.text.replace(/\s/g, ' '));
    assert.ok(decades.includes('1 µm') && decades.includes('1 mm'), 'the inset has a log axis down to µm');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('a gap of a few hundredths of a nanometre never reads 0.0 nm, as if the green ball touched', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    // The weakest barrier over the narrowest reach: the line search stops the ball 0.03 nm
    // short of the face.
    await page.evaluate(() => window.ipcWall.set({ kappa: 1, dhat: 1e-4 }));
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal(s.ipc.outcome, 'stopped');
    assert.ok(s.ipc.xmax_minus_wall_m < 0 && s.ipc.xmax_minus_wall_m > -5e-11, `${s.ipc.xmax_minus_wall_m}`);
    await nextFrames(page);
    const shown = { detail: await text(page, 'ipc-detail'), gap: await text(page, 'n-gap'), said: await text(page, 'announce') };
    for (const [where, words] of Object.entries(shown)) {
      assert.match(words, /0\.03\s?nm/, `${where}: ${words}`);
      assert.doesNotMatch(words, /0\.0\s?nm/, `${where}: ${words}`);
    }
  } finally {
    await context.close();
  }
});
