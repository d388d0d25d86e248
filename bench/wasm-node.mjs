// `node bench/wasm-node.mjs <dist> <out.json>`: the wasm of dist/ under Node (the same
// --target web module the page loads, instantiated from its bytes); writes JSON.
// Run by `cargo xtask bench`.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureThroughput } from './throughput.mjs';

const [dist, out] = process.argv.slice(2);
if (!dist || !out) {
  console.error('usage: node bench/wasm-node.mjs <dist> <out.json>');
  process.exit(2);
}
const glue = await import(pathToFileURL(path.resolve(dist, 'pkg', 'ipc_wall.js')).href);
glue.initSync({ module: fs.readFileSync(path.resolve(dist, 'pkg', 'ipc_wall_bg.wasm')) });
const throughput = measureThroughput(glue);
fs.writeFileSync(out, `${JSON.stringify({ node: process.version, throughput })}\n`);
