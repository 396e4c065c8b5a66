// `npm run build:wordpress`: dist/product-configurator-wordpress.zip, the WordPress plugin as the
// Plugins > Add New > Upload screen takes it. The folder `product-configurator/` holds the plugin's
// source (wordpress/), the widget's built files (dist/product-configurator.js and the chunks it
// loads, under assets/) and a translation template made from the source's translatable strings.
// The zip is written here with zlib: Node has deflate but no zip writer, and a format this small
// is not worth a dependency.
import {existsSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {deflateRawSync} from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const source = join(root, 'wordpress');
const dist = join(root, 'dist');
const out = join(dist, 'product-configurator-wordpress.zip');
const folder = 'product-configurator';
const textDomain = 'product-configurator';
/** CRC-32 by byte, made on first use (zip entries carry one each). */
let crcTable;

if (!existsSync(join(dist, 'product-configurator.js'))) {
  console.error(
    'build:wordpress: dist/product-configurator.js is missing; run `npm run build` first',
  );
  process.exit(1);
}

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
function filesUnder(dir) {
  const found = [];
  const walk = (at) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found;
}

const entries = [];
const pluginFiles = filesUnder(source);
for (const file of pluginFiles) {
  entries.push({name: `${folder}/${file}`, data: readFileSync(join(source, file))});
}
// The entry file and what it imports by URL beside itself; source maps and the other entry
// points (npm package, headless session) are not for a WordPress page.
const widgetFiles = [
  'product-configurator.js',
  // The stylesheet that reserves the configurator's space, where the build makes one.
  ...(existsSync(join(dist, 'product-configurator.css')) ? ['product-configurator.css'] : []),
  ...filesUnder(dist)
    .filter((file) => file.startsWith('chunks/'))
    .filter((file) => !file.endsWith('.map')),
];
for (const file of widgetFiles) {
  entries.push({name: `${folder}/assets/${file}`, data: readFileSync(join(dist, file))});
}
entries.push({
  name: `${folder}/languages/${textDomain}.pot`,
  data: Buffer.from(translationTemplate(pluginFiles)),
});

writeFileSync(out, zip(entries));
console.log(
  `build:wordpress: ${relative(root, out)} (${entries.length} files, ${statSync(out).size} bytes)`,
);

/**
 * A gettext template of every `__()`-family call with the plugin's text domain in PHP and JS
 * sources (literal single- or double-quoted strings, the way the sources write them).
 */
function translationTemplate(files) {
  const calls =
    /\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*,\s*'product-configurator'\s*,?\s*\)/g;
  const strings = new Map();
  for (const file of files.filter((f) => /\.(php|js)$/.test(f))) {
    const text = readFileSync(join(source, file), 'utf8');
    for (const match of text.matchAll(calls)) {
      const raw = match[1] ?? match[2];
      const value = match[1] !== undefined ? raw.replace(/\\'/g, "'") : raw.replace(/\\"/g, '"');
      const line = text.slice(0, match.index).split('\n').length;
      const refs = strings.get(value) ?? [];
      refs.push(`${file}:${line}`);
      strings.set(value, refs);
    }
  }
  const quote = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const header = [
    '# Translation template of the Product Configurator plugin.',
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: Product Configurator\\n"',
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    `"X-Domain: ${textDomain}\\n"`,
    '',
  ];
  const body = [...strings].flatMap(([value, refs]) => [
    `#: ${refs.join(' ')}`,
    `msgid ${quote(value)}`,
    'msgstr ""',
    '',
  ]);
  return [...header, ...body].join('\n');
}

/** A zip archive (deflate, no extra fields) of `entries`, with a fixed timestamp. */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  // 2026-01-01 00:00 in DOS time: the archive's bytes depend on its contents only.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const {name, data} of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(data, {level: 9});
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, zip 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + deflated.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

function crc32(data) {
  crcTable ??= Array.from({length: 256}, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
