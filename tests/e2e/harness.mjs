// Shared helpers for the end-to-end tests: Debian's Chromium through playwright-core,
// against the figure served from dist/ (`cargo xtask test` sets IPC_WALL_URL).

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { before, after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the figure is served; always ends with a slash. */
export const baseUrl = (() => {
  const url = process.env.IPC_WALL_URL || 'http://127.0.0.1:8000/';
  return url.endsWith('/') ? url : `${url}/`;
})();

/** Screenshots and other test artifacts go here (created on first use). */
export const artifactsDir = path.resolve(process.env.IPC_WALL_ARTIFACTS || path.join(here, 'artifacts'));

/** Debian's Chromium (`apt-get install chromium`); override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a headless Chromium that may run as root in a container, with no traffic
 * other than to the page under test. */
export const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Starts Chromium (playwright gives it a fresh profile). Close it with `browser.close()`. */
export async function launchBrowser() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** One Chromium for a test file's tests: launched before them, closed after them. Returns a
 * stand-in for it that openPage, openGuarded and the tests use as they would the browser. */
export function useBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    newContext: (options) => browser.newContext(options),
    startTracing: (page, options) => browser.startTracing(page, options),
    stopTracing: () => browser.stopTracing(),
  };
}

/** Collects what goes wrong in `page`: console errors and uncaught page errors as strings in
 * `consoleErrors`, and the message of every dialog (dismissed) in `dialogs`. */
export function watchPage(page) {
  const consoleErrors = [];
  const dialogs = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const { url, lineNumber } = msg.location();
      consoleErrors.push(url ? `${msg.text()} (${url}:${lineNumber})` : msg.text());
    }
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  return { consoleErrors, dialogs };
}

/**
 * Opens the figure in a new browser context and waits until `window.ipcWall.ready` resolves.
 *
 * Returns `{page, context, consoleErrors, responses, offsiteRequests}`:
 * - `consoleErrors`: console messages of type error and uncaught page errors, as strings;
 * - `responses`: `{url, status, contentType}` of every response the page received;
 * - `offsiteRequests`: URLs of requests to any origin other than baseUrl's.
 * Close it with `context.close()`.
 */
export async function openPage(
  browser,
  { width = 1280, height = 800, dpr = 1, query = '', colorScheme, reducedMotion, locale, timeout = 10_000 } = {},
) {
  const options = { viewport: { width, height }, deviceScaleFactor: dpr };
  if (colorScheme !== undefined) options.colorScheme = colorScheme;
  if (reducedMotion !== undefined) options.reducedMotion = reducedMotion;
  if (locale !== undefined) options.locale = locale;
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);

  const { consoleErrors } = watchPage(page);
  const responses = [];
  const offsiteRequests = [];
  const origin = new URL(baseUrl).origin;
  page.on('request', (req) => {
    const url = req.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) offsiteRequests.push(url);
  });
  page.on('response', (res) => {
    responses.push({ url: res.url(), status: res.status(), contentType: res.headers()['content-type'] ?? '' });
  });

  try {
    const response = await page.goto(baseUrl + query, { waitUntil: 'load' });
    if (!response || !response.ok()) {
      throw new Error(`GET ${baseUrl + query} answered ${response?.status()}`);
    }
    await page.waitForFunction(() => typeof window.ipcWall?.ready?.then === 'function');
    await page.evaluate(() => window.ipcWall.ready.then(() => true));
  } catch (err) {
    await context.close().catch(() => {});
    const errors = consoleErrors.length ? `\nconsole errors:\n  ${consoleErrors.join('\n  ')}` : '';
    throw new Error(`the figure at ${baseUrl + query} did not become ready: ${err.message}${errors}`);
  }
  return { page, context, consoleErrors, responses, offsiteRequests };
}

// ---- the article: a page on another origin that frames the figure ----

/**
 * Serves an article on another origin than the figure's: another port on loopback (Chromium
 * refuses a public page that frames a loopback one, so a routed fake host would not do).
 * `/` answers `html()`, asked anew at each request; anything else is a 404.
 * Returns `{url, close}`.
 */
export async function articleServer(html) {
  const server = http.createServer((req, res) => {
    const found = req.url === '/';
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(found ? html() : '');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** An articleServer for a test file's tests: started before them, closed after them. Its
 * `url` is there once they run. */
export function useArticle(html) {
  const article = { url: null };
  let server;
  before(async () => {
    server = await articleServer(html);
    article.url = server.url;
  });
  after(() => server?.close());
  return article;
}

/** An article page in `lang` (en or es) holding `body`, with `style` and `script` of its own. */
export function articlePage(body, { lang = 'en', style = '', script = '' } = {}) {
  const title = lang === 'es' ? 'Artículo' : 'Article';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>
<link rel="icon" href="data:,"><style>${style}</style></head>
<body>${body}
<script>${script}</script></body></html>`;
}

/** Article script: every message from a figure it frames goes into window.msgs, and
 * window.send(m) posts `m` to the (first) figure, as a parent does. */
export const RECORD_MESSAGES = `
window.msgs = [];
addEventListener('message', (e) => {
  if ([...document.querySelectorAll('iframe')].some((f) => f.contentWindow === e.source)) window.msgs.push(e.data);
});
window.send = (m) => document.querySelector('iframe').contentWindow.postMessage(m, '*');
`;

/** Article script, the few lines an author pastes: the iframe takes the height the figure
 * reports (ipc-wall:resize). */
export const FOLLOW_RESIZE = `addEventListener('message', (e) => { const f = document.querySelector('iframe');
  if (e.source === f.contentWindow && e.data.type === 'ipc-wall:resize') f.style.height = e.data.height + 'px'; });`;

/** The frame of the figure inside an article `page` (the first whose address is the figure's);
 * fails if none has loaded within `timeout` ms. */
export async function figureFrame(page, timeout = 5_000) {
  for (const start = Date.now(); Date.now() - start < timeout; await page.waitForTimeout(50)) {
    const frame = page.frames().find((f) => f.url().startsWith(baseUrl));
    if (frame) return frame;
  }
  throw new Error(`no frame of ${baseUrl} in ${page.url()} within ${timeout} ms`);
}

/** Saves a PNG of the viewport as `<artifactsDir>/<name>.png`; returns its path. */
export async function screenshot(page, name, options = {}) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, ...options });
  return file;
}

/** mulberry32: a small seeded generator, so a failing run names a seed one can replay. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
