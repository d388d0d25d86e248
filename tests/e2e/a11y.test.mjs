// For every reader: an automated audit (axe-core) in light and dark, English and Spanish;
// every control reached and worked from the keyboard with a visible focus; labels, values
// with units and text alternatives; outcomes announced; reduced motion; a dark theme.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, screenshot } from './harness.mjs';
import { openGuarded, nextFrames } from './guarded.mjs';

const axePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'axe-core', 'axe.min.js');

const browser = useBrowser();

const state = (page) => page.evaluate(() => window.ipcWall.getState());

for (const colorScheme of ['light', 'dark']) {
  for (const lang of ['en', 'es']) {
    for (const width of [1280, 390]) {
      test(`axe-core: no serious or critical violation (${colorScheme}, ${lang}, ${width} px)`, async () => {
        // axe is injected as a script, which the page's CSP rightly refuses: bypass it here only.
        const { page, context, consoleErrors } = await openGuarded(browser, {
          query: `?lang=${lang}&unknown=1`,
          contextOptions: { bypassCSP: true, colorScheme, reducedMotion: 'reduce', viewport: { width, height: 800 } },
        });
        try {
          // Everything shown at once: decided outcomes, the note, the share field.
          await page.evaluate(() => window.ipcWall.runToEnd());
          await page.locator('#copy-link').click();
          await page.locator('#share-text').waitFor({ state: 'visible' });
          await nextFrames(page, 3);
          assert.ok(await page.locator('#note').isVisible());
          await page.addScriptTag({ path: axePath });
          const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations', 'passes'] }));
          const bad = r.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
          assert.deepEqual(bad, []);
          // The audit really looked at contrast, names and labels.
          const passed = new Set(r.passes.map((p) => p.id));
          for (const id of ['color-contrast', 'button-name', 'label', 'aria-input-field-name', 'role-img-alt', 'html-has-lang']) {
            assert.ok(passed.has(id), `${id} was checked and passed`);
          }
          if (width === 1280 && lang === 'es') await screenshot(page, `a11y-${colorScheme}-es`, { fullPage: true });
          assert.deepEqual(consoleErrors, []);
        } finally {
          await context.close();
        }
      });
    }
  }
}

/** Relative luminance contrast of two "rgb(r, g, b)" colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const colorScheme of ['light', 'dark']) {
  test(`Tab reaches every control, each with a visible focus ring (${colorScheme})`, async () => {
    const { page, context } = await openGuarded(browser, { query: '?junk=1', contextOptions: { colorScheme, reducedMotion: 'reduce' } });
    try {
      await page.locator('#copy-link').click();
      await page.locator('#share-text').waitFor({ state: 'visible' });
      const focusable = await page.evaluate(() =>
        [...document.querySelectorAll('button, select, input, textarea, a[href], [tabindex]')]
          .filter((e) => e.tabIndex >= 0 && !e.disabled && e.checkVisibility())
          .map((e) => e.id || e.name || e.tagName),
      );
      assert.ok(focusable.length >= 14, focusable.join(' '));
      // Start from the top, as a reader who just opened the page.
      await page.mouse.click(2, 2);
      const reached = [];
      for (let i = 0; i < focusable.length + 3; i++) {
        await page.keyboard.press('Tab');
        const f = await page.evaluate(() => {
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          const cs = getComputedStyle(e);
          const bg = getComputedStyle(document.documentElement).getPropertyValue('--panel').trim();
          return { id: e.id || e.name || e.tagName, style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), color: cs.outlineColor, bg };
        });
        if (!f) continue;
        if (!reached.includes(f.id)) reached.push(f.id);
        if (i === 0) assert.equal(f.id, 'lang-switch', 'the first stop is the first control');
        assert.notEqual(f.style, 'none', `${f.id} shows no focus outline`);
        assert.ok(f.width >= 2, `${f.id}: outline ${f.width}px`);
        const bg = await page.evaluate((v) => {
          const d = document.createElement('i');
          d.style.color = v;
          document.body.append(d);
          const c = getComputedStyle(d).color;
          d.remove();
          return c;
        }, f.bg);
        assert.ok(contrast(f.color, bg) >= 3, `${f.id}: focus ring ${f.color} on ${bg}`);
      }
      assert.deepEqual(focusable.filter((id) => !reached.includes(id)), [], 'not reachable by Tab');
    } finally {
      await context.close();
    }
  });
}

test('every control works from the keyboard', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { query: '?junk=1', contextOptions: { reducedMotion: 'reduce' } });
  try {
    const press = async (selector, key) => {
      await page.locator(selector).focus();
      await page.keyboard.press(key);
      await nextFrames(page);
    };
    await press('#step', 'Enter');
    assert.equal((await state(page)).step, 1);
    await press('#step', 'Space');
    assert.equal((await state(page)).step, 2);
    await press('#reset', 'Enter');
    assert.equal((await state(page)).step, 0);
    await press('#play', 'Space');
    assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => window.ipcWall.getState().step >= 1);
    await press('#play', 'Enter');
    assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false');
    await press('#end', 'Enter');
    assert.notEqual((await state(page)).ipc.outcome, 'flying');
    const pace = await page.locator('#speed').inputValue();
    await press('#speed', 'ArrowDown');
    assert.notEqual(await page.locator('#speed').inputValue(), pace, 'the pace changes with the arrow keys');
    // Sliders: arrows, Home, End.
    await press('input[name=kappa]', 'End');
    assert.equal((await state(page)).params.kappa, 1e8);
    await press('input[name=kappa]', 'Home');
    assert.equal((await state(page)).params.kappa, 1);
    await press('input[name=h]', 'ArrowLeft');
    assert.equal((await state(page)).params.h, 0.008);
    // The energy plot is a slider for x̃.
    const x0 = (await page.evaluate(() => window.ipcWall.energyView())).x_tilde;
    await press('#energy', 'ArrowRight');
    const v = await page.evaluate(() => window.ipcWall.energyView());
    assert.ok(v.x_tilde > x0 && !v.following, 'x̃ moved by key');
    // Note, language, sharing.
    assert.ok(await page.locator('#note').isVisible());
    await press('#note-close', 'Enter');
    assert.equal(await page.locator('#note').isVisible(), false);
    await press('#copy-link', 'Enter');
    assert.ok(await page.locator('#share-text').isVisible());
    await press('#copy-embed', 'Space');
    // The snippet comes once its height is measured.
    await page.waitForFunction(() => /^<iframe /.test(document.getElementById('share-text').value));
    await press('#lang-switch', 'Enter');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('labels, values with units, text alternatives for the canvases, outcomes announced', async () => {
  const { page, context } = await openGuarded(browser, { query: '?lang=es', contextOptions: { reducedMotion: 'reduce' } });
  try {
    const sliders = await page.evaluate(() =>
      [...document.querySelectorAll('input[type=range]')].map((e) => ({
        name: e.name,
        label: e.labels[0]?.textContent ?? '',
        value: e.getAttribute('aria-valuetext'),
      })),
    );
    const units = { v0: /\sm\/s$/, h: /\sms$/, k: /\sN\/m$/, dhat: /\s(mm|µm)$/, kappa: /^\d+$/ };
    for (const s of sliders) {
      assert.ok(s.label.length > 5, `${s.name} has a label`);
      if (units[s.name]) assert.match(s.value, units[s.name], `${s.name}: ${s.value}`);
    }
    assert.ok(sliders.length >= 5);
    // Screen readers get all the digits, six at most, with the language's decimal comma.
    const spoken = (name) => page.locator(`input[name=${name}]`).getAttribute('aria-valuetext');
    assert.equal(await spoken('kappa'), '10000');
    assert.match(await spoken('k'), /^10000\sN\/m$/);
    await page.evaluate(() => window.ipcWall.set({ k: 1234567.891, kappa: 0.00123456789e6 }));
    assert.match(await spoken('k'), /^1234570\sN\/m$/);
    assert.equal(await spoken('kappa'), '1234,57');
    await page.evaluate(() => window.ipcWall.set({ k: 1e4, kappa: 1e4 }));
    // Each canvas says what it shows.
    const canvases = await page.evaluate(() =>
      [...document.querySelectorAll('canvas')].map((c) => ({
        id: c.id,
        role: c.getAttribute('role'),
        label: c.getAttribute('aria-label') ?? '',
        value: c.getAttribute('aria-valuetext') ?? '',
      })),
    );
    for (const c of canvases) {
      assert.ok(['img', 'slider'].includes(c.role), `${c.id}: role ${c.role}`);
      assert.ok(c.label.length > 20, `${c.id}: "${c.label}"`);
    }
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 3);
    const scene = await page.locator('#scene').getAttribute('aria-label');
    assert.match(scene, /0,503\s?m/);
    assert.match(scene, /Penalización: atravesó/);
    assert.match(scene, /IPC: detenida, hueco mínimo 24,0\s?µm/);
    assert.match(await page.locator('#energy').getAttribute('aria-valuetext'), /^x̃ = 0,\d{4}\sm; mínimo de penalización/);
    const live = page.locator('#announce');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.equal(
      await live.textContent(),
      'La pelota roja de penalización atravesó la pared: está detrás de ella, en x = 0,5500\u00a0m. La pelota verde de IPC se detuvo a 24,0\u00a0µm de la pared.',
    );
    // Red and green are also told apart by shape and by name.
    const marks = await page.evaluate(() =>
      ['penalty', 'ipc'].map((m) => {
        const card = document.getElementById(`card-${m}`);
        const shape = card.querySelector('.shape');
        return { shape: shape.className, name: card.querySelector('h3').textContent.trim(), radius: getComputedStyle(shape).borderRadius };
      }),
    );
    assert.match(marks[0].shape, /disc/);
    assert.match(marks[1].shape, /diamond/);
    assert.equal(marks[0].radius, '50%');
    assert.notEqual(marks[1].radius, '50%');
    assert.match(marks[0].name, /Penalización/);
    assert.match(marks[1].name, /IPC/);
  } finally {
    await context.close();
  }
});

test('prefers-reduced-motion: no autoplay; the figure moves only when asked', async () => {
  // Without the preference the throw plays by itself: the check below can tell the difference.
  const moving = await openGuarded(browser);
  try {
    await moving.page.waitForFunction(() => window.ipcWall.getState().step >= 1, null, { timeout: 5000 });
  } finally {
    await moving.context.close();
  }
  const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    const still = async (why) => {
      await page.waitForTimeout(1200);
      const s = await state(page);
      assert.equal(s.step, 0, `no step ${why}`);
      assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false', why);
    };
    await still('after loading');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    assert.equal((await state(page)).step, 1, 'Step steps on demand');
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    await still('after Restart');
    await page.locator('input[name=v0]').focus();
    await page.keyboard.press('ArrowRight');
    await still('after a parameter change');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => window.ipcWall.getState().step >= 2, null, { timeout: 5000 });
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('prefers-color-scheme: dark themes the page and both canvases, also when it changes live', async () => {
  const { page, context } = await openGuarded(browser, { contextOptions: { colorScheme: 'light', reducedMotion: 'reduce' } });
  const corner = (id) =>
    page.evaluate((id) => {
      const d = document.getElementById(id).getContext('2d').getImageData(3, 3, 1, 1).data;
      return d[0] + d[1] + d[2];
    }, id);
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 2);
    assert.ok((await corner('scene')) > 600 && (await corner('energy')) > 600, 'light canvases');
    await page.emulateMedia({ colorScheme: 'dark' });
    await nextFrames(page, 3);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(contrast(bg, 'rgb(0, 0, 0)') < 1.5, `dark page background ${bg}`);
    const fg = await page.evaluate(() => getComputedStyle(document.body).color);
    assert.ok(contrast(fg, bg) >= 7, `text ${fg} on ${bg}`);
    assert.ok((await corner('scene')) < 150, 'dark scene');
    assert.ok((await corner('energy')) < 150, 'dark energy plot');
    await screenshot(page, 'figure-dark-live-switch', { fullPage: true });
  } finally {
    await context.close();
  }
});

for (const colorScheme of ['light', 'dark']) {
  test(`the scene canvas writes its words in colours of AA contrast (${colorScheme})`, async () => {
    const { page, context } = await openGuarded(browser, { contextOptions: { colorScheme, reducedMotion: 'reduce' } });
    try {
      // The canvas reads these variables (scene.js readColors); axe cannot see into a canvas.
      const colours = await page.evaluate(() => {
        const rgb = (v) => {
          const d = document.createElement('i');
          d.style.color = `var(${v})`;
          document.body.append(d);
          const c = getComputedStyle(d).color;
          d.remove();
          return c.match(/[\d.]+/g).map(Number);
        };
        const out = {};
        for (const v of ['--canvas-bg', '--fg', '--muted', '--penalty-text', '--ipc-text', '--xtilde', '--barrier', '--barrier-text']) out[v] = rgb(v);
        return out;
      });
      const css = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;
      const bg = colours['--canvas-bg'];
      for (const v of ['--fg', '--muted', '--penalty-text', '--ipc-text', '--xtilde']) {
        assert.ok(contrast(css(colours[v]), css(bg)) >= 4.5, `${v} ${css(colours[v])} on ${css(bg)}: ${contrast(css(colours[v]), css(bg)).toFixed(2)}`);
      }
      // "barrier active" is written on the translucent barrier band.
      const [r, g, b, a = 1] = colours['--barrier'];
      const band = [r, g, b].map((c, i) => Math.round(a * c + (1 - a) * bg[i]));
      assert.ok(contrast(css(colours['--barrier-text']), css(band)) >= 4.5, `--barrier-text on the band ${css(band)}`);
    } finally {
      await context.close();
    }
  });
}

/** Runs before the page's scripts: every word written on the energy canvas is recorded with
 * its colour and the colour most of its box had just before (what the word sits on). */
function recordEnergyText() {
  const words = [];
  Object.defineProperty(window, '__energyText', { value: words });
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (s, x, y, ...rest) {
    if (this.canvas.id === 'energy' && String(s).trim()) {
      const m = this.measureText(s);
      const t = this.getTransform();
      const corners = [
        [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
        [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
        [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
        [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
      ].map(([u, v]) => [t.a * u + t.c * v + t.e, t.b * u + t.d * v + t.f]);
      const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
      const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
      const x1 = Math.min(this.canvas.width, Math.ceil(Math.max(...corners.map((c) => c[0]))));
      const y1 = Math.min(this.canvas.height, Math.ceil(Math.max(...corners.map((c) => c[1]))));
      if (x1 > x0 && y1 > y0) {
        const px = this.getImageData(x0, y0, x1 - x0, y1 - y0).data;
        const count = new Map();
        for (let i = 0; i < px.length; i += 4) {
          const k = `rgb(${px[i]}, ${px[i + 1]}, ${px[i + 2]})`;
          count.set(k, (count.get(k) ?? 0) + 1);
        }
        const under = [...count].sort((a, b) => b[1] - a[1])[0][0];
        words.push({ text: String(s), color: String(this.fillStyle), under });
      }
    }
    return fillText.call(this, s, x, y, ...rest);
  };
}

/** "#rrggbb" or "rgba(r, g, b, a)" as "rgb(r, g, b)". */
function rgbOf(c) {
  if (c.startsWith('#')) return `rgb(${[1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)).join(', ')})`;
  return `rgb(${c.match(/[\d.]+/g).slice(0, 3).join(', ')})`;
}

for (const colorScheme of ['light', 'dark']) {
  test(`the energy plot writes every word in AA contrast with what it sits on (${colorScheme})`, async () => {
    const { page, context } = await openGuarded(browser, { contextOptions: { colorScheme, reducedMotion: 'reduce', deviceScaleFactor: 2 } });
    try {
      await context.addInitScript(recordEnergyText);
      await page.reload();
      await page.evaluate(() => window.ipcWall.ready);
      // The impact step (x̃ = 0.55 m, behind the wall): both models' iterates are numbered,
      // the barrier's ∞, d̂ and the penalty bump's height are written.
      for (let i = 0; i < 11; i++) await page.evaluate(() => window.ipcWall.step());
      await nextFrames(page, 3);
      // And x̃ dragged to just inside the wall: the minimizers' labels move.
      await page.evaluate(() => window.ipcWall.setXTilde(0.506));
      await nextFrames(page, 3);
      // A d̂ wide enough to be labelled on its band.
      await page.evaluate(() => window.ipcWall.set({ dhat: 0.005 }));
      await page.evaluate(() => window.ipcWall.setXTilde(0.51));
      await nextFrames(page, 3);
      const words = await page.evaluate(() => window.__energyText.slice());
      const vars = await page.evaluate(() => {
        const cs = getComputedStyle(document.documentElement);
        return { pen: cs.getPropertyValue('--penalty-text').trim(), ipc: cs.getPropertyValue('--ipc-text').trim() };
      });
      const texts = words.map((w) => w.text);
      for (const must of ['∞', 'd̂', '1', '2']) assert.ok(texts.includes(must), `"${must}" was drawn: ${texts.join(' | ')}`);
      // Numbers of iterates in each model's own (text) colour, which the page also uses.
      const colours = new Set(words.map((w) => rgbOf(w.color)));
      assert.ok(colours.has(rgbOf(vars.ipc)) && colours.has(rgbOf(vars.pen)), [...colours].join(' '));
      const low = words
        .map((w) => ({ ...w, ratio: contrast(rgbOf(w.color), w.under) }))
        .filter((w) => w.ratio < 4.5)
        .map((w) => `"${w.text}" ${w.color} on ${w.under}: ${w.ratio.toFixed(2)}`);
      assert.deepEqual(low, []);
    } finally {
      await context.close();
    }
  });
}
