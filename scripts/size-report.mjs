// Prints the script-tag bundle's size and fails the build when it passes the budget.
import {readFileSync} from 'node:fs';
import {gzipSync, brotliCompressSync} from 'node:zlib';

// 47 KB since the embedding work (events with detail and price, setup errors, lazy start);
// 50 KB with the review screen, quantity, undo, share and resume, until the script-tag entry
// lazy-loads its screens.
const BUDGET_GZIP_BYTES = 50 * 1024;
const file = 'dist/product-configurator.js';
const source = readFileSync(file);
const gzip = gzipSync(source, {level: 9}).length;
const brotli = brotliCompressSync(source).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `size: ${file} ${kb(source.length)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (budget ${kb(BUDGET_GZIP_BYTES)} gzip)`,
);
if (gzip > BUDGET_GZIP_BYTES) {
  console.error(`size: over budget by ${kb(gzip - BUDGET_GZIP_BYTES)}`);
  process.exit(1);
}
