// Reads the code column of docs/errors.md, so tests hold each side's table of codes to it.
import {readFileSync} from 'node:fs';

/**
 * The codes in the first column of every table row from the heading `from` to the heading
 * `until` (or the end), each with its line.
 */
export function documentedCodes(
  markdown: string,
  from: RegExp,
  until?: RegExp,
): Map<string, number> {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => from.test(line));
  if (start < 0) throw new Error(`no heading ${from} in the document`);
  const codes = new Map<string, number>();
  for (let i = start + 1; i < lines.length; i++) {
    if (until?.test(lines[i]!)) break;
    const cell = /^\|\s*`([a-z_]+)`\s*\|/.exec(lines[i]!);
    if (cell) codes.set(cell[1]!, i + 1);
  }
  return codes;
}

/** What a table of codes and the document disagree on; both empty when they agree. */
export function compareCodes(table: Iterable<string>, documented: Map<string, number>) {
  const codes = new Set(table);
  return {
    undocumented: [...codes].filter((code) => !documented.has(code)).sort(),
    unknown: [...documented.keys()].filter((code) => !codes.has(code)).sort(),
  };
}

export const readErrorsDoc = () => readFileSync('docs/errors.md', 'utf8');
