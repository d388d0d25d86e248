// The panels below the figure draw only on screen (issue 13): while the reader drags a slider
// at the top of the page, the timeline, the regime map and the trace's rows far below are not
// drawn again; scrolled into view, each is drawn once and shows the throw as it is now. Off
// screen, the regime map's section is not even touched, but for the one caption that says k.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage } from './harness.mjs';
import { slowDrag } from './guarded.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function nextFrames(page, n = 2) {
  await page.evaluate((n) => new Promise((r) => {
    const tick = (k) => (k ? requestAnimationFrame(() => tick(k - 1)) : r());
    tick(n);
  }), n);
}

const draws = (page) => page.evaluate(() => window.ipcWall.__draws());
/** The energy plot's picture, as a data URL. */
const energyPixels = (page) => page.evaluate(() => document.getElementById('energy').toDataURL());

/** Whether element `id` is at least `margin` CSS px below the viewport. */
const below = (page, id, margin) => page.evaluate(([id, margin]) => document.getElementById(id).getBoundingClientRect().top > innerHeight + margin, [id, margin]);

/** Drags slider `id`'s thumb with the mouse from its place to `to` (a fraction of the track). */
async function dragSlider(page, id, to) {
  const box = await page.locator(id).boundingBox();
  const from = Number(await page.locator(id).evaluate((e) => (e.value - e.min) / (e.max - e.min)));
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  for (let k = 1; k <= 12; k++) await page.mouse.move(box.x + box.width * (from + ((to - from) * k) / 12), y, { steps: 2 });
  await page.mouse.up();
}

const dragV0 = (page, to) => dragSlider(page, '#p-v0', to);

test('a slider dragged with the mouse draws no panel off screen; scrolled into view, each draws once and is current', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
    await page.evaluate(() => window.ipcWall.runToEnd());
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#p-v0').scrollIntoViewIfNeeded();
    await nextFrames(page, 4);
    for (const id of ['trace', 'timeline', 'regime']) assert.ok(await below(page, id, 150), `#${id} is off screen`);
    const v0Before = (await page.evaluate(() => window.ipcWall.getState())).params.v0;
    const before = await draws(page);
    await page.evaluate(() => (window.__rows = document.querySelector('#trace-table tbody')));
    await dragV0(page, 0.9);
    await nextFrames(page, 4);
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 4);
    assert.notEqual(s.params.v0, v0Before, 'the drag moved v0');
    const dragged = await draws(page);
    assert.ok(dragged.scene > before.scene, 'the scene, on screen, followed the drag');
    for (const id of ['timeline', 'regime-left', 'regime-right']) assert.equal(dragged[id], before[id], `${id} not drawn off screen`);
    assert.ok(await page.evaluate(() => window.__rows === document.querySelector('#trace-table tbody')), 'the trace rows were not rebuilt off screen');

    // Scrolled into view: drawn once, with this throw.
    await page.locator('#timeline').scrollIntoViewIfNeeded();
    await nextFrames(page, 4);
    const shown = await draws(page);
    assert.equal(shown.timeline, (dragged.timeline ?? 0) + 1, 'the timeline drawn once');
    const rows = await page.$$eval('#trace-table tbody tr td[data-field="distance"]', (tds) => tds.map((td) => Number(td.dataset.v)));
    const core = await page.evaluate(() => window.ipcWall.iterates('ipc', 0).map((it) => it.distance));
    assert.deepEqual(rows, core, 'the trace shows the latest step of the new throw');
    assert.match(await page.locator('#trace-step').getAttribute('aria-valuetext'), new RegExp(`^Step ${s.ipc.steps} of ${s.ipc.steps}`));
    // The timeline maps this throw: a click at its right end picks the new throw's last step.
    const box = await page.locator('#timeline').boundingBox();
    await page.mouse.click(box.x + box.width - 13, box.y + box.height / 2);
    assert.equal((await page.evaluate(() => window.ipcWall.trace())).step, s.ipc.steps);
    await page.locator('#regime canvas').first().scrollIntoViewIfNeeded();
    await nextFrames(page, 4);
    const map = await draws(page);
    assert.equal(map['regime-left'], (dragged['regime-left'] ?? 0) + 1, 'the map drawn once, with the crosshair at the new v0');
    await nextFrames(page, 10);
    assert.deepEqual(await draws(page), map, 'then nothing more');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('dragging k with the mouse, the regime section off screen changes only the caption that says k', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 60_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#p-k').scrollIntoViewIfNeeded();
    await nextFrames(page, 4);
    assert.ok(await below(page, 'regime', 150), '#regime is off screen');
    const kBefore = (await page.evaluate(() => window.ipcWall.getState())).params.k;
    // Every change to the section's DOM: its element (by its map's canvas and class) and kind.
    await page.evaluate(() => {
      window.__mutations = [];
      window.__observer = new MutationObserver((records) => {
        for (const r of records) {
          const e = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
          const map = e.closest('figure.map')?.querySelector('canvas')?.id ?? 'section';
          window.__mutations.push(`${map} ${e.tagName.toLowerCase()}.${e.className} ${r.type}${r.attributeName ? ` ${r.attributeName}` : ''}`);
        }
      });
      window.__observer.observe(document.getElementById('regime'), { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await dragSlider(page, '#p-k', 0.9);
    await nextFrames(page, 4);
    const mutations = await page.evaluate(() => {
      window.__observer.takeRecords();
      window.__observer.disconnect();
      return window.__mutations;
    });
    const k = (await page.evaluate(() => window.ipcWall.getState())).params.k;
    assert.notEqual(k, kBefore, 'the drag moved k');
    // Needed off screen: the words that follow k (the left panel, penalty, says k; the right,
    // IPC, does not) and the cells (the API's map is the new k's). Nothing drawn, no legend or
    // status rebuilt, no text or attribute written again unchanged.
    assert.ok(mutations.length > 0, 'the caption followed k');
    assert.deepEqual([...new Set(mutations)], ['regime-left span.map-params characterData']);
    const caption = await page.evaluate(async (k) => {
      const { t, fmtPow, withUnit } = await import('./www/i18n.js');
      return t('regime.caption.penalty', { k: withUnit(fmtPow(k, 3), 'N/m') });
    }, k);
    assert.equal(await page.locator('#regime figure.map .map-params').first().textContent(), caption);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test("the figure's own panels: a call that changes nothing (pause, a step after the end) draws nothing and rewrites no word", async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800 });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 10);
    const before = await draws(page);
    assert.ok(before.scene > 0 && before.energy > 0);
    const seen = await page.evaluate(async () => {
      const records = [];
      const mo = new MutationObserver((list) => records.push(...list.map((m) => `${m.type} #${m.target.id || m.target.parentElement?.id} ${m.attributeName ?? ''}`)));
      // The scene and its words, the transport, the energy plot and its readouts, the cards,
      // the live region, the three numbers.
      for (const part of document.querySelectorAll('.stage, .transport, .work, .cards, #announce, #numbers')) {
        mo.observe(part, { subtree: true, attributes: true, childList: true, characterData: true });
      }
      const state = JSON.stringify(window.ipcWall.getState());
      window.ipcWall.pause();
      const same = JSON.stringify(window.ipcWall.step()) === state;
      await new Promise((r) => setTimeout(r, 1000));
      mo.disconnect();
      return { same, records };
    });
    assert.ok(seen.same, 'a step after the end changes nothing');
    assert.deepEqual(seen.records, [], 'no readout written again');
    const after = await draws(page);
    assert.equal(after.scene, before.scene, 'the scene not drawn again');
    assert.equal(after.energy, before.energy, 'the energy plot not drawn again');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('dragging k with the mouse, the live table off screen is not written; on screen it shows the new k’s rows', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.locator('.article-table').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.article-table tbody tr').length === 6);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#p-k').scrollIntoViewIfNeeded();
    await nextFrames(page, 4);
    assert.ok(await page.evaluate(() => document.querySelector('.article-table').getBoundingClientRect().top > innerHeight + 150), 'the table is off screen');
    const xs = () => page.$$eval('.article-table td', (tds) => tds.map((td) => Number(td.dataset.xmaxMinusWall)));
    const shownBefore = await xs();
    await page.evaluate(() => {
      window.__tableMutations = 0;
      window.__tableObserver = new MutationObserver((r) => (window.__tableMutations += r.length));
      window.__tableObserver.observe(document.querySelector('.article-table'), { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await dragSlider(page, '#p-k', 0.9);
    await nextFrames(page, 4);
    // What Copy gives follows k off screen (the API's table is the new k's) ...
    const want = await page.evaluate(() => window.ipcWall.table().map((r) => r.xmax_minus_wall_m));
    assert.notDeepEqual(want, shownBefore, 'the drag changed the rows');
    const written = await page.evaluate(() => {
      window.__tableObserver.takeRecords();
      window.__tableObserver.disconnect();
      return window.__tableMutations;
    });
    // ... but nothing is written into the page while nobody sees it.
    assert.equal(written, 0, 'the table not written off screen');
    assert.deepEqual(await xs(), shownBefore);
    // Scrolled into view: the new rows (from the worker, which may answer a few frames later).
    await page.locator('.article-table').scrollIntoViewIfNeeded();
    await page.waitForFunction((w) => JSON.stringify([...document.querySelectorAll('.article-table td')].map((td) => Number(td.dataset.xmaxMinusWall))) === w, JSON.stringify(want), { timeout: 15000 }).catch(() => {});
    assert.deepEqual(await xs(), want);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the energy plot keeps the frames of its latest windows: two steps shown in turn draw each frame once, and look as they did', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    const last = await page.evaluate(() => window.ipcWall.getState().step);
    /** Step `step` on the plot: its window, the frames drawn so far, and the picture. */
    const show = async (step) => {
      await page.evaluate((s) => window.ipcWall.showStep(s), step);
      await nextFrames(page, 2);
      const { x0, x1 } = await page.evaluate(() => window.ipcWall.energyView());
      return { window: [x0, x1], frames: (await draws(page))['energy-frame'], pixels: await energyPixels(page) };
    };
    const first = [await show(1), await show(last)];
    assert.notDeepEqual(first[0].window, first[1].window, 'the first step and the last have windows of their own');
    for (let round = 0; round < 3; round++) {
      for (const [i, step] of [1, last].entries()) {
        const again = await show(step);
        assert.equal(again.frames, first[1].frames, `step ${step} again: its frame copied, not drawn`);
        assert.ok(again.pixels === first[i].pixels, `step ${step} again looks as it did`);
      }
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('dragging k with the mouse, the energy plot is drawn over its kept axes and legend, and looks as if drawn whole', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.pause());
    await nextFrames(page, 4);
    // Strokes on the plot's canvas: each costs the canvas a path of its own.
    await page.evaluate(() => {
      window.__strokes = 0;
      const stroke = CanvasRenderingContext2D.prototype.stroke;
      CanvasRenderingContext2D.prototype.stroke = function (...args) {
        if (this.canvas.id === 'energy') window.__strokes += 1;
        return stroke.apply(this, args);
      };
    });
    const before = await draws(page);
    await dragSlider(page, '#p-k', 0.9);
    await page.locator('#p-k').press('ArrowLeft');
    await page.evaluate(() => window.ipcWall.pause());
    await nextFrames(page, 4);
    const dragged = await draws(page);
    const plots = dragged.energy - before.energy;
    const frames = (dragged['energy-frame'] ?? 0) - (before['energy-frame'] ?? 0);
    assert.ok(plots >= 8, `the plot followed the drag (${plots} drawings)`);
    assert.ok(frames * 3 <= plots, `axes and legend drawn again only when they changed (${frames} of ${plots})`);
    // The wall's hatching is kept with the axes, and a dashed line (the penalty curve, x̃) is
    // one path the canvas dashes: a dozen strokes a drawing, not one per dash and hatch line.
    const strokes = await page.evaluate(() => window.__strokes);
    assert.ok(strokes <= 16 * plots, `${strokes} strokes in ${plots} drawings`);
    // The last picture, over a frame kept from an earlier k, equals the same throw drawn
    // whole on a fresh page, pixel for pixel.
    const { params, step } = await page.evaluate(() => window.ipcWall.getState());
    assert.ok((await energyPixels(page)) === (await thrownTo({ k: params.k }, step)).energy, 'the picture over the kept frame equals the one drawn whole');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('dragging k with the mouse, the page writes no attribute unchanged and replaces no text: words change in place', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await nextFrames(page, 4);
    await page.evaluate(() => {
      window.__writes = [];
      const name = (n) => {
        const e = n.nodeType === Node.ELEMENT_NODE ? n : n.parentElement;
        return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${typeof e.className === 'string' ? e.className.split(' ')[0] : ''}`;
      };
      window.__writesObserver = new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'childList') window.__writes.push(`children of ${name(r.target)}`);
          else if (r.target.getAttribute(r.attributeName) === r.oldValue) window.__writes.push(`${r.attributeName} of ${name(r.target)}, unchanged`);
        }
      });
      window.__writesObserver.observe(document.body, { subtree: true, childList: true, attributes: true, attributeOldValue: true });
    });
    const kBefore = (await page.evaluate(() => window.ipcWall.getState())).params.k;
    await dragSlider(page, '#p-k', 0.5);
    await nextFrames(page, 4);
    const writes = await page.evaluate(() => {
      window.__writesObserver.takeRecords();
      window.__writesObserver.disconnect();
      return [...new Set(window.__writes)];
    });
    assert.notEqual((await page.evaluate(() => window.ipcWall.getState())).params.k, kBefore, 'the drag moved k');
    assert.deepEqual(writes, []);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test("loaded and still, each of the figure's canvases is drawn once: the observer's first report of the size measured at mount draws nothing again", async () => {
  // Sizes in vw are fractions of a pixel (the scene is 12vw + 80 = 233.6 px tall at 1280 px).
  // Measured in whole pixels they differed from the observer's first report, and the scene
  // (static layers too) could be drawn again: it was at 390 px.
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const { page, context, consoleErrors } = await openPage(browser, { width, height, dpr: 2, reducedMotion: 'reduce' });
    try {
      await nextFrames(page, 10);
      const d = await draws(page);
      const scene = await page.evaluate(() => window.ipcWall.__scene());
      assert.deepEqual([d.scene, scene.staticDraws, d.energy, d['energy-frame']], [1, 1, 1, 1], `${width} px: scene, its static layers, plot, its frame`);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  }
});

test('a new k or κ before the ball reaches the wall draws the energy plot again, not the scene: its picture, drawn whole, is the same', async () => {
  // The throw restarts, but its first steps are free flight, alike for every stiffness: the
  // scene's 2–3 Mpx canvas would be drawn and sent to the screen again for nothing.
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, dpr: 2, reducedMotion: 'reduce' });
  try {
    await nextFrames(page, 4);
    const pixels = () => page.evaluate(() => document.getElementById('scene').toDataURL());
    const picture = await pixels();
    const before = await draws(page);
    for (const p of [{ k: 1e6 }, { kappa: 1e6 }, { k: 1e8, kappa: 10 }]) {
      await page.evaluate((p) => window.ipcWall.set(p), p);
      await nextFrames(page, 2);
    }
    const after = await draws(page);
    assert.equal(after.energy, before.energy + 3, 'the plot, whose curves moved, drawn for each');
    assert.equal(after.scene, before.scene, 'the scene not drawn again');
    // Drawn whole (the theme switched away and back): the same picture as the one kept.
    for (const colorScheme of ['dark', 'light']) {
      await page.emulateMedia({ colorScheme });
      await nextFrames(page, 4);
    }
    assert.equal((await draws(page)).scene, before.scene + 2, 'drawn for each theme');
    assert.ok((await pixels()) === picture, 'the kept picture is the throw at the new k and κ');
    // A new d̂ changes the picture (the barrier's band in the inset): drawn.
    await page.evaluate(() => window.ipcWall.set({ dhat: 0.002 }));
    await nextFrames(page, 2);
    assert.equal((await draws(page)).scene, before.scene + 3, 'a new d̂ draws the scene');
    assert.ok((await pixels()) !== picture);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('on a small phone scrolled down to the sliders, the scene above the screen is not drawn; back on screen it draws once, current', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 360, height: 640, locale: 'en-US' });
  const texts = (p) => p.evaluate(() => window.ipcWall.__scene().boxes.map((b) => b.text).join(' | '));
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 3);
    const first = await texts(page);
    // The scene's bottom 200 px above the screen (the loop counts 100 px ahead), d̂ on screen.
    await page.evaluate(() => window.scrollTo(0, window.scrollY + document.getElementById('scene').getBoundingClientRect().bottom + 200));
    await nextFrames(page, 3);
    const onScreen = (id) => page.evaluate((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    }, id);
    assert.ok(await onScreen('p-dhat'), 'the d̂ slider on screen');
    const before = await draws(page);
    await dragSlider(page, '#p-dhat', 0.8);
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page, 4);
    const dragged = await draws(page);
    assert.equal(dragged.scene, before.scene, 'the scene above the screen is not drawn');
    assert.ok(dragged.energy > before.energy, 'the energy plot, on screen, follows d̂');
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextFrames(page, 4);
    assert.equal((await draws(page)).scene, dragged.scene + 1, 'back on screen, the scene draws once');
    const back = await texts(page);
    assert.notEqual(back, first, 'a new d̂ changes what the scene says');
    // The same words as a page that threw at this d̂ from the start.
    const { dhat } = (await page.evaluate(() => window.ipcWall.getState())).params;
    const fresh = await openPage(browser, { width: 360, height: 640, locale: 'en-US' });
    try {
      await fresh.page.evaluate((dhat) => {
        window.ipcWall.set({ dhat });
        window.ipcWall.runToEnd();
      }, dhat);
      await nextFrames(fresh.page, 3);
      assert.equal(back, await texts(fresh.page), 'the scene shows the throw of now');
    } finally {
      await fresh.context.close();
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

/** The figure's words that follow the throw: the clock, the cards, the plot's readouts. */
const WORDS = ['clock-time', 'penalty-outcome', 'penalty-detail', 'penalty-newton', 'ipc-outcome', 'ipc-detail', 'ipc-newton', 'xt-value', 'min-penalty', 'min-ipc', 'energy-mode'];
const words = (page) => page.evaluate((ids) => ids.map((id) => `${id}: ${document.getElementById(id).textContent}`), WORDS);
const traceWords = (page) => page.evaluate(() => document.querySelector('.trace-step-label').textContent);

/** The figure's words and the trace's step label on a fresh page (1280 px, English) that
 * threw at `params` and took `step` steps. */
async function thrownTo(params, step) {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    await page.evaluate(async ([params, step]) => {
      await window.ipcWall.ready;
      window.ipcWall.set(params);
      // Paused at step 0 too: the throw a new parameter starts would play on.
      window.ipcWall.pause();
      for (let i = 0; i < step; i++) window.ipcWall.step();
    }, [params, step]);
    await nextFrames(page, 2);
    return { figure: await words(page), trace: await traceWords(page), energy: await energyPixels(page) };
  } finally {
    await context.close();
  }
}

test('while a slider is held, the figure’s words are rewritten at most ten times a second; let go, they say the throw of now', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US' });
  try {
    // 1 ms steps: at the default pace the throw takes a step or more every other frame, and
    // its words change with each.
    await page.evaluate(() => window.ipcWall.set({ h: 0.001 }));
    await nextFrames(page, 4);
    await page.evaluate((ids) => {
      // One callback per batch of writes: a frame's words come in one.
      window.__wordWrites = [];
      const watch = new MutationObserver(() => window.__wordWrites.push(performance.now()));
      for (const id of ids) watch.observe(document.getElementById(id), { subtree: true, childList: true, characterData: true });
    }, WORDS);
    const box = await page.locator('#p-k').boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.evaluate(() => (window.__wordWrites.length = 0));
    // A move a frame, then the slider held still while the throw plays (its words change at
    // every step), then moves again.
    const moves = async (from, to) => {
      for (let i = 1; i <= 10; i++) {
        await page.mouse.move(box.x + box.width * (from + ((to - from) * i) / 10), y);
        await nextFrames(page, 1);
      }
    };
    await moves(0.3, 0.5);
    await page.waitForTimeout(1500);
    await moves(0.5, 0.4);
    const held = await page.evaluate(() => window.__wordWrites.splice(0));
    await page.mouse.up();
    await page.evaluate(() => window.ipcWall.pause());
    await nextFrames(page, 2);
    const gaps = held.slice(1).map((t, i) => t - held[i]);
    assert.ok(held.length >= 10, `the words follow the throw while the slider is held (${held.length} writes)`);
    // The loop's clock and the observer's differ by a frame's work at most.
    assert.ok(Math.min(...gaps) >= 90, `writes ${gaps.map(Math.round).join(', ')} ms apart`);
    // Let go (and paused), the words are those of a page that threw at this k to this step.
    const { params, step } = await page.evaluate(() => window.ipcWall.getState());
    assert.deepEqual(await words(page), (await thrownTo({ k: params.k, h: 0.001 }, step)).figure);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('on a device judged slow, while the throw plays, the words of each step are written at most ten times a second; paused, they say the throw of now', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, locale: 'en-US', dpr: 2 });
  const cdp = await context.newCDPSession(page);
  try {
    // A drag at 6× CPU: its frames come late, and the page is judged slow for its life, so its
    // motion is in draft (www/draw.js) from then on, at full speed too.
    await slowDrag(page, cdp, 6);
    await page.evaluate(() => window.ipcWall.pause());
    await nextFrames(page, 8);
    // 1 ms steps: the throw takes a step or more every other frame, and its words change with each.
    await page.evaluate(() => window.ipcWall.set({ h: 0.001 }));
    await nextFrames(page, 4);
    await page.evaluate((ids) => {
      // One callback per batch of writes: a frame's words come in one.
      window.__writes = { figure: [], trace: [] };
      const watch = (list, nodes) => {
        const seen = new MutationObserver(() => list.push(performance.now()));
        for (const n of nodes) seen.observe(n, { subtree: true, childList: true, characterData: true, attributes: true });
      };
      watch(window.__writes.figure, ids.map((id) => document.getElementById(id)));
      watch(window.__writes.trace, [document.querySelector('.trace-step-label')]);
      window.ipcWall.play();
    }, WORDS);
    await page.waitForTimeout(1500);
    const { writes, playing, draft } = await page.evaluate(() => ({
      writes: window.__writes,
      playing: document.getElementById('play').getAttribute('aria-pressed'),
      draft: document.getElementById('scene').width / document.getElementById('scene').clientWidth,
    }));
    await page.evaluate(() => window.ipcWall.pause());
    await nextFrames(page, 2);
    assert.equal(playing, 'true', 'the throw still plays');
    assert.ok(Math.abs(draft - 1) < 0.01, `the picture moves in draft (${draft} backing px per CSS px)`);
    for (const [name, times] of Object.entries(writes)) {
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      assert.ok(times.length >= 8, `the ${name}'s words follow the throw (${times.length} writes)`);
      // The loop's clock and the observer's differ by a frame's work at most.
      assert.ok(Math.min(...gaps) >= 90, `the ${name}'s words written ${gaps.map(Math.round).join(', ')} ms apart`);
    }
    // Paused, the words are those of a page that threw at these parameters to this step.
    const { params, step } = await page.evaluate(() => window.ipcWall.getState());
    // The drag changed h alone, and h is set again.
    const fresh = await thrownTo({ h: params.h }, step);
    assert.deepEqual(await words(page), fresh.figure);
    assert.equal(await traceWords(page), fresh.trace);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
