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

/**
 * The statuses of each code in the rows from the heading `from` to the heading `until`: the
 * second column, one status or several (`400, 409`).
 */
export function documentedStatuses(
  markdown: string,
  from: RegExp,
  until?: RegExp,
): Map<string, number[]> {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => from.test(line));
  if (start < 0) throw new Error(`no heading ${from} in the document`);
  const statuses = new Map<string, number[]>();
  for (let i = start + 1; i < lines.length; i++) {
    if (until?.test(lines[i]!)) break;
    const row = /^\|\s*`([a-z_]+)`\s*\|([^|]*)\|/.exec(lines[i]!);
    if (row) statuses.set(row[1]!, (row[2]!.match(/\d{3}/g) ?? []).map(Number).sort());
  }
  return statuses;
}

/** Each code's statuses in a table of rows `{code, status}`, sorted, as `documentedStatuses` gives them. */
export function rowStatuses(
  rows: Iterable<{readonly code: string; readonly status: number}>,
): Map<string, number[]> {
  const statuses = new Map<string, number[]>();
  for (const {code, status} of rows) {
    const list = statuses.get(code) ?? [];
    if (!list.includes(status)) list.push(status);
    statuses.set(code, list.sort());
  }
  return statuses;
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

/**
 * The error codes a page names, each with the first line naming it: every snake_case word in
 * inline code (`` `storage_full` ``, `` `502 upstream_scope_refused` ``), a word after an HTTP
 * error status (`507 storage_full`, `` 409 `conflict` ``: one-word codes are read only there,
 * since a lone `` `network` `` may be anything), and `"code": "x"` in a fenced block.
 */
export function codeMentions(markdown: string): Map<string, number> {
  const found = new Map<string, number>();
  const add = (code: string, line: number) => {
    if (!found.has(code)) found.set(code, line);
  };
  let fenced = false;
  markdown.split('\n').forEach((text, i) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    if (fenced) {
      for (const [, code] of text.matchAll(/"code"\s*:\s*"([a-z0-9_]+)"/g)) add(code!, i + 1);
      return;
    }
    for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
      for (const [word] of span!.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)) add(word, i + 1);
    }
    const afterStatus = /\b[45]\d\d\s+(?:`([a-z]+(?:_[a-z]+)*)`|([a-z]+(?:_[a-z]+)+)\b)/g;
    for (const [, quoted, bare] of text.matchAll(afterStatus)) add((quoted ?? bare)!, i + 1);
  });
  return found;
}
