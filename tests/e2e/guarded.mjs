// A page opened with watchers installed before any of its scripts run: uncaught errors and
// rejections (what window.onerror sees), CSP violations, dialogs, console errors. Used by the
// tests that feed the figure hostile input and check that nothing escapes or runs.

import assert from 'node:assert/strict';
import { baseUrl, watchPage } from './harness.mjs';

/** Runs in every frame before the page's own scripts (pass it to context.addInitScript). */
export function watch() {
  const w = { errors: [], violations: [] };
  Object.defineProperty(window, '__watch', { value: w });
  window.addEventListener('error', (e) => w.errors.push(`error: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) => w.errors.push(`rejection: ${e.reason?.message ?? e.reason}`));
  document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  // Every element ever added that a payload would make (its marker, a dangerous tag, an
  // event-handler attribute), even if it is removed again at once.
  w.injected = [];
  const suspicious = (e) =>
    /^pwn/i.test(e.id || '') ||
    (typeof e.className === 'string' && /\bpwn/.test(e.className)) ||
    /^(pwn-x|script|iframe|object|embed|frame|base|form|meta)$/i.test(e.tagName) ||
    [...e.attributes].some((a) => /^on/i.test(a.name) || /javascript:/i.test(a.value));
  new MutationObserver((records) => {
    // What the server's HTML holds is not injected; what scripts add afterwards may be.
    if (document.readyState === 'loading') return;
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        for (const e of [n, ...n.querySelectorAll('*')]) if (suspicious(e)) w.injected.push(e.outerHTML.slice(0, 80));
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Opens `baseUrl + query` in a fresh context (`contextOptions` go to browser.newContext) and
 * waits for window.ipcWall.ready unless `wait` is false.
 * Returns {page, context, consoleErrors, dialogs}; close with context.close().
 */
export async function openGuarded(browser, { query = '', wait = true, contextOptions = {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...contextOptions });
  await context.addInitScript(watch);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const { consoleErrors, dialogs } = watchPage(page);
  await page.goto(baseUrl + query);
  if (wait) await waitReady(page);
  return { page, context, consoleErrors, dialogs };
}

/** Waits until the figure in `frame` (a page or a frame) has drawn its first frame; fails
 * after `timeout` ms rather than hang (evaluate itself has no timeout). */
export async function waitReady(frame, timeout = 10_000) {
  await frame.waitForFunction(() => typeof window.ipcWall?.ready?.then === 'function', null, { polling: 100, timeout });
  const ok = await frame.evaluate(
    (timeout) => Promise.race([window.ipcWall.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), timeout))]),
    timeout,
  );
  if (!ok) throw new Error(`window.ipcWall.ready did not resolve within ${timeout} ms`);
}

/** Lets the page draw the frames that follow a synchronous API call (fails after 5 s: a
 * hidden frame gets no animation frames). */
export async function nextFrames(frame, n = 2) {
  await frame.evaluate(
    (n) =>
      new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('no animation frame within 5 s')), 5000);
        const tick = (k) => (k ? requestAnimationFrame(() => tick(k - 1)) : resolve());
        tick(n);
      }),
    n,
  );
}

/** Drags the h slider with the mouse, 24 small moves a frame apart, with the CPU slowed
 * `rate`× (CDP `cdp`), as a slow phone would; returns what `held()` found before the release. */
export async function slowDrag(page, cdp, rate, held = async () => undefined) {
  const box = await page.locator('#p-h').boundingBox();
  const y = box.y + box.height / 2;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.mouse.move(box.x + 0.3 * box.width, y);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + (0.3 + 0.01 * i) * box.width, y);
    await nextFrames(page, 1);
  }
  const found = await held();
  await page.mouse.up();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return found;
}

/** What an injection would leave behind: uncaught errors, CSP violations, globals set by
 * payloads, elements carrying their markers, dangerous tags and handler attributes. */
export async function traces(frame) {
  return frame.evaluate(() => ({
    errors: window.__watch.errors.slice(),
    violations: window.__watch.violations.slice(),
    pwned: window.__pwned ?? null,
    scripts: [...document.scripts].map((s) => s.getAttribute('src') ?? `inline: ${s.textContent.slice(0, 40)}`),
    foreign: [...document.querySelectorAll('img, iframe, object, embed, svg, video, audio, form, base, frame, frameset, math')].map(
      (e) => e.outerHTML.slice(0, 80),
    ),
    handlers: [...document.querySelectorAll('*')].flatMap((e) =>
      [...e.attributes].filter((a) => /^on/i.test(a.name) || /javascript:/i.test(a.value)).map((a) => `${e.tagName} ${a.name}`),
    ),
    injected: window.__watch.injected.filter((h) => !/^<script type="module" src=/.test(h)),
    markers: document.querySelectorAll('[id^="pwn"], [class*="pwn"], pwn-x').length,
  }));
}

/** Asserts that nothing hostile got through in `frame`: no uncaught error, CSP violation,
 * coerced value, foreign element, handler attribute, element made from a payload or marker.
 * Returns the traces for further checks. */
export async function assertNoTraces(frame) {
  const t = await traces(frame);
  assert.deepEqual(t.errors, []);
  assert.deepEqual(t.violations, []);
  assert.equal(t.pwned, null, 'no value was coerced or run');
  assert.deepEqual(t.foreign, []);
  assert.deepEqual(t.handlers, []);
  assert.deepEqual(t.injected, [], 'no element made from a payload');
  assert.equal(t.markers, 0);
  return t;
}

/** Runs the throw to its end with the energy plot on screen and lets it draw; returns the
 * state and the plot's view, which follows the throw's x̃. */
export async function plotAtEnd(page) {
  await page.locator('#energy').scrollIntoViewIfNeeded();
  const s = await page.evaluate(() => window.ipcWall.runToEnd());
  await nextFrames(page);
  const v = await page.evaluate(() => window.ipcWall.energyView());
  assert.equal(v.following, true);
  return { s, v };
}

/** Strings that would do something if any of them reached HTML or a script. */
export const PAYLOADS = [
  '<img src=x id="pwn1" onerror="window.__pwned=1">',
  '"><script id="pwn2">window.__pwned=2</script>',
  'javascript:window.__pwned=3',
  '<svg id="pwn4" onload="window.__pwned=4">',
  '${window.__pwned=5}',
  "');window.__pwned=6;//",
  '<b class="pwn7">bold</b><pwn-x></pwn-x>',
];
