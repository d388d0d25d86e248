// The benchmark's report says what ran in each long task while loading (bench/frames.mjs): in
// the Chromium the benchmark runs, Long Animation Frame timing must name the script, how it was
// called and how long it ran, or the report's "what ran" column would quietly say "the rest".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, useBrowser } from './harness.mjs';
import { observeTasks, whatRan } from '../../bench/frames.mjs';

const browser = useBrowser();

test('a long task is reported with the script that ran in it, and how it was called', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(observeTasks, '__tasks');
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.evaluate(() => window.ipcWall.ready);
    // A timeout that runs 90 ms: a long task the page did not make.
    const start = await page.evaluate(
      () =>
        new Promise((resolve) => {
          setTimeout(() => {
            const t0 = performance.now();
            while (performance.now() - t0 < 90);
            setTimeout(() => resolve(t0), 200);
          });
        }),
    );
    const seen = await page.evaluate(() => window.__tasks);
    const task = seen.tasks.find((t) => t.start <= start && start < t.start + t.duration);
    assert.ok(task, `the 90 ms timeout is a long task: ${JSON.stringify(seen.tasks)}`);
    const what = whatRan(task, seen);
    const m = what.match(/^\S+ timeout (\d+), the rest (\d+)$/);
    assert.ok(m, `named as a timeout: ${what}`);
    assert.ok(Number(m[1]) >= 90 && Number(m[1]) <= task.duration + 1, what);
    assert.ok(Number(m[2]) < 20, `the rest is the task's time outside the script: ${what}`);
  } finally {
    await context.close();
  }
});
