// The scene canvas: the closest approach marked where the card says, labels that never cover
// each other or the d̂ line, lanes that follow the models and the height, and a static layer
// drawn only when what it shows changes. Read through window.ipcWall.__scene(), what the
// scene's latest frame drew: label boxes, marks, balls and d̂ lines in CSS px.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

const browser = useBrowser();

const scene = (page) => page.evaluate(() => window.ipcWall.__scene());
const plain = (s) => s.replace(/\s/g, ' ');
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const describe = (b) => `${b.kind} "${b.text ?? ''}" at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}×${Math.round(b.h)}`;

/** Every pair of labels that overlap, every label over a d̂ line or the middle of one of the
 * newest step markers of a lane (those just behind a ball), every word outside the inset's
 * frame (8 CSS px inside the canvas). */
function clashes(d) {
  const out = [];
  d.boxes.forEach((a, i) => {
    for (const b of d.boxes.slice(i + 1)) if (overlap(a, b)) out.push(`${describe(a)} on ${describe(b)}`);
    for (const l of d.dhat) if (overlap(a, l)) out.push(`${describe(a)} on the d̂ line`);
    for (const m of d.markers) if (overlap(a, m)) out.push(`${describe(a)} on a step marker at ${Math.round(m.x)},${Math.round(m.y)}`);
    // The box has a 3 px plate margin around the words.
    if (a.x + 3 < 8 - 0.5 || a.x + a.w - 3 > d.W - 8 + 0.5) out.push(`${describe(a)} outside the frame of ${d.W}`);
    if (a.y < 0 || a.y + a.h > d.H) out.push(`${describe(a)} outside the height ${d.H}`);
  });
  return out;
}

for (const lang of ['en', 'es']) {
  test(`the closest approach is marked at the card's gap, apart from the ball's position (${lang})`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, query: `?lang=${lang}`, reducedMotion: 'reduce' });
    try {
      await page.evaluate(() => window.ipcWall.runToEnd());
      await nextFrames(page);
      const s = await page.evaluate(() => window.ipcWall.getState());
      const d = await scene(page);
      const gap = -s.ipc.xmax_minus_wall_m;
      // The card's words: "closest gap 24.0 µm" (the article's number).
      const card = plain(await page.locator('#card-ipc').textContent());
      const num = lang === 'es' ? '24,0 µm' : '24.0 µm';
      assert.ok(card.includes(num), card);
      for (const where of ['inset', 'track']) {
        const mark = d.marks.find((m) => m.kind === 'closest' && m.model === 'ipc' && m.where === where);
        assert.ok(mark, `a closest-approach mark in the ${where}: ${JSON.stringify(d.marks)}`);
        assert.equal(mark.dist, gap);
        const label = d.boxes.find((b) => b.kind === 'closest' && b.model === 'ipc' && b.where === where);
        assert.ok(label, `the ${where}'s mark is labelled`);
        assert.equal(plain(label.text), lang === 'es' ? `mínimo ${num}` : `closest ${num}`);
        // Next to its mark: the label's box comes within 12 px of it.
        const dx = Math.max(label.x - mark.x, mark.x - (label.x + label.w), 0);
        assert.ok(dx <= 12, `${describe(label)} is ${dx} px from its mark at ${mark.x}`);
      }
      // In the inset the mark sits at 24.0 µm on the log axis: between the decade ticks.
      const mark = d.marks.find((m) => m.kind === 'closest' && m.where === 'inset');
      const [t1, t0] = [d.ticks.find((t) => t.e === -4), d.ticks.find((t) => t.e === -5)];
      const expected = t1.x + (t0.x - t1.x) * (-4 - Math.log10(gap));
      assert.ok(Math.abs(mark.x - expected) < 1, `mark at ${mark.x}, 24.0 µm is at ${expected}`);
      // The ball's current position (it moved back to 1.24 mm) keeps its own label.
      const ball = d.balls.find((b) => b.model === 'ipc' && b.where === 'inset');
      const pos = d.boxes.find((b) => b.kind === 'position' && b.model === 'ipc' && b.where === 'inset');
      assert.equal(plain(pos.text), lang === 'es' ? '1,24 mm' : '1.24 mm');
      assert.ok(ball.x < mark.x - 20, `the ball (${ball.x}) stands apart from its closest approach (${mark.x})`);
      assert.ok(!overlap(pos, d.boxes.find((b) => b.kind === 'closest' && b.where === 'inset')));
      // The red ball went through: no closest approach is claimed for it.
      assert.ok(!d.marks.some((m) => m.model === 'penalty'), JSON.stringify(d.marks));
      assert.deepEqual(consoleErrors, []);
    } finally {
      await context.close();
    }
  });
}

test("a ball that came back out of the wall has its deepest point marked at the card's depth", async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, query: '?v0=1', reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    await nextFrames(page);
    const s = await page.evaluate(() => window.ipcWall.getState());
    const d = await scene(page);
    assert.ok(s.penalty.x < s.params.wall, 'the red ball came back out');
    const card = plain(await page.locator('#card-penalty').textContent());
    assert.ok(card.includes('5.00 mm'), card);
    for (const where of ['inset', 'track']) {
      const mark = d.marks.find((m) => m.model === 'penalty' && m.where === where);
      assert.equal(mark?.kind, 'deepest', JSON.stringify(d.marks));
      assert.equal(mark.dist, s.penalty.xmax_minus_wall_m);
      const label = d.boxes.find((b) => b.kind === 'deepest' && b.model === 'penalty' && b.where === where);
      assert.equal(plain(label.text), 'deepest 5.00 mm');
    }
  } finally {
    await context.close();
  }
});

// The widths of the issue, and a phone whose page gives the scene only 150 px of height.
const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 390, height: 844, sceneHeight: 150 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
for (const lang of ['en', 'es']) {
  for (const { width, height, sceneHeight } of SIZES) {
    const at = `${width} px${sceneHeight ? `, ${sceneHeight} px high` : ''}`;
    test(`no label covers another, the d̂ line, the latest steps' markers or the frame at any step of the throw (${lang}, ${at})`, async () => {
      const { page, context } = await openPage(browser, { width, height, dpr: 2, query: `?lang=${lang}`, reducedMotion: 'reduce' });
      try {
        if (sceneHeight) {
          await page.evaluate((h) => (document.getElementById('scene').style.height = `${h}px`), sceneHeight);
        }
        await page.evaluate(() => window.ipcWall.reset());
        await nextFrames(page);
        const seen = [];
        let markers = 0;
        for (let i = 0; i <= 16; i++) {
          const d = await scene(page);
          if (sceneHeight) assert.equal(d.H, sceneHeight);
          assert.deepEqual(clashes(d), [], `step ${i}`);
          // A closest approach is marked only once its ball has come back from it.
          const s = await page.evaluate(() => window.ipcWall.getState());
          for (const m of d.marks) {
            const b = s[m.model];
            assert.ok(b.x - s.params.wall < b.xmax_minus_wall_m, `step ${i}: ${m.model} at ${b.x} is still at its closest`);
          }
          seen.push(...d.boxes.map((b) => b.kind));
          markers += d.markers.length;
          await page.evaluate(() => window.ipcWall.step());
          await nextFrames(page);
        }
        // The throw was drawn whole: the green ball's position and its closest approach.
        for (const kind of ['position', 'closest', 'decade']) assert.ok(seen.includes(kind), `${kind} drawn`);
        assert.ok(markers > 0, 'the step markers were weighed');
      } finally {
        await context.close();
      }
    });
  }
}

test('the static layer is drawn again only when the language or the wall changes', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 800, reducedMotion: 'reduce' });
  try {
    await nextFrames(page);
    const count = async () => ({ ...(await scene(page)), frames: (await page.evaluate(() => window.ipcWall.__draws())).scene });
    const a = await count();
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() => window.ipcWall.step());
      await nextFrames(page);
    }
    const b = await count();
    assert.ok(b.frames >= a.frames + 3, `the balls moved: ${a.frames} → ${b.frames} frames`);
    assert.equal(b.staticDraws, a.staticDraws, 'the static layer stays as it was while only the balls move');
    await page.locator('#lang-switch').click();
    await nextFrames(page);
    const c = await count();
    assert.equal(c.staticDraws, b.staticDraws + 1, 'a new language redraws it once');
    assert.ok(c.boxes.some((x) => x.kind === 'decade' && x.text.includes('µm')));
    assert.ok(c.boxes.some((x) => x.kind === 'title' && x.text.startsWith('Junto')), 'in the new words');
    // A stiffness or a speed does not change the wall, the lanes or the axis: no redraw.
    await page.evaluate(() => window.ipcWall.set({ k: 1e6, kappa: 1e5, v0: 7 }));
    await nextFrames(page);
    assert.equal((await scene(page)).staticDraws, c.staticDraws, 'k, κ and v0 leave the static layer as it was');
    // The barrier's band is drawn over it: a drag of d̂ leaves it as it is too.
    const d = await count();
    await page.evaluate(() => window.ipcWall.set({ dhat: 0.002 }));
    await nextFrames(page);
    const e = await count();
    assert.equal(e.staticDraws, c.staticDraws, 'd̂ leaves the static layer as it was');
    assert.equal(e.frames, d.frames + 1, 'and the scene is drawn with the new band');
    // The band's edge moved to 2 mm on the log axis.
    const t2 = e.ticks.find((t) => t.e === -2);
    const t3 = e.ticks.find((t) => t.e === -3);
    assert.ok(Math.abs(e.dhat[0].x + 1.5 - Math.round(t3.x + (t2.x - t3.x) * Math.log10(2)) - 0.5) < 1, `d̂ line at ${e.dhat[0].x}`);
    await page.evaluate(() => window.ipcWall.set({ thickness: 0.03 }));
    await nextFrames(page);
    const f = await count();
    assert.equal(f.staticDraws, e.staticDraws + 1, 'a new wall redraws it once');
    assert.ok(f.boxes.some((x) => x.kind === 'wall' && x.text.includes('30')), 'with the wall it shows');
  } finally {
    await context.close();
  }
});

test('one lane per model of view.models, fitted to the canvas height', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800, reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => window.ipcWall.runToEnd());
    const draw = (n, w, h) =>
      page.evaluate(
        async ([n, w, h]) => {
          const { setupScene, readColors } = await import('./www/scene.js');
          const c = document.createElement('canvas');
          c.style.cssText = `position:fixed;left:0;top:0;width:${w}px;height:${h}px`;
          document.body.append(c);
          const sc = setupScene(c);
          sc.resize(w, h, 1);
          const s = window.ipcWall.getState();
          const wall = s.params.wall;
          const balls = {
            penalty: s.penalty,
            ipc: s.ipc,
            'barrier-alone': { ...s.ipc, x: wall - 3e-4, xmax_minus_wall_m: -5e-5 },
            'ccd-alone': { ...s.penalty, x: wall + 4e-3, xmax_minus_wall_m: 4e-3 },
          };
          const models = Object.keys(balls).slice(0, n);
          const positions = Object.fromEntries(models.map((m) => [m, new Float64Array([0.1, 0.3, balls[m].x])]));
          const counts = Object.fromEntries(models.map((m) => [m, 3]));
          sc.draw({ params: s.params, models, balls, positions, counts, iterates: {}, colors: readColors() });
          c.remove();
          return sc.drawn();
        },
        [n, w, h],
      );
    for (const [n, w, h] of [
      [4, 1280, 318],
      [4, 390, 260],
      [2, 390, 150],
    ]) {
      const d = await draw(n, w, h);
      for (const where of ['track', 'inset']) {
        const ys = d.balls.filter((b) => b.where === where).map((b) => b.y);
        assert.equal(new Set(ys).size, n, `${n} lanes in the ${where} at ${w}×${h}: ${ys}`);
        for (const b of d.balls.filter((x) => x.where === where)) assert.ok(b.y - b.r >= 0 && b.y + b.r <= h, `${b.model} inside ${h} px`);
      }
      // The ball of a lane is drawn apart from the next lane's.
      const inset = d.balls.filter((b) => b.where === 'inset').sort((a, b) => a.y - b.y);
      for (let i = 1; i < inset.length; i++) assert.ok(inset[i].y - inset[i - 1].y >= inset[i].r * 2, 'lanes do not overlap');
      assert.deepEqual(clashes(d), [], `${n} lanes at ${w}×${h}`);
    }
    // Each model's own closest approach: 50.0 µm for the third ball.
    const d = await draw(4, 1280, 318);
    assert.ok(d.boxes.some((b) => b.kind === 'closest' && b.model === 'barrier-alone' && plain(b.text) === 'closest 50.0 µm'));
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
