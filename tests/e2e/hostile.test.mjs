// Every class of hostile input the robustness issue names, at every entry point of the page:
// the link (?v0=…), window.ipcWall.set and the article's postMessage. One table of classes;
// each value of a class is tried at each of the 11 parameters (and as an unknown key). Every
// try must be refused with a message naming what is wrong, change nothing, and let nothing
// reach window.onerror. The tries are counted and written to
// <artifacts>/hostile-<entry point>.json, which the README's "What we tried" table reports.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { artifactsDir, baseUrl, useBrowser, useArticle, articlePage, watchPage, figureFrame } from './harness.mjs';
import { openGuarded, waitReady, traces, watch, PAYLOADS } from './guarded.mjs';

/** The core's parameter names (parameterSpecs()), all of which a link and set() take. */
const NAMES = ['v0', 'h', 'k', 'dhat', 'kappa', 'mass', 'wall', 'thickness', 'ccd_safety', 'tol', 'steps'];

/**
 * The classes. `link`: the values as text in an address; `keys`: the class is about names,
 * each key is tried with the value 1. The values for set() and postMessage are made inside
 * the page by `valuesOf` (NaN, -0 and objects do not survive JSON).
 */
const CLASSES = [
  { name: 'NaN', link: ['NaN', 'nan'] },
  { name: '+Infinity', link: ['Infinity', '+Infinity', 'inf'] },
  { name: '-Infinity', link: ['-Infinity'] },
  { name: '1e999', link: ['1e999', '-1e999'] },
  { name: 'zero', link: ['0', '-0', '0.0'] },
  { name: 'negative', link: ['-1', '-0.001'] },
  { name: 'huge (1e300)', link: ['1e300', '1.7976931348623157e308'] },
  { name: 'tiny (1e-300)', link: ['1e-300', '5e-324'] },
  { name: 'string', link: ['abc', '', '0x10', '5 m/s'] },
  { name: 'object', link: ['{}', '[object Object]', '{"v0":5}', '[5]'] },
  { name: 'null', link: ['null', 'undefined'] },
  { name: 'unknown key', keys: ['speed', 'V0', '__proto__', 'constructor', 'toString', 'ccd safety'] },
  { name: 'HTML or script', link: PAYLOADS, keys: PAYLOADS },
];

/**
 * Runs in the page (passed whole to evaluate: the page's CSP forbids eval). Builds each
 * class's tries, [{key, value}]: each value at each name, then each bad key with 1. Then,
 * `mode` "set": calls window.ipcWall.set once per try and reports {name, tries, refused,
 * failures} per class; "post": posts {type: "ipc-wall:set", params} to the page's iframe once
 * per try and returns, per class, the keys delivered (null: not cloneable, never sent).
 */
function hostileInPage({ classes, names, payloads, mode }) {
  const valuesOf = (name) =>
    ({
      NaN: [NaN],
      '+Infinity': [Infinity],
      '-Infinity': [-Infinity],
      '1e999': [1e999, -1e999],
      zero: [0, -0],
      negative: [-1, -0.001],
      'huge (1e300)': [1e300, Number.MAX_VALUE],
      'tiny (1e-300)': [1e-300, Number.MIN_VALUE],
      string: ['5', 'abc', '', '0x10'],
      object: [{}, [5], { valueOf: () => ((window.__pwned = 'valueOf'), 5) }, new Date(0), new Map([['v0', 5]]), 5n, () => 5],
      null: [null, undefined],
      'unknown key': [],
      'HTML or script': payloads,
    })[name];
  const triesOf = (c) => {
    const tries = [];
    for (const value of valuesOf(c.name)) for (const key of names) tries.push({ key, value });
    for (const key of c.keys ?? []) tries.push({ key, value: 1 });
    return tries;
  };
  if (mode === 'post') {
    const figure = document.querySelector('iframe').contentWindow;
    return classes.map((c) =>
      triesOf(c).map(({ key, value }) => {
        try {
          figure.postMessage({ type: 'ipc-wall:set', params: { [key]: value } }, '*');
          return String(key);
        } catch {
          return null; // a function cannot be cloned: the browser refuses to send it
        }
      }),
    );
  }
  const state = () => JSON.stringify(window.ipcWall.getState());
  const before = state();
  return classes.map((c) => {
    const out = { name: c.name, tries: 0, refused: 0, failures: [] };
    for (const { key, value } of triesOf(c)) {
      out.tries += 1;
      const shown = `${String(key).slice(0, 30)}: ${typeof value === 'bigint' ? `${value}n` : String(value).slice(0, 30)}`;
      try {
        window.ipcWall.set({ [key]: value });
        out.failures.push(`${shown}: accepted`);
      } catch (e) {
        const named = e.message.includes(String(key).slice(0, 20));
        if (!(e instanceof Error) || e.message.length > 300 || !named) out.failures.push(`${shown}: ${e.message}`);
        else out.refused += 1;
      }
      if (state() !== before) {
        out.failures.push(`${shown}: changed the state`);
        break;
      }
    }
    return out;
  });
}

function writeSummary(entry, counts) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `hostile-${entry}.json`);
  fs.writeFileSync(file, `${JSON.stringify(counts, null, 2)}\n`);
  const total = Object.values(counts).reduce((n, c) => n + c.tries, 0);
  console.log(`hostile input, ${entry}: ${total} tries, all refused (${file})`);
}

const browser = useBrowser();

test('window.ipcWall.set: every hostile class at every parameter throws an Error, changes nothing', async () => {
  const { page, context, consoleErrors, dialogs } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.evaluate(() => window.ipcWall.step());
    const results = await page.evaluate(hostileInPage, { classes: CLASSES, names: NAMES, payloads: PAYLOADS, mode: 'set' });
    const counts = {};
    for (const r of results) {
      assert.deepEqual(r.failures, [], r.name);
      assert.ok(r.tries >= 6, `${r.name}: ${r.tries} tries`);
      assert.equal(r.refused, r.tries, r.name);
      counts[r.name] = { tries: r.tries, refused: r.refused };
    }
    const t = await traces(page);
    assert.deepEqual(t.errors, [], 'nothing reached window.onerror');
    assert.deepEqual(t.violations, []);
    assert.equal(t.pwned, null, 'no value was coerced or run');
    assert.deepEqual(t.injected, []);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
    // Still the article's figure.
    const end = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal((-end.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
    writeSummary('set', counts);
  } finally {
    await context.close();
  }
});

test('the link: every hostile class at every parameter is named in a note, the defaults apply', async () => {
  const { page, context, consoleErrors, dialogs } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  const counts = {};
  try {
    const defaults = await page.evaluate(() => window.ipcWall.getState().params);
    for (const c of CLASSES) {
      // One address per value (11 problems fit the note, which lists up to 40), one per key.
      const links = (c.link ?? []).map((v) => NAMES.map((k) => [k, v])).concat((c.keys ?? []).map((k) => [[k, '1']]));
      counts[c.name] = { tries: 0, refused: 0 };
      for (const pairs of links) {
        const query = `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
        await page.goto(baseUrl + query);
        await waitReady(page);
        const what = `${c.name}: ${query.slice(0, 80)}`;
        assert.deepEqual(await page.evaluate(() => window.ipcWall.getState().params), defaults, `${what}: the defaults apply`);
        assert.ok(await page.locator('#note').isVisible(), `${what}: a visible note`);
        const note = await page.locator('#note-text').textContent();
        assert.match(note, /^Ignored in the link: /, what);
        for (const [k, v] of pairs) {
          // An unknown key is named without its value.
          const named = note.includes(k.slice(0, 20)) && (!NAMES.includes(k) || note.includes(v.slice(0, 20)));
          assert.ok(named, `${what}: ${k}=${v} not named in ${note}`);
        }
        assert.ok(note.length < 3000, `${what}: a ${note.length}-character note`);
        const t = await traces(page);
        assert.deepEqual(t.errors, [], `${what}: nothing reached window.onerror`);
        assert.deepEqual(t.violations, [], what);
        assert.equal(t.pwned, null, what);
        assert.deepEqual(t.injected, [], what);
        counts[c.name].tries += pairs.length;
        counts[c.name].refused += pairs.length;
      }
    }
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
    writeSummary('link', counts);
  } finally {
    await context.close();
  }
});

// The article, on another origin, frames the figure and keeps its error reports.
const article = useArticle(() =>
  articlePage(`<iframe src="${baseUrl}?embed=1&lang=en" title="figure" style="width:100%;height:1400px;border:0"></iframe>`, {
    script: `
window.errors = [];
addEventListener('message', (e) => {
  if (e.source === document.querySelector('iframe').contentWindow && e.data?.type === 'ipc-wall:error') window.errors.push(e.data.message);
});
`,
  }),
);

test('postMessage ipc-wall:set: every hostile class at every parameter is refused, named, reported; nothing changes', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
  await context.addInitScript(watch);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const { consoleErrors } = watchPage(page);
  try {
    await page.goto(article.url);
    const frame = await figureFrame(page);
    await waitReady(frame);
    await frame.evaluate(() => window.ipcWall.step());
    const before = await frame.evaluate(() => window.ipcWall.getState());
    const counts = {};
    for (const c of CLASSES) {
      // Sent from the article as a parent would: one message per try, in order.
      const [sent] = await page.evaluate(hostileInPage, { classes: [c], names: NAMES, payloads: PAYLOADS, mode: 'post' });
      const delivered = sent.filter((k) => k !== null);
      await page.waitForFunction((n) => window.errors.length >= n, delivered.length);
      const errors = await page.evaluate(() => window.errors.splice(0));
      assert.equal(errors.length, delivered.length, `${c.name}: one error message per try`);
      delivered.forEach((k, i) => assert.ok(errors[i].includes(k.slice(0, 20)), `${c.name}: ${errors[i]} names ${k}`));
      assert.ok(await frame.locator('#note').isVisible(), `${c.name}: a visible note`);
      assert.match(await frame.locator('#note-text').textContent(), /^Ignored a request from the page around the figure: /);
      assert.deepEqual(await frame.evaluate(() => window.ipcWall.getState()), before, `${c.name} changed the state`);
      counts[c.name] = { tries: sent.length, refused: delivered.length, uncloneable: sent.length - delivered.length };
    }
    const t = await traces(frame);
    assert.deepEqual(t.errors, [], 'nothing reached window.onerror');
    assert.deepEqual(t.violations, []);
    assert.equal(t.pwned, null);
    assert.deepEqual(t.injected, []);
    assert.deepEqual(consoleErrors, []);
    writeSummary('postMessage', counts);
  } finally {
    await context.close();
  }
});
