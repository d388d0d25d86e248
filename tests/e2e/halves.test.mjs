// Both halves of the guarantee (issue 12): a switch adds the barrier without CCD and CCD
// without the barrier to the article's two balls. At the defaults the reader sees the red and
// the blue (barrier alone) ball go through, the amber (CCD alone) one stuck to the front face
// with a gap of exactly 0, and the green one 24.0 µm short; the energy plot and the trace show
// why; the switch and the CCD safety factor travel in the link.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser, openPage, articleServer, articlePage, figureFrame, RECORD_MESSAGES, screenshot } from './harness.mjs';
import { openGuarded, nextFrames, waitReady } from './guarded.mjs';

const FOUR = ['penalty', 'ipc', 'barrier-alone', 'ccd-alone'];

const browser = useBrowser();

/** Which cards the reader can see, by model. */
async function visibleCards(page) {
  return page.evaluate(() => [...document.querySelectorAll('.cards .card')].filter((c) => !c.hidden && c.offsetParent).map((c) => c.dataset.model));
}

test('the switch throws four balls with four cards; at the defaults two go through, CCD alone touches, IPC stops 24.0 µm short', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    assert.deepEqual(await visibleCards(page), ['penalty', 'ipc']);
    assert.equal(await page.locator('#halves').isChecked(), false);
    await page.locator('#halves').click();
    await nextFrames(page);
    assert.deepEqual(await visibleCards(page), FOUR);
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal(s.halves, true);
    assert.deepEqual(s.models, FOUR);
    assert.equal(s.penalty.outcome, 'through');
    assert.equal(s['barrier-alone'].outcome, 'through');
    assert.equal(s['ccd-alone'].outcome, 'stopped');
    assert.equal(s['ccd-alone'].xmax_minus_wall_m, 0, 'a gap of exactly 0');
    assert.equal(s['ccd-alone'].touching, true);
    assert.equal(s['ccd-alone'].converged, false);
    assert.equal(s.ipc.outcome, 'stopped');
    assert.equal((-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
    await nextFrames(page);
    // The cards say it too.
    assert.equal(await page.locator('#card-barrier-alone').getAttribute('data-outcome'), 'through');
    assert.equal(await page.locator('#card-ccd-alone').getAttribute('data-outcome'), 'stopped');
    assert.match(await page.locator('#barrier-alone-outcome').textContent(), /went through/);
    assert.match(await page.locator('#ccd-alone-newton').textContent(), /59 at most/);
    assert.match(await page.locator('#timeline-hint').textContent(), /blue: barrier alone; amber dotted: CCD alone/);
    assert.equal(await page.locator('#ccd-alone-detail').textContent(), 'touching the front face: a gap of exactly 0');
    assert.match(await page.locator('#ipc-detail').textContent(), /closest gap 24\.0\s?µm/);
    // Each new card and trace button has its own marker shape and colour.
    const marks = await page.evaluate(() =>
      ['barrier-alone', 'ccd-alone'].map((m) => {
        const s = getComputedStyle(document.querySelector(`#card-${m} .shape`));
        return [s.backgroundColor, s.clipPath];
      }),
    );
    assert.notEqual(marks[0][0], marks[1][0]);
    assert.notEqual(marks[0][1], marks[1][1], 'square and triangle');
    assert.match(await page.locator('#scene').getAttribute('aria-label'), /Barrier alone: went through.*CCD alone: stopped, touching the front face/);
    // Under the energy plot, every ball's minimizer at its impact step: the halves' rows too.
    const readouts = await page.locator('.minimizers').innerText();
    assert.match(readouts, /barrier-alone minimizer\s+0\.5500\sm\s·\s27\smm behind the wall/);
    assert.match(readouts, /CCD-alone minimizer\s+0\.5030\sm\s·\son the front face/);
    for (const id of ['#min-barrier-alone', '#min-ccd-alone']) {
      const box = await page.locator(id).boundingBox();
      assert.ok(box && box.width > 100 && box.height > 10, `${id} is shown: ${JSON.stringify(box)}`);
    }
    // The inset says where the CCD-alone ball is: on the face, not "0.0 µm inside".
    const ccdLabels = await page.evaluate(() => window.ipcWall.__scene().boxes.filter((b) => b.model === 'ccd-alone' && b.text).map((b) => b.text));
    assert.ok(ccdLabels.includes('on the face'), `CCD alone's labels: ${ccdLabels}`);
    assert.ok(!ccdLabels.some((s) => /inside/.test(s)), `CCD alone's labels: ${ccdLabels}`);
    await screenshot(page, 'halves-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await nextFrames(page);
    await screenshot(page, 'halves-390');
    // Four balls fit a phone: nothing scrolls sideways; the trace offers the four.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth));
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#trace .seg button')].map((b) => b.dataset.model)), FOUR);
    // Off again: the article's two.
    await page.locator('#halves').click();
    await nextFrames(page);
    assert.deepEqual(await visibleCards(page), ['penalty', 'ipc']);
    assert.equal(await page.locator('#trace .seg button').count(), 2);
    const off = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(off.halves, false);
    assert.equal(off['ccd-alone'], undefined);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('played at the reader’s pace, the throw ends as soon as the glued CCD-alone ball is all that is left', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser);
  try {
    await page.locator('#halves').click();
    await page.evaluate(() => window.ipcWall.play());
    // Until the IPC ball is decided the throw plays at its pace; from then on only the
    // CCD-alone ball is left, at rest on the face, and its ~100 steps to the cap show nothing.
    await page.waitForFunction(() => window.ipcWall.getState().ipc.outcome === 'stopped', null, { timeout: 60_000 });
    await nextFrames(page, 3);
    const s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s['ccd-alone'].outcome, 'stopped', `decided at step ${s.step}`);
    assert.ok(s['ccd-alone'].steps > 100, 'it did take its steps to the cap');
    assert.equal(s['ccd-alone'].xmax_minus_wall_m, 0);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the preset "The barrier alone is not enough" turns the switch on at 5 m/s and says what each ball did', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { query: '?v0=2', contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.locator('[data-preset="halves"]').click();
    await page.waitForFunction(() => document.querySelector('#preset-verdict').dataset.verdict === 'ok');
    const s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s.params.v0, 5);
    assert.equal(s.halves, true);
    assert.equal(await page.locator('#halves').isChecked(), true);
    const verdict = await page.locator('#preset-verdict').textContent();
    assert.match(verdict, /^✓ Reproduced here: the red ball went through; the green ball stopped 24\.0\s?µm from the wall/);
    assert.match(verdict, /the blue ball \(barrier alone\) went through/);
    assert.match(verdict, /the amber ball \(CCD alone\) never crossed the face but stuck to it, a gap of exactly 0, with Newton at its cap of 59 iterations/);
    // From this very throw: slow it down and the same preset's words change with it.
    await page.evaluate(() => window.ipcWall.set({ kappa: 1 }));
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    assert.equal(await page.locator('[data-preset="halves"]').getAttribute('aria-pressed'), 'false', 'κ = 1 is not the preset');
    // Spanish.
    await page.locator('#lang-switch').click();
    await page.locator('[data-preset="halves"]').click();
    await page.waitForFunction(() => document.querySelector('#preset-verdict').dataset.verdict === 'ok');
    assert.match(await page.locator('#preset-verdict').textContent(), /la pelota azul \(barrera sola\) atravesó la pared/);
    assert.equal(await page.locator('[data-preset="halves"]').textContent(), 'La barrera sola no basta');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the energy plot shows four curves; at its impact step the barrier alone has its minimizer behind the wall', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { query: '?halves=1', contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    const v = await page.evaluate(() => window.ipcWall.energyView());
    assert.deepEqual(Object.keys(v.models), FOUR);
    const p = (await page.evaluate(() => window.ipcWall.getState())).params;
    const b = v.models['barrier-alone'];
    assert.ok(b.step > 0, 'resting on its impact step');
    assert.ok(b.minimizer > p.wall + p.thickness, `barrier alone at ${b.minimizer}: behind the back face`);
    assert.ok(v.models['ccd-alone'].minimizer <= p.wall);
    assert.ok(v.models.ipc.minimizer < p.wall);
    // The behind-the-wall bump is in the window the plot draws.
    assert.ok(v.x1 > p.wall + p.thickness);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the trace of the CCD-alone ball: iterates approach the face geometrically while |∇E| does not go to 0', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { query: '?halves=1', contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    const button = page.locator('#trace [data-model="ccd-alone"]');
    assert.equal(await button.isVisible(), true);
    await button.click();
    await page.locator('#trace-impact').click();
    await nextFrames(page);
    const sel = await page.evaluate(() => window.ipcWall.trace());
    assert.equal(sel.model, 'ccd-alone');
    const its = await page.evaluate((step) => window.ipcWall.iterates('ccd-alone', step), sel.step);
    assert.equal(its.length, 59);
    // Each clipped step keeps the same fraction of the distance, and the gradient stays.
    const d = its.map((it) => it.distance).filter((x) => x > 0);
    const r = d.slice(1).map((x, i) => x / d[i]);
    assert.ok(r.length >= 5, `${r.length} ratios`);
    for (const q of r.slice(0, 5)) assert.ok(Math.abs(q - r[0]) < 1e-6 && q < 1, `ratio ${q}`);
    const g = its.map((it) => Math.abs(it.gradient));
    assert.ok(g.at(-1) > 0.5 * g[0], `|∇E| from ${g[0]} to ${g.at(-1)}`);
    assert.equal(its.at(-1).converged, false);
    const summary = await page.locator('#trace-summary').textContent();
    assert.match(summary, /without converging/);
    // ≈ 1 − s of the distance (the last ratios round off as the distance nears 0).
    const kept = Number(summary.match(/keeps (\d+) % of the distance/)?.[1]);
    assert.ok(kept >= 10 && kept <= 12, summary);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the link round trip: halves=1&ccd_safety=0.8 restores the switch and the slider, and is written back', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { query: '?halves=1&ccd_safety=0.8', contextOptions: { reducedMotion: 'reduce' } });
  try {
    const s = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(s.halves, true);
    assert.equal(s.params.ccd_safety, 0.8);
    assert.equal(await page.locator('#halves').isChecked(), true);
    assert.match(await page.locator('#p-ccd_safety-value').textContent(), /^0\.8$/);
    assert.equal(await page.locator('#note').isVisible(), false);
    // Changing a parameter rewrites the address: it keeps the switch and s.
    await page.evaluate(() => window.ipcWall.set({ v0: 10 }));
    await page.waitForFunction(() => location.search.includes('v0=10'));
    const q = new URLSearchParams(await page.evaluate(() => location.search));
    assert.equal(q.get('halves'), '1');
    assert.equal(q.get('ccd_safety'), '0.8');
    // set() and postMessage carry the switch.
    await page.evaluate(() => window.ipcWall.set({ halves: false }));
    assert.equal((await page.evaluate(() => window.ipcWall.getState())).halves, false);
    await page.waitForFunction(() => !location.search.includes('halves'));
    await assert.rejects(page.evaluate(() => window.ipcWall.set({ halves: 'yes' })), /halves must be true or false/);
    // The slider moves s: one step right of 0.8 from the keyboard, then dragged past its
    // right end with the mouse, the core's largest, 0.99.
    const slider = page.locator('#p-ccd_safety');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal((await page.evaluate(() => window.ipcWall.getState())).params.ccd_safety, 0.81);
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    const thumb = box.x + box.width * ((0.81 - 0.5) / 0.49);
    await page.mouse.move(thumb, box.y + box.height / 2);
    await page.mouse.down();
    for (const f of [0.9, 1, 1.1]) await page.mouse.move(box.x + box.width * f, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.equal((await page.evaluate(() => window.ipcWall.getState())).params.ccd_safety, 0.99);
    assert.match(await page.locator('#p-ccd_safety-value').textContent(), /^0\.99$/);
    // Its ends are the core's range (parameterSpecs), 0.5 to 0.99.
    const ends = await page.evaluate(() => [...document.querySelector('#p-ccd_safety').parentElement.querySelectorAll('.param-ends span')].map((e) => e.textContent));
    assert.deepEqual(ends, ['0.5', '0.99']);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('a bad halves value in the link is named in a note, in both languages', async () => {
  const { page, context } = await openGuarded(browser, { query: '?halves=2&lang=es' });
  try {
    assert.equal(await page.locator('#note').isVisible(), true);
    assert.match(await page.locator('#note-text').textContent(), /halves = “2” \(se admite: 1, 0, true, false\)/);
    assert.equal((await page.evaluate(() => window.ipcWall.getState())).halves, false);
  } finally {
    await context.close();
  }
});

test('the parent frame turns the switch on with ipc-wall:set, and the Embed snippet keeps it (Spanish)', async () => {
  // An article on another origin framing the figure, as in embed.test.mjs.
  const iframe = `<iframe src="${baseUrl}?embed=1&lang=es" title="figura" style="width:900px;height:1400px;border:0"></iframe>`;
  const article = await articleServer(() => articlePage(iframe, { lang: 'es', script: RECORD_MESSAGES }));
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    const page = await context.newPage();
    await page.goto(article.url);
    const frame = await figureFrame(page);
    await waitReady(frame);
    await page.evaluate(() => window.send({ type: 'ipc-wall:set', params: { v0: 10, halves: true } }));
    await frame.waitForFunction(() => window.ipcWall.getState().halves);
    assert.equal((await frame.evaluate(() => window.ipcWall.getState())).params.v0, 10);
    assert.equal(await frame.locator('#card-ccd-alone').isVisible(), true);
    assert.equal(await frame.locator('#halves + span').textContent(), 'Las dos mitades de la garantía');
    await page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:state' && m.state.halves && m.state['ccd-alone']));
    // A bad value is refused as a whole and reported; the switch stays.
    await page.evaluate(() => window.send({ type: 'ipc-wall:set', params: { v0: 1, halves: 'yes' } }));
    await page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:error'));
    assert.match((await page.evaluate(() => window.msgs.find((m) => m.type === 'ipc-wall:error'))).message, /halves = “yes”/);
    const s = await frame.evaluate(() => window.ipcWall.getState());
    assert.deepEqual([s.params.v0, s.halves], [10, true]);
  } finally {
    await context.close();
    await article.close();
  }
  // The Embed snippet of a page with the switch on carries halves=1.
  const { page, context: c2 } = await openGuarded(browser, {
    query: '?halves=1&lang=es',
    contextOptions: { reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] },
  });
  try {
    await page.getByRole('button', { name: 'Insertar', exact: true }).click();
    await page.locator('#share-text').waitFor({ state: 'visible' });
    assert.match(await page.locator('#share-text').inputValue(), /halves=1/);
  } finally {
    await c2.close();
  }
});

test('after a crash, Reset brings the figure back with the switch as it was', async () => {
  // The switch from the link alone, then one parameter set later.
  const { page, context } = await openGuarded(browser, { query: '?halves=1', contextOptions: { reducedMotion: 'reduce' } });
  try {
    assert.match(await page.evaluate(() => window.ipcWall.__panic()), /unreachable|RuntimeError/i);
    await page.locator('#error-banner').waitFor({ state: 'visible', timeout: 2000 });
    await page.locator('#error-reset').click();
    await page.locator('#error-banner').waitFor({ state: 'hidden', timeout: 5000 });
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.deepEqual([s.halves, s.params.v0, s.models.length], [true, 5, 4]);
    await nextFrames(page);
    assert.equal(await page.locator('#card-ccd-alone').isVisible(), true);
    assert.equal(await page.locator('#halves').isChecked(), true);
  } finally {
    await context.close();
  }
});

test('on a phone, the four balls’ energy plot is drawn in both languages (its key shortened to fit)', async () => {
  // A 173–187 px tall plot holds four rows of x̃ labels, its x axis and a legend of two rows
  // at most: the Spanish words once made it refuse to draw ("Bad layout") and stay blank.
  for (const [width, height, dpr, lang] of [[360, 740, 2, 'es'], [390, 844, 3, 'es'], [390, 844, 2, 'en']]) {
    const { page, context, consoleErrors } = await openPage(browser, { width, height, dpr, query: `?halves=1&lang=${lang}` });
    try {
      await page.evaluate(() => window.ipcWall.runToEnd());
      await nextFrames(page, 4);
      const view = await page.evaluate(() => window.ipcWall.energyView());
      assert.equal(Object.keys(view.models).length, 4, 'four balls on the plot');
      assert.deepEqual(consoleErrors, [], `${width}×${height} at dpr ${dpr} in ${lang}`);
      // Drawn: the plot rectangle came back from Rust, and the canvas is not blank.
      assert.ok(view.right - view.left > 100 && view.bottom - view.top > 20, JSON.stringify(view));
      const inked = await page.evaluate(() => {
        const c = document.getElementById('energy');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < d.length; i += 4 * 7) n += d[i] > 0 && (d[i - 3] !== d[3 - 3] || d[i - 2] !== d[1] || d[i - 1] !== d[2]) ? 1 : 0;
        return n;
      });
      assert.ok(inked > 500, `the plot has ink (${inked} samples)`);
    } finally {
      await context.close();
    }
  }
});
