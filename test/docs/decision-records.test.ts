// docs/decisions/README.md lists every decision record, and names no file that is not there.
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {test} from 'node:test';

const folder = 'docs/decisions';

/** The record files a list links to, by `](file.md)`. */
export function linkedRecords(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]!);
}

/** What the folder and the list disagree on; both empty when they agree. */
export function compareRecords(files: readonly string[], linked: readonly string[]) {
  return {
    unlisted: files.filter((file) => !linked.includes(file)).sort(),
    missing: linked.filter((file) => !files.includes(file)).sort(),
  };
}

test('the list of decision records names every record, and no other', () => {
  const files = readdirSync(folder).filter((file) => /^\d{4}-.*\.md$/.test(file));
  const linked = linkedRecords(readFileSync(`${folder}/README.md`, 'utf8'));
  assert.ok(files.length > 80);
  assert.deepEqual(compareRecords(files, linked), {unlisted: [], missing: []});
});

test('the check catches an unlisted record and a listed file that is gone', () => {
  const linked = linkedRecords(
    '| 1 | a | [0001-a.md](0001-a.md) |\n| 9 | gone | [0009-gone.md](0009-gone.md) |',
  );
  assert.deepEqual(compareRecords(['0001-a.md', '0002-b.md'], linked), {
    unlisted: ['0002-b.md'],
    missing: ['0009-gone.md'],
  });
});
