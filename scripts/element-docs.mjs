// Writes the reference tables of docs/element.md from custom-elements.json, so the page a host
// reads and the manifest its tools read cannot disagree. Each table sits between a pair of
// marker comments; everything outside them is prose written by hand and kept as it is.
// `npm run analyze` runs this after the analyzer; `npm run manifest:check` fails when the
// committed page differs from what this makes of the committed manifest.
import {readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import * as prettier from 'prettier';

export const docsFile = 'docs/element.md';
const manifestFile = 'custom-elements.json';
const tagName = 'product-configurator';

/** The one custom element the manifest declares for the tag. */
export function elementOf(manifest) {
  for (const mod of manifest.modules) {
    for (const declaration of mod.declarations ?? []) {
      if (declaration.customElement && declaration.tagName === tagName) return declaration;
    }
  }
  throw new Error(`${manifestFile} declares no <${tagName}>`);
}

const isPublic = (member) =>
  !member.static &&
  !member.inheritedFrom &&
  (member.privacy ?? 'public') === 'public' &&
  !member.name.startsWith('#') &&
  !member.name.startsWith('_');

// A table cell holds one line; a `|` inside code would end the cell.
const cell = (text) =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const code = (text) => (text ? `\`${cell(text)}\`` : '');

function table(head, rows) {
  if (rows.length === 0) return '_None._';
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The tables by marker name, as markdown (formatted later with the rest of the page). */
export function tablesOf(manifest) {
  const element = elementOf(manifest);
  const members = (element.members ?? []).filter(isPublic);
  const fields = members.filter((m) => m.kind === 'field' && !m.attribute);
  const methods = members.filter((m) => m.kind === 'method');
  const signature = (m) => `${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})`;
  return {
    attributes: table(
      ['attribute', 'property', 'type', 'default', 'meaning'],
      (element.attributes ?? []).map((a) => [
        code(a.name),
        code(a.fieldName),
        code(a.type?.text),
        code(a.default),
        cell(a.description),
      ]),
    ),
    properties: table(
      ['property', 'type', 'meaning'],
      fields.map((f) => [
        code(f.name),
        `${code(f.type?.text)}${f.readonly ? ' (read-only)' : ''}`,
        cell(f.description),
      ]),
    ),
    methods: table(
      ['method', 'returns', 'does'],
      methods.map((m) => [code(signature(m)), code(m.return?.type?.text), cell(m.description)]),
    ),
    events: table(
      ['event', 'class', 'when'],
      (element.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
    ),
    slots: table(
      ['slot', 'content'],
      (element.slots ?? []).map((s) => [code(s.name), cell(s.description)]),
    ),
    'css-properties': table(
      ['property', 'default', 'what'],
      (element.cssProperties ?? []).map((p) => [
        code(p.name),
        code(p.default),
        cell(p.description),
      ]),
    ),
    'css-parts': table(
      ['part', 'what'],
      (element.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
    ),
  };
}

const markers = (name) => [
  `<!-- manifest:${name} (written by scripts/element-docs.mjs; edit the element's JSDoc) -->`,
  `<!-- /manifest:${name} -->`,
];

/** The page with each marked table replaced; fails on a missing, doubled or unknown marker. */
export async function renderDocs(page, manifest) {
  const tables = tablesOf(manifest);
  let out = page;
  for (const [name, markdown] of Object.entries(tables)) {
    const [open, close] = markers(name);
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start || out.indexOf(open, start + 1) >= 0) {
      throw new Error(`${docsFile}: expected one ${open} … ${close} pair`);
    }
    out = `${out.slice(0, start + open.length)}\n\n${markdown}\n\n${out.slice(end)}`;
  }
  const unknown = [...out.matchAll(/<!-- manifest:([\w-]+)/g)]
    .map((m) => m[1])
    .filter((name) => !Object.hasOwn(tables, name));
  if (unknown.length > 0) throw new Error(`${docsFile}: unknown tables ${unknown.join(', ')}`);
  const options = (await prettier.resolveConfig(docsFile)) ?? {};
  return prettier.format(out, {...options, filepath: docsFile});
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const page = readFileSync(docsFile, 'utf8');
  const next = await renderDocs(page, manifest);
  if (next !== page) writeFileSync(docsFile, next);
}
