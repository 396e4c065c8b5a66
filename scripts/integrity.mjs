// Subresource Integrity: prints the sha384 hash of each file a page loads from dist/ (the
// script-tag entry, its chunks, the headless session and the modules beside it) and writes
// them all to dist/integrity.json, for a pinned `<script integrity>` tag and an import map's
// `integrity` for the chunks. `--readme` writes the entry's hash into the README's pinned tag
// (a release step, docs/releasing.md); `--check-readme` fails when the tag is not this build's.
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {besideSessionFiles, bundleGraph, entryFile, sessionFile} from './size-report.mjs';

/** The `sha384-…` value of a file, as `integrity` attributes and import maps write it. */
export function integrityOf(file) {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}

/** Every JavaScript file under dist/ (not the types), by its path in the package. */
function distFiles(dir = 'dist') {
  return readdirSync(dir, {withFileTypes: true})
    .flatMap((d) => {
      const path = join(dir, d.name);
      if (d.isDirectory()) return d.name === 'types' ? [] : distFiles(path);
      return d.name.endsWith('.js') ? [path] : [];
    })
    .sort();
}

export function writeIntegrity() {
  const all = Object.fromEntries(distFiles().map((f) => [f, integrityOf(f)]));
  writeFileSync('dist/integrity.json', `${JSON.stringify(all, null, 2)}\n`);
  return all;
}

/** The README's pinned tag: `…/product-configurator@<version>/dist/product-configurator.js`. */
const pinnedTag =
  /(<script\s+type="module"\s+src="https:\/\/cdn\.jsdelivr\.net\/npm\/product-configurator@)([^/"]+)(\/dist\/product-configurator\.js"\s+integrity=")([^"]*)(")/;

export function readmeTag(readme = readFileSync('README.md', 'utf8')) {
  const m = pinnedTag.exec(readme);
  return m ? {version: m[2], integrity: m[4]} : null;
}

function main(args) {
  const all = writeIntegrity();
  const graph = bundleGraph();
  for (const file of [...graph.beforeReady, ...graph.chunks, sessionFile, ...besideSessionFiles]) {
    console.log(`integrity: ${file.padEnd(52)} ${all[file]}`);
  }
  const {version} = JSON.parse(readFileSync('package.json', 'utf8'));
  const readme = readFileSync('README.md', 'utf8');
  const tag = readmeTag(readme);
  const want = {version, integrity: all[entryFile]};
  if (args.includes('--readme')) {
    if (!tag) throw new Error('README.md has no pinned script tag to update');
    writeFileSync(
      'README.md',
      readme.replace(
        pinnedTag,
        (_, a, _v, b, _i, c) => `${a}${want.version}${b}${want.integrity}${c}`,
      ),
    );
    console.log(`integrity: README.md pins ${want.version} ${want.integrity}`);
  } else if (args.includes('--check-readme')) {
    if (tag?.version !== want.version || tag?.integrity !== want.integrity) {
      console.error(
        `integrity: README.md pins ${tag?.version} ${tag?.integrity}, this build is ` +
          `${want.version} ${want.integrity}: run node scripts/integrity.mjs --readme`,
      );
      process.exitCode = 1;
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
