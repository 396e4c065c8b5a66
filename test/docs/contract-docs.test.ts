// The documents a host reads against the tables in the code: the widget's error codes and
// their English texts (docs/widget-errors.md), the event names (the manifest, docs/element.md,
// the README, the framework notes and the demos). A code or event added on one side only fails.
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {test} from 'node:test';
import * as events from '../../src/events/index.js';
import {EventName} from '../../src/events/event-names.js';
import {en} from '../../src/i18n/en.js';
import {ErrorCode} from '../../src/session/errors.js';

const read = (file: string) => readFileSync(file, 'utf8');
const codes: string[] = Object.values(ErrorCode);
const names: string[] = Object.values(EventName);

interface Table {
  head: string[];
  rows: string[][];
}

/** Every markdown table of a page: header cells and body rows, cells trimmed. */
function tablesOf(markdown: string): Table[] {
  const tables: Table[] = [];
  let block: string[][] = [];
  const flush = () => {
    if (block.length >= 2) tables.push({head: block[0]!, rows: block.slice(2)});
    block = [];
  };
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      flush();
      continue;
    }
    // Split on pipes that are not escaped (`\|` inside a cell's code).
    block.push(
      line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  flush();
  return tables;
}

function tableWith(markdown: string, head: string[]): Table {
  const found = tablesOf(markdown).filter((t) => head.every((h, i) => t.head[i] === h));
  assert.equal(found.length, 1, `one table headed ${head.join(' | ')}`);
  return found[0]!;
}

/** `name` from a cell holding `` `name` ``; fails on anything else. */
function codeCell(cell: string | undefined): string {
  const match = /^`([^`]+)`$/.exec(cell ?? '');
  assert.ok(match, `a cell holding one code span, not ${cell}`);
  return match[1]!;
}

test('docs/widget-errors.md has one row per widget error code, in the union’s order', () => {
  const table = tableWith(read('docs/widget-errors.md'), ['code', 'retryable', 'status']);
  assert.deepEqual(
    table.rows.map((r) => codeCell(r[0])),
    codes,
  );
  for (const row of table.rows) assert.ok(row[3], `${row[0]} says what it means`);
});

test('docs/widget-errors.md shows the English table’s text for every code', () => {
  const table = tableWith(read('docs/widget-errors.md'), ['code', 'the shopper reads (English)']);
  const documented = table.rows.map((r) => [codeCell(r[0]), r[1]]);
  const expected = codes.map((c) => [c, en.errors[c as ErrorCode]]);
  assert.deepEqual(documented, expected);
});

test('the manifest lists exactly the named events, each with its class', () => {
  const manifest = JSON.parse(read('custom-elements.json')) as {
    modules: {
      declarations?: {tagName?: string; events?: {name: string; type?: {text: string}}[]}[];
    }[];
  };
  const element = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .find((d) => d.tagName === 'product-configurator');
  const listed = element?.events ?? [];
  assert.deepEqual(listed.map((e) => e.name).sort(), [...names].sort());
  const classes = Object.values(events).filter(
    (v): v is typeof v & {eventName: string; name: string} =>
      typeof v === 'function' && 'eventName' in v,
  );
  assert.deepEqual(classes.map((c) => c.eventName).sort(), [...names].sort());
  for (const event of listed) {
    const cls = classes.find((c) => c.eventName === event.name);
    assert.equal(event.type?.text, cls?.name, event.name);
  }
});

test('docs/element.md lists exactly the named events', () => {
  const table = tableWith(read('docs/element.md'), ['event', 'class', 'when']);
  assert.deepEqual(table.rows.map((r) => codeCell(r[0])).sort(), [...names].sort());
});

test('the README, the framework notes and the demos name every event', () => {
  for (const file of [
    'README.md',
    'docs/frameworks.md',
    'demo/index.html',
    'demo/src/demo-shared.js',
  ]) {
    const text = read(file);
    for (const name of names) assert.ok(text.includes(name), `${file} names ${name}`);
  }
});

test('no document or demo names an event that does not exist', () => {
  const files = [
    'README.md',
    'demo/index.html',
    ...readdirSync('docs', {recursive: true})
      .map(String)
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...readdirSync('demo/src').map((f) => `demo/src/${f}`),
  ];
  // A name as code, a string or a framework binding: `configurator-x`, 'configurator-x', @configurator-x.
  const mention = /[`'"@]configurator-([a-z]+(?:-[a-z]+)*)(?=[`'"=\s])/g;
  for (const file of files) {
    for (const [, rest] of read(file).matchAll(mention)) {
      assert.ok(names.includes(`configurator-${rest}`), `${file} names configurator-${rest}`);
    }
  }
});
