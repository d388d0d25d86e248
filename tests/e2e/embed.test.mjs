// The figure in an article's iframe, on another origin: it sizes the iframe through resize
// messages, obeys the documented commands from its parent, reports outcomes, ignores
// anything else, and the "Embed" button's snippet works when pasted into a page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser, useArticle, articlePage, watchPage, figureFrame, RECORD_MESSAGES, FOLLOW_RESIZE, screenshot } from './harness.mjs';
import { openGuarded, waitReady, nextFrames, traces, assertNoTraces, watch, PAYLOADS } from './guarded.mjs';

let articleBody = '';
const article = useArticle(() => articleHtml(articleBody));
const browser = useBrowser();

/** An article page on its own origin holding `body`; records every message from the figure. */
function articleHtml(body) {
  const style = 'body{margin:0;font:16px serif} .col{max-width:760px;margin:0 auto;padding:16px}';
  const column = `<div class="col"><p>Texto del artículo antes de la figura.</p>${body}<p>Texto después.</p></div>`;
  return articlePage(column, { lang: 'es', style, script: RECORD_MESSAGES });
}

/** Opens the article with `body`; returns {page, context, frame, consoleErrors, dialogs}. */
async function openArticle(body, { width = 1000, height = 900, contextOptions = {}, wait = true } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'es-ES', ...contextOptions });
  await context.addInitScript(watch);
  articleBody = body;
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const { consoleErrors, dialogs } = watchPage(page);
  await page.goto(article.url);
  const frame = await figureFrame(page);
  if (wait) await waitReady(frame);
  return { page, context, frame, consoleErrors, dialogs };
}

const messages = (page, type) => page.evaluate((type) => window.msgs.filter((m) => m.type === type), type);
const frameState = (frame) => frame.evaluate(() => window.ipcWall.getState());

test('embed mode: no page chrome, full width, and resize messages size the iframe', async () => {
  const iframe = `<iframe src="${baseUrl}?embed=1&lang=es" title="figura" style="width:100%;height:300px;border:0;display:block"></iframe>
<script>${FOLLOW_RESIZE}</script>`;
  const { page, context, frame, consoleErrors } = await openArticle(iframe);
  try {
    // The figure reported its height, and the article used it: nothing left to scroll inside.
    await page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:resize'));
    await nextFrames(frame, 3);
    const figH = await frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
    const last = (await messages(page, 'ipc-wall:resize')).at(-1);
    assert.equal(last.height, figH);
    assert.ok(figH > 800, `a whole figure is taller than 800 px (${figH})`);
    const iframeH = await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height);
    assert.equal(iframeH, figH);
    const inner = await frame.evaluate(() => ({
      scrollH: document.documentElement.scrollHeight,
      clientH: document.documentElement.clientHeight,
      scrollW: document.documentElement.scrollWidth,
      clientW: document.documentElement.clientWidth,
      figW: document.getElementById('figure').getBoundingClientRect().width,
      embed: document.documentElement.classList.contains('embed'),
      h1: document.querySelector('h1').getBoundingClientRect().height,
      h1Text: document.querySelector('h1').textContent,
      lede: getComputedStyle(document.querySelector('.lede')).display,
      foot: getComputedStyle(document.querySelector('.foot')).display,
      lang: getComputedStyle(document.getElementById('lang-switch')).display,
      embedButton: getComputedStyle(document.getElementById('copy-embed')).display,
    }));
    assert.ok(inner.embed);
    assert.ok(inner.scrollH <= inner.clientH, `no inner vertical scroll: ${inner.scrollH} > ${inner.clientH}`);
    assert.ok(inner.scrollW <= inner.clientW, 'no inner horizontal scroll');
    assert.equal(inner.figW, inner.clientW, 'the figure fills the iframe width');
    assert.ok(inner.h1 <= 1, 'the title is for screen readers only');
    assert.match(inner.h1Text, /pared de 20 mm/);
    assert.equal(inner.lede, 'none');
    assert.equal(inner.foot, 'none');
    assert.equal(inner.lang, 'none');
    assert.equal(inner.embedButton, 'none');
    await screenshot(page, 'embed-in-article-1000', { fullPage: true });

    // A narrower column makes the figure taller: a new resize message, and the iframe follows.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction((h) => window.msgs.filter((m) => m.type === 'ipc-wall:resize').at(-1).height > h, figH);
    await nextFrames(frame, 3);
    const narrow = await frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
    assert.equal((await messages(page, 'ipc-wall:resize')).at(-1).height, narrow);
    assert.equal(await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height), narrow);
    await screenshot(page, 'embed-in-article-390', { fullPage: true });
    // Every resize message has exactly the documented shape.
    for (const m of await messages(page, 'ipc-wall:resize')) {
      assert.deepEqual(Object.keys(m).sort(), ['height', 'type']);
      assert.ok(Number.isInteger(m.height) && m.height > 0);
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('embedded, the panels beyond the article wait behind one button, and opening it grows the iframe', async () => {
  const iframe = `<iframe src="${baseUrl}?embed=1&lang=es" title="figura" style="width:100%;height:300px;border:0;display:block"></iframe>
<script>${FOLLOW_RESIZE}</script>`;
  const { page, context, frame, consoleErrors } = await openArticle(iframe, { contextOptions: { reducedMotion: 'reduce' } });
  const figureHeight = () => frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
  const lastResize = async () => (await messages(page, 'ipc-wall:resize')).at(-1)?.height;
  const iframeHeight = () => page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height);
  const panels = ['trace', 'timeline-panel', 'regime', 'table'];
  try {
    await page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:resize'));
    await nextFrames(frame, 3);
    // Compact: the figure the article talks about, and one button for the rest.
    for (const id of ['presets', 'scene', 'energy', 'sliders', 'numbers']) assert.ok(await frame.locator(`#${id}`).isVisible(), `#${id} shown`);
    for (const id of panels) assert.equal(await frame.locator(`#${id}`).isVisible(), false, `#${id} waits`);
    const toggle = frame.locator('#extras-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await toggle.getAttribute('aria-controls'), 'extras');
    assert.match(await toggle.textContent(), /traza del solver.*mapa de regímenes.*tabla del artículo/);
    const closed = await figureHeight();
    assert.equal(await lastResize(), closed);
    assert.equal(await iframeHeight(), closed);
    // The API does not depend on what is shown.
    assert.equal((await frame.evaluate(() => window.ipcWall.table())).length, 18);

    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    for (const id of panels) assert.ok(await frame.locator(`#${id}`).isVisible(), `#${id} shown once opened`);
    await page.waitForFunction((h) => window.msgs.filter((m) => m.type === 'ipc-wall:resize').at(-1).height > h + 1000, closed);
    await nextFrames(frame, 3);
    const open = await figureHeight();
    assert.equal(await lastResize(), open);
    assert.equal(await iframeHeight(), open);
    // The map, hidden until now, is drawn at its size once on screen (off screen it waits).
    await frame.waitForFunction(() => window.ipcWall.regime().complete, null, { polling: 100 });
    await frame.locator('#regime canvas').first().scrollIntoViewIfNeeded();
    await nextFrames(frame, 3);
    const map = await frame.evaluate(() => {
      const c = document.querySelector('#regime canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 53) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      return { colours: seen.size, width: c.width, css: c.getBoundingClientRect().width };
    });
    assert.ok(map.css > 200 && map.width >= map.css, `map sized ${map.width} for ${map.css} CSS px`);
    assert.ok(map.colours >= 10, `map drawn (${map.colours} colours)`);
    await screenshot(page, 'embed-panels-open', { fullPage: true });

    await toggle.click();
    await page.waitForFunction((h) => window.msgs.filter((m) => m.type === 'ipc-wall:resize').at(-1).height === h, closed);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
  // On its own page the panels are simply there.
  const plain = await openGuarded(browser, { query: '?lang=es' });
  try {
    assert.equal(await plain.page.locator('#extras-toggle').count(), 0);
    for (const id of panels) assert.ok(await plain.page.locator(`#${id}`).isVisible(), `#${id} shown`);
  } finally {
    await plain.context.close();
  }
});

test('the parent drives the figure: set, step, play, pause, reset; outcomes come back as state messages', async () => {
  const { page, context, frame, consoleErrors } = await openArticle(
    `<iframe src="${baseUrl}?embed=1" title="figure" style="width:100%;height:1400px;border:0"></iframe>`,
    { contextOptions: { reducedMotion: 'reduce' } },
  );
  try {
    // The first state message says the figure is there.
    await page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:state'));
    const first = (await messages(page, 'ipc-wall:state'))[0];
    assert.equal(first.state.params.v0, 5);
    assert.equal(first.state.penalty.outcome, 'flying');

    await page.evaluate(() => window.send({ type: 'ipc-wall:set', params: { v0: 1, k: 1e6 } }));
    await frame.waitForFunction(() => window.ipcWall.getState().params.v0 === 1);
    let s = await frameState(frame);
    assert.equal(s.params.k, 1e6);
    assert.equal(s.step, 0);
    // The sliders moved too.
    assert.match(await frame.locator('#p-v0-value').textContent(), /^1\s?m\/s$/);
    await page.waitForFunction(() => window.msgs.filter((m) => m.type === 'ipc-wall:state').at(-1).state.params.v0 === 1);

    await page.evaluate(() => window.send({ type: 'ipc-wall:step' }));
    await frame.waitForFunction(() => window.ipcWall.getState().step === 1);
    await page.evaluate(() => window.send({ type: 'ipc-wall:step' }));
    await frame.waitForFunction(() => window.ipcWall.getState().step === 2);

    await page.evaluate(() => window.send({ type: 'ipc-wall:play' }));
    await frame.waitForFunction(() => window.ipcWall.getState().step >= 4);
    assert.equal(await frame.locator('#play').getAttribute('aria-pressed'), 'true');
    await page.evaluate(() => window.send({ type: 'ipc-wall:pause' }));
    await frame.waitForFunction(() => document.getElementById('play').getAttribute('aria-pressed') === 'false');
    const paused = (await frameState(frame)).step;
    await page.waitForTimeout(700);
    assert.equal((await frameState(frame)).step, paused, 'pause stops the steps');

    await page.evaluate(() => window.send({ type: 'ipc-wall:reset' }));
    await frame.waitForFunction(() => window.ipcWall.getState().step === 0);

    // An outcome change is posted: at 50 m/s the red ball is through in a few steps.
    await page.evaluate(() => window.send({ type: 'ipc-wall:set', params: { v0: 50 } }));
    await frame.waitForFunction(() => window.ipcWall.getState().params.v0 === 50);
    // The new throw is posted in the figure's next frame. Stepping before it came, a busy
    // machine sometimes ran every step before a frame, and the parent saw the outcome only.
    await page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:state' && m.state.params.v0 === 50));
    for (let i = 0; i < 400; i++) {
      const done = await frame.evaluate(() => {
        const s = window.ipcWall.getState();
        return s.penalty.outcome !== 'flying' && s.ipc.outcome !== 'flying';
      });
      if (done) break;
      await page.evaluate(() => window.send({ type: 'ipc-wall:step' }));
    }
    await page.waitForFunction(() => {
      const st = window.msgs.filter((m) => m.type === 'ipc-wall:state').at(-1).state;
      return st.penalty.outcome === 'through' && st.ipc.outcome === 'stopped';
    });
    const states = (await messages(page, 'ipc-wall:state')).filter((m) => m.state.params.v0 === 50);
    const outcomes = states.map((m) => `${m.state.penalty.outcome}/${m.state.ipc.outcome}`);
    // One message per change, not per step.
    assert.deepEqual(outcomes, [...new Set(outcomes)], outcomes.join(' '));
    assert.ok(outcomes.length >= 2 && outcomes.length <= 3, outcomes.join(' '));
    const end = states.at(-1).state;
    assert.ok(end.ipc.xmax_minus_wall_m < 0, 'the IPC ball never reaches the wall');
    assert.deepEqual(end, await frameState(frame));
    for (const m of await messages(page, 'ipc-wall:state')) assert.deepEqual(Object.keys(m).sort(), ['state', 'type']);
    assert.deepEqual(await messages(page, 'ipc-wall:error'), []);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('malformed and unknown messages, and messages from anyone but the parent, are ignored silently', async () => {
  const { page, context, frame, consoleErrors, dialogs } = await openArticle(
    `<iframe src="${baseUrl}?embed=1" title="figure" style="width:100%;height:1400px;border:0"></iframe>`,
    { contextOptions: { reducedMotion: 'reduce' } },
  );
  try {
    await page.evaluate(() => window.send({ type: 'ipc-wall:step' }));
    await frame.waitForFunction(() => window.ipcWall.getState().step === 1);
    const before = await frameState(frame);
    const sent = await page.evaluate(() => {
      const junk = [
        null,
        undefined,
        42,
        'ipc-wall:play',
        ['ipc-wall:play'],
        {},
        { type: 'ipc-wall:nope' },
        { type: 'IPC-WALL:PLAY' },
        { type: 'ipc-wall:play', extra: 1 },
        { type: 'ipc-wall:step', params: {} },
        { type: 'ipc-wall:set' },
        { type: 'ipc-wall:set', params: null },
        { type: 'ipc-wall:set', params: [1, 2] },
        { type: 'ipc-wall:set', params: 'v0=50' },
        { type: 'ipc-wall:set', params: new Map([['v0', 50]]) },
        { type: 'ipc-wall:set', params: new Date() },
        { type: 'ipc-wall:set', params: { v0: 50 }, extra: true },
        { type: 42 },
        { type: ['ipc-wall:play'] },
        { type: { toString: null } },
        new Map([['type', 'ipc-wall:play']]),
        new Blob(['ipc-wall:play']),
        { type: 'constructor' },
        { type: '__proto__' },
        { type: 'ipc-wall:resize', height: 10 },
        { type: 'ipc-wall:state', state: {} },
      ];
      for (const m of junk) window.send(m);
      return junk.length;
    });
    assert.ok(sent > 20);
    // The figure itself posting a command to itself is not its parent either.
    await frame.evaluate(() => {
      window.postMessage({ type: 'ipc-wall:play' }, '*');
      window.postMessage({ type: 'ipc-wall:set', params: { v0: 50 } }, '*');
    });
    // Let every message arrive, then a real one to know they were all handled before it.
    await page.evaluate(() => window.send({ type: 'ipc-wall:pause' }));
    await page.waitForTimeout(500);
    await nextFrames(frame, 3);
    assert.deepEqual(await frameState(frame), before, 'nothing changed');
    assert.equal(await frame.locator('#note').isVisible(), false, 'silently');
    assert.deepEqual(await messages(page, 'ipc-wall:error'), []);
    const t = await traces(frame);
    assert.deepEqual(t.errors, []);
    assert.deepEqual(t.injected, []);
    assert.equal(t.markers, 0);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('hostile values in ipc-wall:set change nothing, are named in a note and reported to the parent', async () => {
  const { page, context, frame, consoleErrors, dialogs } = await openArticle(
    `<iframe src="${baseUrl}?embed=1&lang=en" title="figure" style="width:100%;height:1400px;border:0"></iframe>`,
    { contextOptions: { reducedMotion: 'reduce' } },
  );
  try {
    await page.evaluate(() => window.send({ type: 'ipc-wall:step' }));
    await frame.waitForFunction(() => window.ipcWall.getState().step === 1);
    const before = await frameState(frame);
    const cases = [
      [{ v0: NaN }, /v0 = “NaN” \(not a finite number\)/],
      [{ v0: Infinity }, /v0 = “Infinity”/],
      [{ h: -Infinity }, /h = “-Infinity”/],
      [{ k: 1e300 }, /k = 1e\+300 \(allowed: 100\sN\/m to 10¹⁰\sN\/m\)/],
      [{ dhat: 1e-300 }, /dhat = 1e-300 \(allowed/],
      [{ kappa: 0 }, /kappa = 0 \(allowed: 1 to 10⁸\)/],
      [{ mass: -1 }, /mass = -1/],
      [{ v0: '5' }, /v0 = “5” \(not a finite number\)/],
      [{ v0: null }, /v0 = “null”/],
      [{ v0: { valueOf: 5 } }, /v0 = “object”/],
      [{ v0: [5] }, /v0 = “object”/],
      [{ v0: 5, nope: 1 }, /nope \(unknown parameter\)/],
      [{ steps: 2.5 }, /steps = 2\.5 \(not accepted\)/],
      ...PAYLOADS.map((p) => [{ [p]: 1, v0: p }, /unknown parameter/]),
    ];
    for (const [params, pattern] of cases) {
      const nErrors = (await messages(page, 'ipc-wall:error')).length;
      await page.evaluate((params) => window.send({ type: 'ipc-wall:set', params }), params);
      await page.waitForFunction((n) => window.msgs.filter((m) => m.type === 'ipc-wall:error').length > n, nErrors);
      const err = (await messages(page, 'ipc-wall:error')).at(-1);
      assert.match(err.message, pattern, JSON.stringify(params));
      assert.ok(await frame.locator('#note').isVisible(), `a visible note for ${JSON.stringify(params)}`);
      const note = await frame.locator('#note-text').textContent();
      assert.ok(note.startsWith('Ignored a request from the page around the figure: '), note);
      assert.match(note, pattern);
      assert.deepEqual(await frameState(frame), before, `${JSON.stringify(params)} changed the state`);
    }
    await assertNoTraces(frame);
    assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
    // And a good message still works afterwards.
    await page.evaluate(() => window.send({ type: 'ipc-wall:set', params: { v0: 2 } }));
    await frame.waitForFunction(() => window.ipcWall.getState().params.v0 === 2);
  } finally {
    await context.close();
  }
});

test('the Embed button copies a snippet that, pasted into an article, shows the figure sized to fit', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, {
    query: '?lang=es',
    contextOptions: { reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] },
  });
  let snippet;
  try {
    await page.evaluate(() => window.ipcWall.set({ v0: 50, dhat: 1e-4 }));
    await page.getByRole('button', { name: 'Insertar', exact: true }).click();
    await page.locator('#share-text').waitFor({ state: 'visible' });
    snippet = await page.locator('#share-text').inputValue();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
    assert.match(await page.locator('#share-status').textContent(), /copiado/);
    const src = new URL(snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'));
    assert.equal(src.origin + src.pathname, new URL(baseUrl).origin + new URL(baseUrl).pathname);
    assert.equal(src.searchParams.get('embed'), '1');
    assert.equal(src.searchParams.get('lang'), 'es');
    assert.equal(src.searchParams.get('v0'), '50');
    assert.equal(src.searchParams.get('dhat'), '0.0001');
    assert.match(snippet, /title="Figura interactiva: una pelota lanzada contra una pared de 20 mm/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }

  // Paste it into an article, as the author would.
  const art = await openArticle(snippet, { width: 900 });
  try {
    const s = await art.frame.evaluate(() => window.ipcWall.getState());
    assert.equal(s.params.v0, 50);
    assert.equal(s.params.dhat, 1e-4);
    assert.equal(await art.frame.evaluate(() => document.documentElement.lang), 'es');
    // The snippet's few lines size the iframe from the resize message.
    await art.page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:resize'));
    await nextFrames(art.frame, 3);
    const figH = await art.frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
    await art.page.waitForFunction((h) => document.querySelector('iframe').getBoundingClientRect().height === h, figH);
    assert.deepEqual(art.consoleErrors, []);
  } finally {
    await art.context.close();
  }
});

test('a view\'s snippet at the chosen width: allowed to copy, with a fallback, and as tall as the view there (nothing jumps)', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, {
    query: '?lang=en',
    contextOptions: { reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] },
  });
  const WIDTH = 390;
  let snippet;
  try {
    await page.getByRole('button', { name: 'Embed', exact: true }).click();
    await page.locator('#embed-options').waitFor({ state: 'visible' });
    await page.locator('#embed-view').selectOption('throw');
    await page.locator('#embed-width').fill(String(WIDTH));
    await page.locator('#embed-width').dispatchEvent('change');
    await page.locator('#embed-copy').click();
    await page.waitForFunction(() => /view=throw/.test(document.getElementById('share-text').value) && /copied/i.test(document.getElementById('share-status').textContent));
    snippet = await page.locator('#share-text').inputValue();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
  const iframe = snippet.match(/<iframe [^>]*>/)[0];
  assert.match(iframe, / allow="clipboard-write"/);
  assert.match(iframe, / title="[^"]+"/);
  assert.match(snippet, /<noscript><a href="[^"]+">.+<\/a><\/noscript>/s, 'a link for a CMS that strips scripts');
  const height = Number(iframe.match(/ height="(\d+)"/)[1]);
  assert.ok(height > 200 && height < 3000, `a plausible height (${height})`);

  // Pasted into an article whose column is that wide: the view reports the height the
  // snippet already has, so the text below it does not move.
  const art = await openArticle(`<div style="width:${WIDTH}px">${snippet}<p id="below">Texto</p></div>`, { width: WIDTH + 40, contextOptions: { reducedMotion: 'reduce' } });
  try {
    const before = await art.page.evaluate(() => document.getElementById('below').getBoundingClientRect().top);
    await art.page.waitForFunction(() => window.msgs.some((m) => m.type === 'ipc-wall:resize'));
    await nextFrames(art.frame, 3);
    const reported = (await messages(art.page, 'ipc-wall:resize')).at(-1).height;
    assert.ok(Math.abs(reported - height) <= 1, `the view is ${reported} px tall at ${WIDTH} px; the snippet said ${height}`);
    const after = await art.page.evaluate(() => document.getElementById('below').getBoundingClientRect().top);
    assert.ok(Math.abs(after - before) <= 1, `the article's text moved from ${before} to ${after}`);
    assert.deepEqual(art.consoleErrors, []);
  } finally {
    await art.context.close();
  }
});

test('inside an article on another origin, Copy link writes the clipboard (and only with allow="clipboard-write")', async () => {
  for (const allowed of [true, false]) {
    const src = `${baseUrl}?embed=1&lang=en&v0=2`;
    const body = `<iframe src="${src}" title="figure" style="width:100%;height:1400px;border:0"${allowed ? ' allow="clipboard-write"' : ''}></iframe>`;
    const art = await openArticle(body, { contextOptions: { reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] } });
    try {
      await art.frame.locator('#copy-link').click();
      await art.frame.waitForFunction(() => document.getElementById('share-status').textContent !== '');
      const status = await art.frame.locator('#share-status').textContent();
      if (allowed) {
        assert.match(status, /copied/i, `copied, not "${status}"`);
        const link = await art.frame.locator('#share-text').inputValue();
        assert.match(link, /v0=2/);
        assert.equal(await art.page.evaluate(() => navigator.clipboard.readText()), link);
      } else {
        // Without the permission the browser refuses, and the reader is told to copy by hand.
        assert.doesNotMatch(status, /copied/i, 'the control: copy fails without allow');
      }
    } finally {
      await art.context.close();
    }
  }
});

test('a figure in a closed <details> of the article waits quietly, and draws once opened', async () => {
  const { page, context, frame, consoleErrors } = await openArticle(
    `<details><summary>Ver la figura</summary><iframe src="${baseUrl}?embed=1" title="figura" style="width:100%;height:1400px;border:0"></iframe></details>`,
    { contextOptions: { reducedMotion: 'reduce' }, wait: false },
  );
  try {
    // Closed: the frame has no size (and no animation frames); nothing may fail meanwhile.
    await frame.waitForFunction(() => typeof window.ipcWall?.ready?.then === 'function', null, { polling: 100 });
    await page.waitForTimeout(500);
    assert.deepEqual(consoleErrors, [], 'no error while it has no room');
    await page.locator('summary').click();
    await waitReady(frame);
    await frame.evaluate(() => window.ipcWall.step());
    await frame.waitForFunction(() => document.getElementById('energy').clientWidth > 300, null, { polling: 100 });
    await nextFrames(frame, 3);
    const colours = await frame.evaluate(() => {
      const c = document.getElementById('energy');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 53) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      return seen.size;
    });
    assert.ok(colours >= 10, `the energy plot is drawn once there is room (${colours} colours)`);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
