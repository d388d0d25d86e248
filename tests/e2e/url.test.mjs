// The figure's state in its address: a link restores what the reader saw, dragging rewrites
// the address (once, after the drag), "Copy link" copies it, and whatever a link holds that
// the figure does not accept is named in a note and changes nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser } from './harness.mjs';
import { openGuarded, nextFrames, traces, assertNoTraces, PAYLOADS } from './guarded.mjs';

const browser = useBrowser();

const PARAMS = ['v0', 'h', 'k', 'dhat', 'kappa', 'mass', 'wall', 'thickness'];

test('a link with every parameter restores them, and the throw ends as those parameters say', async () => {
  const query = '?v0=1&h=0.002&k=100000&dhat=0.0001&kappa=100&mass=2&wall=0.3&thickness=0.01';
  const { page, context, consoleErrors } = await openGuarded(browser, { query, contextOptions: { reducedMotion: 'reduce' } });
  try {
    const s = await page.evaluate(() => window.ipcWall.getState());
    assert.deepEqual(
      PARAMS.map((n) => s.params[n]),
      [1, 0.002, 1e5, 1e-4, 100, 2, 0.3, 0.01],
    );
    assert.equal(await page.locator('#note').isVisible(), false, 'a valid link shows no note');
    // The sliders show the link's values.
    assert.match(await page.locator('#p-v0-value').textContent(), /^1\s?m\/s$/);
    assert.match(await page.locator('#p-h-value').textContent(), /^2\s?ms$/);
    assert.match(await page.locator('#p-dhat-value').textContent(), /^100\s?µm$/);
    // The same throw as the API gives for these parameters, from a clean page.
    const fromLink = await page.evaluate(() => window.ipcWall.runToEnd());
    const clean = await openGuarded(browser);
    try {
      await clean.page.evaluate(() =>
        window.ipcWall.set({ v0: 1, h: 0.002, k: 1e5, dhat: 1e-4, kappa: 100, mass: 2, wall: 0.3, thickness: 0.01 }),
      );
      const fromApi = await clean.page.evaluate(() => window.ipcWall.runToEnd());
      assert.deepEqual(fromLink, fromApi);
    } finally {
      await clean.context.close();
    }
    // Nothing was rewritten on load.
    assert.equal(await page.evaluate(() => location.search), query);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('round trip: slider changes reach the address after the drag, and that address gives them back', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.evaluate(() => {
      window.__replaced = [];
      const orig = history.replaceState.bind(history);
      history.replaceState = (s, t, url) => {
        window.__replaced.push(String(url));
        return orig(s, t, url);
      };
    });
    const before = await page.evaluate(() => location.href);
    // A drag: six moves of v0 a few frames apart, then k from the keyboard.
    const v0 = page.locator('input[type=range][name=v0]');
    await v0.focus();
    // The address is rewritten 350 ms after a change (main.js URL_DEBOUNCE_MS) unless another
    // came first. A busy machine may pause this drag longer than that, and a pause may be
    // written: a move is held to "not yet" only when the changes that could be pending, this
    // one's two predecessors, came less than 300 ms ago; each pause may add a rewrite.
    let pauses = 0;
    const pressed = [];
    let seen = before;
    for (let i = 0; i < 6; i++) {
      pressed.push(Date.now());
      await page.keyboard.press('ArrowRight');
      const href = await page.evaluate(() => location.href);
      if (Date.now() - pressed[Math.max(0, i - 2)] < 300) assert.equal(href, seen, 'the address waits for the drag to pause');
      else pauses += 1;
      seen = href;
      await nextFrames(page, 2);
    }
    await page.locator('input[type=range][name=k]').focus();
    pauses += Date.now() - pressed[4] >= 300 ? 1 : 0;
    await page.keyboard.press('End');
    const want = await page.evaluate(() => window.ipcWall.getState().params);
    assert.equal(want.v0, 20, '6 positions right of 5 m/s');
    assert.equal(want.k, 1e10);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('k') === '10000000000');
    const replaced = await page.evaluate(() => window.__replaced);
    assert.ok(replaced.length <= 2 + pauses, `debounced: ${replaced.length} rewrites for 7 changes, ${pauses} pauses (${replaced.join(', ')})`);

    const url = await page.evaluate(() => location.href);
    const q = new URL(url).searchParams;
    for (const n of PARAMS) assert.equal(Number(q.get(n)), want[n], `${n} in ${url}`);
    assert.equal(q.get('embed'), null);

    // "Copy link" gives the same address, on the clipboard and in the field.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl).origin });
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await page.locator('#share-text').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#share-text').inputValue(), url);
    assert.match(await page.locator('#share-status').textContent(), /Link copied/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);

    // Opening the link in a new page restores every parameter.
    const again = await openGuarded(browser, { query: url.slice(baseUrl.length) });
    try {
      const got = await again.page.evaluate(() => window.ipcWall.getState().params);
      assert.deepEqual(got, want);
      assert.equal(await again.page.locator('#note').isVisible(), false);
    } finally {
      await again.context.close();
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('window.ipcWall.set and the language switch update the address too', async () => {
  const { page, context } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.evaluate(() => window.ipcWall.set({ v0: 50, thickness: 0.05 }));
    await page.waitForFunction(() => new URLSearchParams(location.search).get('v0') === '50');
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('thickness')), '0.05');
    await page.getByRole('button', { name: 'Ver la figura en español', exact: true }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'es');
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('v0')), '50');
  } finally {
    await context.close();
  }
});

test('a new address leaves the Embed dialog’s view names as they are; a new language rewrites them', async () => {
  const { page, context } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    // Every write to the view picker's options, from now on.
    await page.evaluate(() => {
      window.__viewWrites = 0;
      new MutationObserver((m) => (window.__viewWrites += m.length)).observe(document.getElementById('embed-view'), { subtree: true, childList: true, characterData: true });
    });
    for (const v0 of [7, 9, 11]) {
      await page.evaluate((v0) => window.ipcWall.set({ v0 }), v0);
      await page.waitForFunction((v0) => new URLSearchParams(location.search).get('v0') === String(v0), v0);
    }
    assert.equal(await page.evaluate(() => window.__viewWrites), 0, 'the view names were written again on an address change');
    await page.getByRole('button', { name: 'Ver la figura en español', exact: true }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'es');
    assert.ok((await page.evaluate(() => window.__viewWrites)) > 0);
    const names = await page.locator('#embed-view option').allTextContents();
    assert.equal(names.length, 8);
    assert.equal(names[0], 'La figura completa');
  } finally {
    await context.close();
  }
});

test('a garbage link: bad values are named in a note, the defaults apply, nothing is injected', async () => {
  const clean = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  const cleanTraces = await traces(clean.page);
  const defaults = await clean.page.evaluate(() => window.ipcWall.getState().params);
  await clean.context.close();

  const bad = [
    ['v0', 'NaN'],
    ['h', 'Infinity'],
    ['k', '-Infinity'],
    ['dhat', '1e999'],
    ['kappa', '0'],
    ['mass', '-1'],
    ['wall', '1e300'],
    ['thickness', '1e-300'],
    ['v0', 'abc'],
    ['h', '0x10'],
    ['k', ''],
    ['dhat', '[object Object]'],
    ['kappa', 'null'],
    ['lang', 'fr'],
    ['embed', 'yes'],
    ['nope', '1'],
    ['__proto__', '1'],
    ...PAYLOADS.map((p, i) => (i % 2 ? ['v0', p] : [p, '1'])),
  ];
  const query = `?${bad.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
  const { page, context, consoleErrors, dialogs } = await openGuarded(browser, { query, contextOptions: { reducedMotion: 'reduce' } });
  try {
    assert.deepEqual(await page.evaluate(() => window.ipcWall.getState().params), defaults, 'the defaults apply');
    const note = page.locator('#note');
    assert.ok(await note.isVisible(), 'a visible note');
    const text = await page.locator('#note-text').textContent();
    assert.match(text, /^Ignored in the link: v0 = “NaN” \(not a finite number\); h = “Infinity”/);
    assert.match(text, /dhat = “1e999”/);
    assert.match(text, /kappa = 0 \(allowed: 1 to 10⁸\)/);
    assert.match(text, /; thickness = 1e-300 \(allowed: 0\.001\sm to 0\.2\sm\);/);
    assert.match(text, /; lang = “fr” \(allowed: en, es\); embed = “yes” \(allowed: 1, 0\); nope \(unknown parameter\);/);
    assert.match(text, /The defaults apply instead\.$/);
    // Every one is named (long ones cut short).
    for (const [k, v] of bad) assert.ok(text.includes(k.slice(0, 20)) && text.includes(v.slice(0, 20)), `${k}=${v} not named`);
    // Non-blocking: the figure plays on demand and the note stays until dismissed.
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    assert.equal(await page.evaluate(() => window.ipcWall.getState().step), 1);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', 'lang=fr is ignored');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), false);
    // The payloads are text, never markup or code.
    const t = await assertNoTraces(page);
    assert.deepEqual(t.scripts, cleanTraces.scripts);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
    // The note names the payload keys as text (cut to a short length).
    assert.ok(text.includes('<img src=x id="pwn1"'), text);
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
    assert.equal(await note.isVisible(), false);
    // The address keeps the garbage until the reader changes something; then it is clean.
    assert.deepEqual(await page.evaluate(() => [...new URLSearchParams(location.search)]), bad);
    await page.evaluate(() => window.ipcWall.set({ v0: 2 }));
    await page.waitForFunction(() => new URLSearchParams(location.search).get('v0') === '2');
    const keys = await page.evaluate(() => [...new URLSearchParams(location.search).keys()]);
    assert.deepEqual(keys, PARAMS);
  } finally {
    await context.close();
  }
});

test('valid values in a link apply even next to bad ones; a repeated key takes its last valid value', async () => {
  const { page, context } = await openGuarded(browser, {
    query: '?v0=50&h=abc&v0=2&k=1e8&v0=oops&lang=es',
    contextOptions: { reducedMotion: 'reduce' },
  });
  try {
    const p = await page.evaluate(() => window.ipcWall.getState().params);
    assert.equal(p.v0, 2);
    assert.equal(p.k, 1e8);
    assert.equal(p.h, 0.01);
    const text = await page.locator('#note-text').textContent();
    assert.equal(text, 'Se ignoró del enlace: h = «abc» (no es un número finito); v0 = «oops» (no es un número finito). Se usan los valores por defecto.');
  } finally {
    await context.close();
  }
});
