// Spanish (the article's language) and English: every string the reader sees or hears, every
// number with the language's decimal separator, the plot's own words too; the browser's
// language by default, ?lang= or the switch to choose.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser } from './harness.mjs';
import { openGuarded, nextFrames } from './guarded.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const browser = useBrowser();

/** Everything the page says: visible text, names and values for assistive technology, the
 * document title, the options of every select. Words marked as another language (the switch
 * offers "English" in English) are left out of the attributes. */
function everything() {
  const page = document.documentElement.lang;
  const own = (e) => (e.closest('[lang]')?.getAttribute('lang') ?? page) === page;
  const attrs = [...document.querySelectorAll('[aria-label], [aria-valuetext], [title], [placeholder]')].filter(own).flatMap((e) =>
    ['aria-label', 'aria-valuetext', 'title', 'placeholder'].map((a) => e.getAttribute(a)).filter(Boolean),
  );
  const options = [...document.querySelectorAll('option')].map((o) => o.textContent);
  return [document.title, document.body.innerText, ...attrs, ...options].join('\n');
}

const ENGLISH = /\b(the|wall|ball|step|steps|flying|stopped|went through|Play|Pause|Replay|Restart|Pace|Copy|Embed|launch|time|penalty|barrier|following|Parameters|slow motion)\b/;
const SPANISH = /\b(pared|pelota|paso|pasos|lanzamiento|detenida|atravesó|Reproducir|Repetir|penalización|barrera|Parámetros|Copiar|Insertar|cámara lenta)\b/;

/** The energy plot's pixels, to see that its words changed language. */
const plotPixels = () => {
  const c = document.getElementById('energy');
  return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 16 === 0)).join(',');
};

async function decidedPage(options) {
  const opened = await openGuarded(browser, { contextOptions: { reducedMotion: 'reduce', ...options.contextOptions }, query: options.query ?? '' });
  await opened.page.evaluate(() => window.ipcWall.runToEnd());
  await nextFrames(opened.page, 3);
  return opened;
}

test('every string of the page exists in both languages', () => {
  const src = fs.readFileSync(path.join(root, 'www', 'i18n.js'), 'utf8');
  const start = src.indexOf('const STRINGS = {');
  const esAt = src.indexOf('\n  es: {', start);
  const end = src.indexOf('\n};', esAt);
  assert.ok(start > 0 && esAt > start && end > esAt);
  const keys = (block) => new Set([...block.matchAll(/^ {4}'?([\w.]+)'?:/gm)].map((m) => m[1]));
  const en = keys(src.slice(start, esAt));
  const es = keys(src.slice(esAt, end));
  assert.ok(en.size > 100, `${en.size} English strings`);
  assert.deepEqual([...en].filter((k) => !es.has(k)), [], 'missing in Spanish');
  assert.deepEqual([...es].filter((k) => !en.has(k)), [], 'missing in English');
  // And every key the page asks for by data-i18n exists.
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const asked = [...html.matchAll(/data-i18n(?:-label)?="([\w.]+)"/g)].map((m) => m[1]);
  assert.ok(asked.length > 20);
  assert.deepEqual(asked.filter((k) => !en.has(k)), []);
});

test('?lang=es: everything in Spanish with decimal commas, and nothing in English', async () => {
  const { page, context, consoleErrors } = await decidedPage({ query: '?lang=es' });
  try {
    const said = await page.evaluate(everything);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    assert.doesNotMatch(said, ENGLISH);
    assert.doesNotMatch(said, /\d\.\d/, 'no decimal point');
    assert.match(said, /\d,\d/);
    assert.match(said, /hueco mínimo 24,0\s?µm/);
    assert.match(said, /La pelota roja de penalización atravesó la pared: está detrás de ella, en x = 0,5500\sm\./);
    assert.equal(await page.locator('input[name=dhat]').getAttribute('aria-valuetext'), '1\u00a0mm');
    assert.equal(await page.locator('input[name=k]').getAttribute('aria-valuetext'), '10000\u00a0N/m');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});

test('English: nothing in Spanish, decimal points', async () => {
  const { page, context } = await decidedPage({ query: '?lang=en', contextOptions: { locale: 'es-ES' } });
  try {
    const said = await page.evaluate(everything);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.doesNotMatch(said, SPANISH);
    assert.doesNotMatch(said, /\d,\d/, 'no decimal comma');
    assert.match(said, /closest gap 24\.0\s?µm/);
  } finally {
    await context.close();
  }
});

test('the default follows the browser: Spanish for es-*, English for other languages', async () => {
  for (const [locale, want] of [
    ['es-ES', 'es'],
    ['es-MX', 'es'],
    ['en-GB', 'en'],
    ['de-DE', 'en'],
  ]) {
    const { page, context } = await openGuarded(browser, { contextOptions: { locale } });
    try {
      assert.equal(await page.evaluate(() => document.documentElement.lang), want, locale);
      assert.equal(await page.locator('h1').textContent(), want === 'es' ? 'Una pelota lanzada contra una pared de 20 mm' : 'A ball thrown at a 20 mm wall');
      // The browser's choice is not written into links.
      await page.evaluate(() => window.ipcWall.set({ v0: 2 }));
      await page.waitForFunction(() => new URLSearchParams(location.search).get('v0') === '2');
      assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('lang')), null);
    } finally {
      await context.close();
    }
  }
});

test('the switch changes every string, the numbers and the plot, and back again', async () => {
  const { page, context, consoleErrors } = await decidedPage({ contextOptions: { locale: 'en-US' } });
  try {
    const englishPlot = await page.evaluate(plotPixels);
    await page.getByRole('button', { name: 'Ver la figura en español', exact: true }).click();
    await nextFrames(page, 3);
    const said = await page.evaluate(everything);
    assert.doesNotMatch(said, ENGLISH);
    assert.doesNotMatch(said, /\d\.\d/);
    assert.match(said, /hueco mínimo 24,0\s?µm/);
    assert.equal(await page.evaluate(() => document.title), 'Una pelota lanzada contra una pared de 20 mm: penalización frente a IPC');
    assert.equal(await page.locator('#speed option:checked').textContent(), 'cámara lenta 1/30');
    assert.notEqual(await page.evaluate(plotPixels), englishPlot, 'the plot redrew its words');
    const button = page.getByRole('button', { name: 'View the figure in English', exact: true });
    assert.equal(await button.getAttribute('lang'), 'en');
    // The address remembers the reader's choice.
    await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'es');
    await button.click();
    await nextFrames(page, 3);
    const back = await page.evaluate(everything);
    assert.doesNotMatch(back, SPANISH);
    assert.doesNotMatch(back, /\d,\d/);
    assert.match(back, /closest gap 24\.0\s?µm/);
    assert.equal(await page.evaluate(plotPixels), englishPlot);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
