// The served figure starts cleanly: ready, no console errors, everything from dist/ itself,
// the wasm with its MIME type (browsers refuse streaming compilation without it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser, openPage } from './harness.mjs';

const browser = useBrowser();

test('the page loads with zero console errors and window.ipcWall.ready resolves', async () => {
  const { page, context, consoleErrors, responses, offsiteRequests } = await openPage(browser);
  try {
    assert.equal(await page.evaluate(() => window.ipcWall.ready.then(() => 'resolved')), 'resolved');
    const state = await page.evaluate(() => window.ipcWall.getState());
    assert.equal(typeof state.step, 'number');
    assert.deepEqual(consoleErrors, []);

    assert.deepEqual(offsiteRequests, [], 'the figure works offline: no request to another host');
    const failed = responses.filter((r) => r.status >= 400);
    assert.deepEqual(failed, [], 'every file the page asks for is in dist/');
    const wasm = responses.filter((r) => r.url.endsWith('.wasm'));
    assert.equal(wasm.length, 1, `one wasm module: ${JSON.stringify(responses)}`);
    assert.equal(wasm[0].contentType, 'application/wasm');
    assert.ok(wasm[0].url.startsWith(baseUrl));
  } finally {
    await context.close();
  }
});
