// What a reader downloads, held to the budgets bench/report.md checks (gzip -9 of each file,
// summed): the wasm, and every file the site serves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { baseUrl } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The served file `rel`, as its bytes. */
async function served(rel) {
  const res = await fetch(`${baseUrl}${rel}`, { headers: { 'accept-encoding': 'identity' } });
  assert.equal(res.status, 200, rel);
  return Buffer.from(await res.arrayBuffer());
}

const gzipped = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;

test('the wasm a reader downloads is within its 120 KB gzip budget, carrying no function names', async () => {
  const bytes = await served('pkg/ipc_wall_bg.wasm');
  const gz = gzipped(bytes);
  assert.ok(gz <= 120_000, `the wasm is ${gz} bytes gzipped (budget 120,000)`);
  // The name section is a debugger's: 55 KB raw, 17 KB gzipped.
  assert.deepEqual(WebAssembly.Module.customSections(await WebAssembly.compile(bytes), 'name'), []);
});

test('the whole site a reader can download is within its 200 KB gzip budget', async () => {
  const www = fs.readdirSync(path.join(root, 'www')).map((f) => `www/${f}`);
  const files = ['index.html', 'figure.svg', 'pkg/ipc_wall.js', 'pkg/ipc_wall_bg.wasm', 'pkg/specs.js', ...www];
  const sizes = await Promise.all(files.map(async (f) => [f, gzipped(await served(f))]));
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  const largest = sizes.sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, n]) => `${f} ${n}`);
  assert.ok(total <= 200_000, `${total} bytes gzipped (budget 200,000); largest: ${largest.join(', ')}`);
});
