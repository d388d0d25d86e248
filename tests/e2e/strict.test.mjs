// A strict page: a Content-Security-Policy of its own origin only (plus what wasm needs), in
// the server's header and in a meta tag for hosts that send none; no HTML built from data;
// and window.ipcWall answers hostile values with an Error, changing nothing, running nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, useBrowser } from './harness.mjs';
import { openGuarded, nextFrames, traces, assertNoTraces, PAYLOADS } from './guarded.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const browser = useBrowser();

/** {directive: [sources]} of a policy string. */
function parsePolicy(p) {
  return Object.fromEntries(
    p
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** The policy allows only this origin, and of the unsafe things only wasm compilation. */
function assertStrict(policy, where) {
  const p = parsePolicy(policy);
  assert.deepEqual(p['default-src'], ["'self'"], `${where}: default-src`);
  assert.deepEqual(p['script-src'], ["'self'", "'wasm-unsafe-eval'"], `${where}: script-src`);
  assert.deepEqual(p['object-src'], ["'none'"], `${where}: object-src`);
  assert.deepEqual(p['base-uri'], ["'none'"], `${where}: base-uri`);
  for (const [name, sources] of Object.entries(p)) {
    if (name === 'frame-ancestors') continue; // who may embed the figure: any article
    for (const s of sources) {
      assert.ok(["'self'", "'none'", "'wasm-unsafe-eval'", 'data:'].includes(s), `${where}: ${name} allows ${s}`);
      if (s === 'data:') assert.equal(name, 'img-src', `${where}: data: only for images`);
    }
  }
}

test('CSP: the header and the meta tag allow only the page itself and wasm; the page works under them', async () => {
  const { page, context, consoleErrors } = await openGuarded(browser, { wait: false });
  try {
    const res = await page.goto(baseUrl);
    const header = res.headers()['content-security-policy'];
    assert.ok(header, 'the server sends a Content-Security-Policy');
    assertStrict(header, 'header');
    const meta = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content);
    assert.ok(meta, 'index.html carries the policy for hosts that send no header');
    assertStrict(meta, 'meta');
    // The meta tag is the first thing in <head> after the charset, so it covers every load.
    const order = await page.evaluate(() => [...document.head.children].map((e) => e.tagName.toLowerCase() + (e.httpEquiv ? `:${e.httpEquiv}` : '')));
    assert.ok(order.indexOf('meta:Content-Security-Policy') < order.indexOf('script'), order.join(' '));
    assert.ok(order.indexOf('meta:Content-Security-Policy') < order.indexOf('link'), order.join(' '));

    await page.evaluate(() => window.ipcWall.ready);
    const s = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal((-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0', 'wasm runs under the policy');
    const t = await traces(page);
    assert.deepEqual(t.violations, [], 'the page itself breaks no rule');
    assert.deepEqual(consoleErrors, []);

    // And the policy bites: inline script, string timers, inline styles and other hosts are refused.
    const tried = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = "inline"';
      document.body.append(s);
      setTimeout('window.__pwned = "timer"', 0);
      const img = document.createElement('img');
      img.src = 'https://example.com/pixel.png';
      document.body.append(img);
      await new Promise((r) => setTimeout(r, 300));
      s.remove();
      img.remove();
      return { pwned: window.__pwned ?? null, violations: window.__watch.violations.slice() };
    });
    assert.equal(tried.pwned, null);
    for (const d of ['script-src-elem inline', 'script-src eval', 'img-src https://example.com/pixel.png']) {
      assert.ok(tried.violations.includes(d), `${d} refused: ${tried.violations.join(', ')}`);
    }
  } finally {
    await context.close();
  }
});

test('no HTML from data anywhere: the page code builds the DOM with textContent and attributes only', () => {
  const files = fs.readdirSync(path.join(root, 'www')).filter((f) => f.endsWith('.js'));
  assert.ok(files.length >= 7, files.join(' '));
  const sinks = /\b(innerHTML|outerHTML|insertAdjacentHTML|createContextualFragment|parseFromString|srcdoc)\b|document\.write|\beval\s*\(|new\s+Function\s*\(|set(Timeout|Interval)\s*\(\s*['"`]/;
  const found = [];
  for (const f of files) {
    fs.readFileSync(path.join(root, 'www', f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (sinks.test(line)) found.push(`www/${f}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, []);
  // The page itself: no inline script, no inline style or handler attribute, no remote source.
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  assert.deepEqual([...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]), [], 'inline <script>');
  assert.deepEqual([...html.matchAll(/<style\b/g)].map((m) => m[0]), [], 'inline <style>');
  assert.deepEqual([...html.matchAll(/\s(on\w+|style)=/g)].map((m) => m[0]), [], 'inline handlers or styles');
  assert.deepEqual([...html.matchAll(/(src|href)="(https?:)?\/\/[^"]*"/g)].map((m) => m[0]), [], 'remote resources');
});

test('window.ipcWall.set: hostile values throw an Error naming what is wrong, and change nothing', async () => {
  const { page, context, consoleErrors, dialogs } = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce' } });
  try {
    await page.evaluate(() => window.ipcWall.step());
    const before = await page.evaluate(() => window.ipcWall.getState());
    // Each case is built inside the page (NaN, Infinity, Proxies do not cross as JSON).
    const results = await page.evaluate((payloads) => {
      const cases = {
        'v0: NaN': { v0: NaN },
        'v0: Infinity': { v0: Infinity },
        'h: -Infinity': { h: -Infinity },
        'k: 1e999': { k: 1e999 },
        'v0: 0': { v0: 0 },
        'dhat: 0': { dhat: 0 },
        'h: -0.01': { h: -0.01 },
        'mass: -1': { mass: -1 },
        'k: 1e300': { k: 1e300 },
        'kappa: 1e300': { kappa: 1e300 },
        'h: 1e-300': { h: 1e-300 },
        'thickness: 1e-300': { thickness: 1e-300 },
        "v0: '5'": { v0: '5' },
        'v0: null': { v0: null },
        'v0: undefined': { v0: undefined },
        'v0: true': { v0: true },
        'v0: 5n': { v0: 5n },
        'v0: {}': { v0: {} },
        'v0: [5]': { v0: [5] },
        'v0: valueOf': { v0: { valueOf: () => ((window.__pwned = 'valueOf'), 5) } },
        'v0: Symbol': { v0: Symbol('5') },
        'unknown key': { v0: 6, speed: 1 },
        'too many keys': Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 1])),
        null: null,
        undefined: undefined,
        number: 5,
        string: 'v0=5',
        array: [5],
        Map: new Map([['v0', 5]]),
        Date: new Date(),
        'class instance': new (class P { constructor() { this.v0 = 5; } })(),
        'throwing getter': Object.defineProperty({}, 'v0', { enumerable: true, get: () => { throw new Error('boom'); } }),
        'throwing Proxy': new Proxy({}, { ownKeys: () => { throw new Error('boom'); } }),
        'Proxy with prototype trap': new Proxy({ v0: 5 }, { getPrototypeOf: () => { throw new Error('boom'); } }),
      };
      payloads.forEach((p, i) => {
        cases[`payload key ${i}`] = { [p]: 1 };
        cases[`payload value ${i}`] = { v0: p };
      });
      const out = {};
      for (const [name, partial] of Object.entries(cases)) {
        try {
          window.ipcWall.set(partial);
          out[name] = { threw: false };
        } catch (e) {
          out[name] = { threw: true, isError: e instanceof Error, message: String(e.message) };
        }
      }
      return out;
    }, PAYLOADS);
    const names = {
      'v0: NaN': /\bv0\b/,
      'h: -Infinity': /\bh\b/,
      'k: 1e999': /\bk\b/,
      'dhat: 0': /\bdhat\b/,
      'kappa: 1e300': /\bkappa\b/,
      'thickness: 1e-300': /\bthickness\b/,
      "v0: '5'": /v0 must be a number, not string/,
      'v0: null': /v0 must be a number, not null/,
      'unknown key': /\bspeed\b/,
      'too many keys': /more than 32 keys/,
      null: /plain object/,
      array: /plain object/,
      'class instance': /plain object/,
      'throwing Proxy': /plain object/,
    };
    for (const [name, r] of Object.entries(results)) {
      assert.ok(r.threw && r.isError, `set(${name}) should throw an Error`);
      assert.ok(r.message.length < 300, `set(${name}): a short message`);
      if (names[name]) assert.match(r.message, names[name], `set(${name})`);
    }
    assert.deepEqual(await page.evaluate(() => window.ipcWall.getState()), before, 'the state is unchanged');
    // x̃ through the API: only finite numbers within reach.
    const xt = await page.evaluate(() =>
      [NaN, Infinity, -Infinity, 1e300, -1e300, '0.5', null, {}].map((x) => {
        try {
          window.ipcWall.setXTilde(x);
          return 'accepted';
        } catch (e) {
          return e instanceof Error ? 'Error' : 'other';
        }
      }),
    );
    assert.deepEqual(xt, Array(8).fill('Error'));
    await nextFrames(page, 2);
    await assertNoTraces(page);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
    assert.match(await page.locator('#p-v0-value').textContent(), /^5\s?m\/s$/);
    assert.match(await page.locator('#xt-value').textContent(), /^0\.\d{4}\sm$/);
    // And the figure still works as the article says.
    const end = await page.evaluate(() => window.ipcWall.runToEnd());
    assert.equal((-end.ipc.xmax_minus_wall_m * 1e6).toFixed(1), '24.0');
  } finally {
    await context.close();
  }
});
