// Shared helpers for the end-to-end tests: Debian's Chromium through playwright-core,
// against the figure served from dist/ (`cargo xtask test` sets IPC_WALL_URL).

import fs from 'node:fs';
import path from 'node:path';
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

  const consoleErrors = [];
  const responses = [];
  const offsiteRequests = [];
  const origin = new URL(baseUrl).origin;
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const { url, lineNumber } = msg.location();
      consoleErrors.push(url ? `${msg.text()} (${url}:${lineNumber})` : msg.text());
    }
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
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
