// Beyond the article (issue 4), on the page a reader sees: the live table against the CLI,
// each preset against its claim, the trace panel against the core's own iterates, and the
// regime map against direct throws and a real click.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const browser = useBrowser();

/** The CLI's table as CSV text, at the page's parameters (penalty at k and 100·k). */
function cliCsv(p) {
  const args = ['run', '--release', '--quiet', '--', 'table', '--format', 'csv', '--k', `${p.k},${100 * p.k}`];
  for (const [flag, v] of [
    ['--h', p.h],
    ['--dhat', p.dhat],
    ['--kappa', p.kappa],
    ['--mass', p.mass],
    ['--wall', p.wall],
    ['--thickness', p.thickness],
    ['--ccd-safety', p.ccd_safety],
    ['--tol', p.tol],
    ['--steps', p.steps],
  ]) {
    args.push(flag, String(v));
  }
  return execFileSync('cargo', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
}

function parseCsv(csv) {
  const [head, ...lines] = csv.trim().split('\n');
  assert.equal(head, 'v0,model,k,outcome,xmax_minus_wall_m,newton_max');
  return lines.map((l) => {
    const [v0, model, k, outcome, xm, nm] = l.split(',');
    return { v0: Number(v0), model, k: k === '' ? null : Number(k), outcome, xmax_minus_wall_m: Number(xm), newton_max: Number(nm) };
  });
}

test('the live table equals the CLI’s CSV, number for number, and Copy as CSV gives its very bytes', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The table on screen: off screen its rows are kept for Copy but not written into the page.
    await page.locator('.article-table').scrollIntoViewIfNeeded();
    for (const set of [{}, { h: 0.002, k: 1e8, dhat: 1e-4, kappa: 1e6 }, { h: 0.0003, k: 300, dhat: 0.003, kappa: 10, thickness: 0.005 }]) {
      const p = await page.evaluate((s) => window.ipcWall.set(s).params, set);
      const rows = await page.evaluate(() => window.ipcWall.table());
      const csv = cliCsv(p);
      assert.deepEqual(rows, parseCsv(csv), `table() at ${JSON.stringify(set)}`);
      await nextFrames(page);
      await page.getByRole('button', { name: 'Copy as CSV' }).click();
      assert.equal(await page.locator('#table-copy-text').inputValue(), csv);
      // The page shows the same rows (once the worker's answer is in): each cell carries the
      // exact values it was written from.
      const want = rows.map((r) => ({ model: r.model, outcome: r.outcome, x: r.xmax_minus_wall_m, n: r.newton_max }));
      const cellsOf = (tds) => tds.map((td) => ({ model: td.dataset.model, outcome: td.dataset.outcome, x: Number(td.dataset.xmaxMinusWall), n: Number(td.dataset.newtonMax) }));
      await page
        .waitForFunction((w) => JSON.stringify([...document.querySelectorAll('.article-table td')].map((td) => Number(td.dataset.xmaxMinusWall))) === w, JSON.stringify(want.map((c) => c.x)), { timeout: 15000 })
        .catch(() => {});
      assert.deepEqual(await page.$$eval('.article-table td', cellsOf), want);
    }
    // The article's own rows, as it prints them.
    await page.evaluate(() => window.ipcWall.set({ h: 0.01, k: 1e4, dhat: 1e-3, kappa: 1e4, thickness: 0.02 }));
    // The rows come from the worker, a few frames later on a busy machine.
    await page
      .waitForFunction(() => document.querySelector('.article-table tbody td')?.textContent.replace(/\u00a0/g, ' ') === 'stop 5.00 mm', null, { timeout: 15000 })
      .catch(() => {});
    const text = await page.$$eval('.article-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.replace(/\u00a0/g, ' '))));
    assert.deepEqual(text[0], ['1', 'stop 5.00 mm', 'stop 0.07 mm', 'gap 166.4 µm, newton 8']);
    assert.deepEqual(text[5], ['50', 'through', 'through', 'gap 2.1 µm, newton 12']);
    assert.match(await page.locator('.article-table thead').textContent(), /pen k=1e4.*pen k=1e6.*IPC d̂=1\s?mm/);
    await page.getByRole('button', { name: 'Copy as Markdown' }).click();
    const md = await page.locator('#table-copy-text').inputValue();
    assert.match(md, /^wall at 0\.503\s?m, thickness 20\s?mm, h = 10\s?ms\n/);
    assert.match(md, /\| 5 \| through \| through \| gap 24\.0\s?µm, newton\s?9 \|/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the table is recomputed for h, k, d̂, κ and the wall, never for v0', async () => {
  const { page, context } = await openPage(browser, { locale: 'en-US' });
  try {
    // On screen (off screen the rows are kept for Copy but not written into the page), the
    // first rows in place (from the worker, which may answer a few frames later).
    await page.locator('.article-table').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.article-table tbody tr').length === 6);
    await nextFrames(page);
    await page.evaluate(() => (window.__body = document.querySelector('.article-table tbody')));
    await page.evaluate(() => window.ipcWall.set({ v0: 2 }));
    await nextFrames(page);
    assert.ok(await page.evaluate(() => window.__body === document.querySelector('.article-table tbody')), 'v0 alone keeps the table');
    assert.equal(await page.locator('.article-table tr.current th').textContent(), '2', 'the row of the current v0 is marked');
    for (const s of [{ h: 0.005 }, { k: 1e5 }, { dhat: 2e-3 }, { kappa: 1e5 }, { thickness: 0.03 }]) {
      await page.evaluate((s) => window.ipcWall.set(s), s);
      // The worker answers when it answers: a busy machine may take more than a frame or two.
      const recomputed = page.waitForFunction(() => window.__body !== document.querySelector('.article-table tbody'), null, { timeout: 15000 });
      await recomputed.catch(() => assert.fail(`${Object.keys(s)[0]} recomputes it`));
      await page.evaluate(() => (window.__body = document.querySelector('.article-table tbody')));
    }
  } finally {
    await context.close();
  }
});

test('each preset reproduces its claim of the article', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    const run = async (id) => {
      await page.locator(`button[data-preset="${id}"]`).click();
      const s = await page.evaluate(() => window.ipcWall.runToEnd());
      await nextFrames(page);
      assert.equal(await page.locator(`button[data-preset="${id}"]`).getAttribute('aria-pressed'), 'true');
      assert.equal(await page.locator('#preset-verdict').getAttribute('data-verdict'), 'ok', await page.locator('#preset-verdict').textContent());
      return s;
    };
    const gap = (s) => (-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1);

    let s = await run('default');
    assert.deepEqual([s.params.v0, s.params.h, s.params.k], [5, 0.01, 1e4]);
    assert.equal(s.penalty.outcome, 'through');
    assert.equal(s.ipc.outcome, 'stopped');
    assert.equal(gap(s), '24.0');

    s = await run('k1e8');
    assert.deepEqual([s.params.v0, s.params.h, s.params.k], [5, 0.01, 1e8]);
    assert.equal(s.penalty.outcome, 'through', 'k = 1e8: the red ball still passes');

    s = await run('smallh');
    assert.equal(s.params.k, 1e8);
    assert.ok(s.params.v0 * s.params.h < s.params.thickness / 2, 'one step covers less than half the wall');
    assert.equal(s.penalty.outcome, 'stopped');
    assert.ok(s.penalty.xmax_minus_wall_m > 0, 'it stops inside the wall');
    assert.match(await page.locator('#preset-verdict').textContent(), /red ball stopped after 0\.03\s?mm inside/);

    s = await run('v50');
    assert.equal(s.params.v0, 50);
    assert.equal(s.ipc.outcome, 'stopped');
    assert.equal(gap(s), '2.1');
    assert.equal(s.ipc.newton_max, 12, 'the article’s 12 is the most of any step of the throw');
    // The figure shows those 12: the step with the most iterations lists 12 rows.
    await page.locator('#trace-impact').click();
    assert.equal(await page.locator('#trace-table tbody tr').count(), 12);
    assert.match(await page.locator('#n-newton').textContent(), /IPC 12/);

    s = await run('v1');
    assert.deepEqual([s.params.v0, s.params.k], [1, 1e4]);
    assert.equal(s.penalty.outcome, 'stopped');
    assert.equal((s.penalty.xmax_minus_wall_m * 1e3).toFixed(2), '5.00');
    assert.equal(s.ipc.outcome, 'stopped');
    assert.equal(gap(s), '166.4');

    // Any other parameter: no preset is pressed.
    await page.evaluate(() => window.ipcWall.set({ v0: 3 }));
    await nextFrames(page);
    assert.equal(await page.locator('.preset[aria-pressed="true"]').count(), 0);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('presets in Spanish: decimal commas in the labels, the claim and the verdict', async () => {
  const { page, context } = await openPage(browser, { query: '?lang=es' });
  try {
    const b = page.locator('button[data-preset="smallh"]');
    assert.equal((await b.textContent()).replace(/\u00a0/g, ' '), 'k = 10⁸, h = 1,5 ms');
    await b.click();
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    assert.match(await page.locator('#preset-claim').textContent(), /7,5 mm/);
    assert.match(await page.locator('#preset-verdict').textContent(), /^✓ Reproducido aquí: la pelota roja se detuvo tras 0,03\s?mm/);
  } finally {
    await context.close();
  }
});

/** The trace panel's rows as the exact values its cells were written from. */
async function panelRows(page) {
  return page.$$eval('#trace-table tbody tr', (trs) =>
    trs.map((tr) => {
      const v = (f) => Number(tr.querySelector(`[data-field="${f}"]`).dataset.v);
      return {
        distance: v('distance'),
        dx: v('dx'),
        alpha_ccd: v('alpha_ccd'),
        ccd_clipped: tr.querySelector('[data-field="alpha_ccd"]').dataset.clipped === 'true',
        alpha: v('alpha'),
        energy: v('energy'),
        gradient_abs: v('gradient_abs'),
      };
    }),
  );
}

test('the trace shows backtracking’s halvings of α as the core counted them', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    // At 1 m/s with k = 10⁸ the red ball's step into the wall backtracks in every iteration.
    await page.evaluate(() => {
      window.ipcWall.set({ v0: 1, k: 1e8 });
      window.ipcWall.runToEnd();
    });
    await nextFrames(page);
    await page.locator('.seg button[data-model="penalty"]').click();
    const core = await page.evaluate(() => window.ipcWall.iterates('penalty', 51));
    const halved = core.filter((it) => it.halvings > 1);
    assert.ok(halved.length >= 2, 'step 51 backtracks more than once');
    await page.locator('#trace-step').fill('51');
    await nextFrames(page);
    const shown = await page.$$eval('#trace-table tbody [data-field="alpha"]', (tds) => tds.map((td) => td.textContent));
    core.forEach((it, i) => {
      if (!it.converged) assert.equal(it.alpha_ccd / 2 ** it.halvings, it.alpha);
      if (it.halvings > 1) assert.match(shown[i], new RegExp(`\\(÷2\\^${it.halvings}\\)$`), `iteration ${i + 1}`);
    });
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('the trace lists the very iterates of the core’s step report, and shows that step on the energy plot', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    // The IPC step where CCD clips most: the geometric approach to the wall.
    await page.locator('#trace-clipped').click();
    await nextFrames(page);
    const sel = await page.evaluate(() => window.ipcWall.trace());
    assert.equal(sel.model, 'ipc');
    assert.equal(sel.follow, false);
    const core = await page.evaluate((s) => window.ipcWall.iterates('ipc', s), sel.step);
    const want = core.map((it) => ({
      distance: it.distance,
      dx: it.dx,
      alpha_ccd: it.alpha_ccd,
      ccd_clipped: it.ccd_clipped,
      alpha: it.alpha,
      energy: it.energy,
      gradient_abs: Math.abs(it.gradient),
    }));
    assert.ok(want.filter((it) => it.ccd_clipped).length >= 2, 'the impact step is clipped by CCD more than once');
    assert.deepEqual(await panelRows(page), want);
    // Every clipped and accepted iteration keeps 1 − 0.9 of the distance to the wall.
    for (let i = 0; i + 1 < core.length; i++) {
      if (core[i].ccd_clipped && core[i].alpha === core[i].alpha_ccd) {
        assert.ok(Math.abs(core[i + 1].distance / core[i].distance - 0.1) < 1e-6, `iteration ${i + 1}`);
      }
    }
    assert.match(await page.locator('#trace-summary').textContent(), new RegExp(`^Step ${sel.step}: x̃ = 0\\.\\d{4}\\s?m, ${core.length} Newton iterations`));
    // The summary reads that approach (the core's traceSummary): 1 − s = 10 % kept, per
    // clipped step accepted without backtracking.
    const approach = core.filter((it, i) => it.ccd_clipped && it.halvings === 0 && core[i + 1]?.distance > 0).length;
    assert.match(await page.locator('#trace-summary').textContent(), new RegExp(`Each of the ${approach} clipped steps keeps 10\\s?% of the distance`));
    // The energy plot now shows that step: its x̃, so its iterates on the curves.
    assert.ok(Number.isFinite(sel.x_tilde));
    assert.equal(await page.evaluate(() => window.ipcWall.energyView().x_tilde), sel.x_tilde);

    // The red ball's jump, picked with the step slider: one Newton step lands behind the wall.
    await page.locator('.seg button[data-model="penalty"]').click();
    const last = (await page.evaluate(() => window.ipcWall.getState())).penalty.steps;
    await page.locator('#trace-step').fill(String(last));
    await nextFrames(page);
    assert.equal((await page.evaluate(() => window.ipcWall.trace())).step, last);
    const pen = await page.evaluate((s) => window.ipcWall.iterates('penalty', s), last);
    const rows = await panelRows(page);
    assert.equal(rows.length, pen.length);
    assert.deepEqual(rows.map((r) => r.dx), pen.map((it) => it.dx));
    assert.ok(rows[rows.length - 1].distance < -0.02, 'the step ends behind the wall');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('clicking a step on the throw-over-time chart picks it for the trace', async () => {
  const { page, context } = await openPage(browser, { locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    await page.locator('#timeline').scrollIntoViewIfNeeded();
    const box = await page.locator('#timeline').boundingBox();
    // The chart's time axis runs from its left margin (50 px) to 12 px before its right edge.
    const steps = (await page.evaluate(() => window.ipcWall.getState())).ipc.steps;
    const h = 0.01;
    const t1 = Math.max(steps, 4) * h;
    const x = 50 + ((box.width - 62) * 11 * h) / t1;
    await page.mouse.click(box.x + x, box.y + box.height - 50);
    await nextFrames(page);
    assert.equal((await page.evaluate(() => window.ipcWall.trace())).step, 11);
  } finally {
    await context.close();
  }
});

/** Waits until the 128 × 128 map is complete; returns its fill times. */
async function mapComplete(page) {
  await page.waitForFunction(() => window.ipcWall.regime().complete, null, { timeout: 30_000 });
  return page.evaluate(() => window.ipcWall.regime().fill_ms);
}

test('regime map: cells agree with direct throws, the crosshair’s cell included', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { locale: 'en-US' });
  try {
    await page.evaluate(() => window.ipcWall.pause());
    const ms = await mapComplete(page);
    console.log(`regime map fill time in this run: 128×128 ${ms.n128.toFixed(0)} ms`);
    const n = await page.evaluate(() => window.ipcWall.regime().n);
    assert.equal(n, 128);
    const cross = await page.evaluate(() => window.ipcWall.regime().cellOf(5, 0.01));
    const cells = [cross, [0, 0], [n - 1, n - 1], [0, n - 1], [n - 1, 0], [37, 101], [70, 52], [90, 20], [55, 115]];
    for (const [i, j] of cells) {
      const r = await page.evaluate(
        ([i, j]) => {
          const m = window.ipcWall.regime();
          const cell = m.cell(i, j);
          const s = window.ipcWall.set({ v0: m.v0At(i), h: m.hAt(j) });
          const end = window.ipcWall.runToEnd();
          return { cell, params: s.params, end, again: window.ipcWall.regime().cellOf(s.params.v0, s.params.h) };
        },
        [i, j],
      );
      assert.deepEqual(r.again, [i, j], 'the cell centre lies in its cell');
      for (const m of ['penalty', 'ipc']) {
        assert.equal(r.end[m].outcome, r.cell[m].outcome, `(${i}, ${j}) ${m}`);
        assert.equal(r.end[m].xmax_minus_wall_m, r.cell[m].xmax_minus_wall_m, `(${i}, ${j}) ${m}`);
        assert.equal(r.end[m].newton_max, r.cell[m].newton_max, `(${i}, ${j}) ${m}`);
      }
    }
    // Only v0 and h changed: the map was not recomputed.
    const after = await page.evaluate(() => window.ipcWall.regime());
    assert.equal(after.complete, true);
    assert.deepEqual(after.fill_ms, ms);
    // k changes it: a new map fills in.
    await page.evaluate(() => window.ipcWall.set({ k: 1e6 }));
    await nextFrames(page, 1);
    assert.equal(await page.evaluate(() => window.ipcWall.regime().complete), false);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

for (const [side, width, dpr] of [
  ['left', 1280, 1],
  ['right', 390, 3],
]) {
  test(`regime map: a click (${side} map, ${width} px) sets v0 and h to that cell’s`, async () => {
    const { page, context } = await openPage(browser, { width, height: 844, dpr, locale: 'en-US' });
    try {
      await mapComplete(page);
      // The throw decided first: while it plays, the trace above the map grows row by row.
      await page.evaluate(() => window.ipcWall.runToEnd());
      await nextFrames(page);
      const canvas = page.locator(`#regime-${side}`);
      await canvas.scrollIntoViewIfNeeded();
      const plot = await page.evaluate(() => window.ipcWall.regime().plot());
      const n = 128;
      for (const [i, j] of [
        [20, 90],
        [100, 10],
      ]) {
        // Again each time: the panels above the map change height with the throw.
        const box = await canvas.boundingBox();
        const x = plot.left + ((i + 0.5) / n) * (plot.right - plot.left);
        const y = plot.bottom - ((j + 0.5) / n) * (plot.bottom - plot.top);
        await page.mouse.click(box.x + x, box.y + y);
        const { params, want } = await page.evaluate(([i, j]) => {
          const m = window.ipcWall.regime();
          return { params: window.ipcWall.getState().params, want: { v0: m.v0At(i), h: m.hAt(j) } };
        }, [i, j]);
        assert.equal(params.v0, want.v0);
        assert.equal(params.h, want.h);
        await nextFrames(page);
        assert.match(await page.locator('#regime-readout').textContent(), /^v₀ = .*\sm\/s, h = .*: Penalty (went through|stopped after .* inside); IPC stopped .* from the wall/);
      }
    } finally {
      await context.close();
    }
  });
}

test('regime map from the keyboard: arrows move from the crosshair’s cell, Enter throws there', async () => {
  const { page, context } = await openPage(browser, { locale: 'en-US' });
  try {
    await mapComplete(page);
    const [i, j] = await page.evaluate(() => window.ipcWall.regime().cellOf(5, 0.01));
    await page.locator('#regime-right').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.locator('#regime-readout').textContent(), /^v₀ = /);
    await page.keyboard.press('Enter');
    const { params, want } = await page.evaluate(([i, j]) => {
      const m = window.ipcWall.regime();
      return { params: window.ipcWall.getState().params, want: { v0: m.v0At(i), h: m.hAt(j) } };
    }, [i - 2, j + 1]);
    assert.equal(params.v0, want.v0);
    assert.equal(params.h, want.h);
  } finally {
    await context.close();
  }
});
