// The embedders' conventions (issue 14 pt 6): besides its own resize message the figure sends
// the height messages that article hosts already listen for (Embedly/Observable's and AMP's),
// and ?theme=light|dark|auto sets its palette whatever the reader's system says, because an
// iframe cannot see its host page's own dark-mode toggle.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser, useArticle, articlePage, watchPage, figureFrame, RECORD_MESSAGES } from './harness.mjs';
import { waitReady, nextFrames } from './guarded.mjs';

let body = '';
const article = useArticle(() => articlePage(body, { style: 'body{margin:0}', script: RECORD_MESSAGES }));
const browser = useBrowser();

async function openArticle(src, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 }, reducedMotion: 'reduce', ...contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const { consoleErrors: errors } = watchPage(page);
  body = `<iframe src="${src}" title="figure" style="width:100%;height:900px;border:0;display:block"></iframe>`;
  await page.goto(article.url);
  const frame = await figureFrame(page);
  await waitReady(frame, 15_000);
  return { context, page, frame, errors };
}

test('the figure reports its height in its own message, Embedly/Observable’s and AMP’s, all alike', async () => {
  const { context, page, frame, errors } = await openArticle(`${baseUrl}?embed=1&view=throw`);
  try {
    const kinds = {
      own: (m) => m?.type === 'ipc-wall:resize',
      embedly: (m) => m?.context === 'iframe.resize',
      amp: (m) => m?.sentinel === 'amp' && m.type === 'embed-size',
    };
    await page.waitForFunction(() => window.msgs.some((m) => m?.sentinel === 'amp'));
    await nextFrames(frame, 3);
    const msgs = await page.evaluate(() => window.msgs);
    const height = await frame.evaluate(() => Math.ceil(document.getElementById('figure').getBoundingClientRect().height));
    for (const [name, is] of Object.entries(kinds)) {
      const last = msgs.filter(is).at(-1);
      assert.ok(last, `a ${name} height message`);
      assert.equal(last.height, height, `${name}: the view's height`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** Relative luminance (0 black … 1 white) of a CSS rgb() colour. */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** How dark the figure is: its page background and the energy plot's corner pixel. */
async function looks(frame) {
  await nextFrames(frame, 3);
  return frame.evaluate(() => {
    const c = document.getElementById('energy');
    const [r, g, b] = c.getContext('2d').getImageData(2, 2, 1, 1).data;
    return { page: getComputedStyle(document.body).backgroundColor, plot: `rgb(${r}, ${g}, ${b})` };
  });
}

test('?theme=dark and ?theme=light win over the system’s scheme; auto follows it', async () => {
  const cases = [
    { theme: 'dark', system: 'light', dark: true },
    { theme: 'light', system: 'dark', dark: false },
    { theme: 'auto', system: 'dark', dark: true },
    { theme: 'auto', system: 'light', dark: false },
  ];
  for (const c of cases) {
    const { context, frame, errors } = await openArticle(`${baseUrl}?embed=1&view=energy&theme=${c.theme}`, { colorScheme: c.system });
    try {
      const l = await looks(frame);
      const label = `theme=${c.theme} on a ${c.system} system`;
      assert.equal(luminance(l.page) < 0.2, c.dark, `${label}: page background ${l.page}`);
      assert.equal(luminance(l.plot) < 0.2, c.dark, `${label}: energy plot ${l.plot}`);
      // After a change the figure rewrites its address: a forced theme stays in it.
      await frame.evaluate(() => window.ipcWall.set({ v0: 2 }));
      await frame.waitForFunction(() => new URL(location.href).searchParams.get('v0') === '2');
      const theme = await frame.evaluate(() => new URL(location.href).searchParams.get('theme'));
      assert.equal(theme, c.theme === 'auto' ? null : c.theme);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
