// One throw, one story (issue 11, "outcome sentences in one function"): for each ball, its
// card, the live region, a preset's verdict and the regime map's readout of the throw's cell
// say the same kind of outcome (went through, stopped inside, touching the face, stopped in
// front) as the core's state has it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';
import { openGuarded, nextFrames } from './guarded.mjs';

const browser = useBrowser();

/** The kind of outcome an English sentence tells, the first that matches (touching before
 * front: "touching the front face" is not "in front"). */
const KINDS = [
  ['touching', /touching|stuck to it|on the front face/],
  ['through', /went through|behind the wall/],
  ['inside', /inside|penetrated/],
  ['front', /from the wall|closest gap|in front of the wall|without crossing/],
];
const kindOf = (text) => KINDS.find(([, re]) => re.test(text))?.[0] ?? `none: ${text}`;

/** The kind of outcome of ball `b` in the core's state. */
function coreKind(b) {
  if (b.outcome === 'through') return 'through';
  const x = b.xmax_minus_wall_m;
  return x === 0 ? 'touching' : x > 0 ? 'inside' : 'front';
}

/** Each ball's colour in the live region's sentences. */
const COLOUR = { penalty: 'red', ipc: 'green', 'barrier-alone': 'blue', 'ccd-alone': 'amber' };

/** The card's and the live region's kind for each ball thrown, against the core's. */
async function cardsAndLiveRegion(page, s, what) {
  const said = await page.locator('#announce').textContent();
  for (const m of s.models) {
    const want = coreKind(s[m]);
    assert.equal(kindOf(await page.locator(`#${m}-detail`).textContent()), want, `${what}: ${m}'s card`);
    const sentence = said.split(/(?<=\.) (?=The )/).find((x) => x.startsWith(`The ${COLOUR[m]} `));
    assert.ok(sentence, `${what}: the live region says nothing of ${m}: ${said}`);
    assert.equal(kindOf(sentence), want, `${what}: ${m} in the live region`);
  }
}

/** The map's readout of the throw's cell, after throwing at that cell's centre. */
async function mapReadout(page, models, what) {
  await page.waitForFunction((want) => window.ipcWall.regime().complete && window.ipcWall.regime().models.join() === want, models.join(), { timeout: 60_000 });
  const s = await page.evaluate(() => {
    const m = window.ipcWall.regime();
    const p = window.ipcWall.getState().params;
    const [i, j] = m.cellOf(p.v0, p.h);
    window.ipcWall.set({ v0: m.v0At(i), h: m.hAt(j) });
    return window.ipcWall.runToEnd();
  });
  await nextFrames(page);
  await cardsAndLiveRegion(page, s, `${what}, the cell's centre`);
  // From the crosshair's cell one up and back: the readout of the throw's own cell.
  const canvas = page.locator('#regime-right');
  await canvas.scrollIntoViewIfNeeded();
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const readout = await page.locator('#regime-readout').textContent();
  const cells = readout.slice(readout.indexOf('): ') + 3).split('; ');
  assert.equal(cells.length, models.length, readout);
  models.forEach((m, k) => assert.equal(kindOf(cells[k]), coreKind(s[m]), `${what}: ${m} in the map's readout: ${readout}`));
}

for (const { preset, map, kinds } of [
  { preset: 'default', map: ['penalty', 'ipc'], kinds: { penalty: 'through', ipc: 'front' } },
  { preset: 'v1', map: ['penalty', 'ipc'], kinds: { penalty: 'inside', ipc: 'front' } },
  { preset: 'smallh', map: ['penalty', 'ipc'], kinds: { penalty: 'inside', ipc: 'front' } },
  { preset: 'halves', map: ['barrier-alone', 'ccd-alone'], kinds: { penalty: 'through', ipc: 'front', 'barrier-alone': 'through', 'ccd-alone': 'touching' } },
]) {
  test(`the card, the live region, the preset and the map tell one outcome per ball (preset ${preset})`, async () => {
    const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
    try {
      await page.locator(`[data-preset="${preset}"]`).click();
      await page.waitForFunction(() => document.querySelector('#preset-verdict').dataset.verdict === 'ok');
      await nextFrames(page);
      const s = await page.evaluate(() => window.ipcWall.getState());
      assert.deepEqual(Object.fromEntries(s.models.map((m) => [m, coreKind(s[m])])), kinds, 'the throw the test is about');
      await cardsAndLiveRegion(page, s, preset);
      const verdict = await page.locator('#preset-verdict').textContent();
      const balls = verdict.slice(verdict.indexOf(': ') + 2).split('; ');
      assert.equal(balls.length, s.models.length, verdict);
      s.models.forEach((m, k) => assert.equal(kindOf(balls[k]), kinds[m], `${preset}: ${m} in the preset's verdict: ${verdict}`));
      if (kinds['ccd-alone'] === 'touching') {
        // Its impact step's last iterate is on the face: the trace says so, as the card does.
        await page.locator('#trace [data-model="ccd-alone"]').click();
        await page.locator('#trace-impact').click();
        await nextFrames(page);
        assert.match(await page.locator('#trace-summary').textContent(), /it ends on the front face/);
      }
      for (const [side, m] of [['left', map[0]], ['right', map[1]]]) {
        const select = page.locator(`#regime-model-${side}`);
        if ((await select.inputValue()) !== m) await select.selectOption(m);
      }
      await mapReadout(page, map, preset);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });
}
