// What a reader downloads: the wasm within its budget (gzip -9, as bench/report.md counts it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { baseUrl } from './harness.mjs';

test('the wasm a reader downloads is within its 120 KB gzip budget, carrying no function names', async () => {
  const res = await fetch(`${baseUrl}pkg/ipc_wall_bg.wasm`, { headers: { 'accept-encoding': 'identity' } });
  assert.equal(res.status, 200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  assert.ok(gz <= 120_000, `the wasm is ${gz} bytes gzipped (budget 120,000)`);
  // The name section is a debugger's: 55 KB raw, 17 KB gzipped.
  assert.deepEqual(WebAssembly.Module.customSections(await WebAssembly.compile(bytes), 'name'), []);
});
