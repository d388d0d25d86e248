// Every slider spans exactly the core's range for its parameter (parameterSpecs() of the wasm,
// src/params.rs): the page keeps no range of its own. Driven from the keyboard, as a reader
// without a mouse would: Home and End take a slider to its ends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';
import { nextFrames } from './guarded.mjs';

const browser = useBrowser();

test('each slider’s ends are the core’s range for its parameter', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { width: 1280, height: 800 });
  try {
    const names = await page.locator('#sliders input[type=range]').evaluateAll((xs) => xs.map((x) => x.name));
    assert.deepEqual(names, ['v0', 'h', 'k', 'dhat', 'kappa', 'ccd_safety']);
    const specs = await page.evaluate(async () => (await import('./pkg/ipc_wall.js')).parameterSpecs());
    for (const name of names) {
      const spec = specs.find((s) => s.name === name);
      const slider = page.locator(`#p-${name}`);
      await slider.focus();
      await page.keyboard.press('Home');
      await nextFrames(page, 1);
      assert.equal(await page.evaluate((n) => window.ipcWall.getState().params[n], name), spec.min, `${name} at its lower end`);
      await page.keyboard.press('End');
      await nextFrames(page, 1);
      assert.equal(await page.evaluate((n) => window.ipcWall.getState().params[n], name), spec.max, `${name} at its upper end`);
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await context.close();
  }
});
