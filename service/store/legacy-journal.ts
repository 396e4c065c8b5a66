import {existsSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {crc32} from 'node:zlib';

/** The files of the journal store earlier versions kept in the data folder. */
const snapshotFile = 'snapshot.json';
const journalFile = 'journal.log';
const lockFile = 'LOCK';

interface Snapshot {
  format: number;
  seq: number;
  collections: Record<string, Array<{id: string}>>;
}

type Change = [collection: string, id: string, value: {id: string} | null];

/** The records of a data folder written by the journal store, or undefined if it has none. */
export function readLegacyJournal(
  dataDir: string,
): Map<string, Map<string, {id: string}>> | undefined {
  const snapshotPath = join(dataDir, snapshotFile);
  const journalPath = join(dataDir, journalFile);
  if (!existsSync(snapshotPath) && !existsSync(journalPath)) return undefined;
  const collections = new Map<string, Map<string, {id: string}>>();
  const apply = ([name, id, value]: Change) => {
    let map = collections.get(name);
    if (!map) collections.set(name, (map = new Map()));
    if (value === null) map.delete(id);
    else map.set(id, value);
  };
  let seq = 0;
  if (existsSync(snapshotPath)) {
    const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot;
    if (snapshot.format !== 1) throw new Error(`unknown snapshot format ${snapshot.format}`);
    for (const [name, values] of Object.entries(snapshot.collections)) {
      for (const value of values) apply([name, value.id, value]);
    }
    seq = snapshot.seq;
  }
  if (existsSync(journalPath)) {
    const lines = readFileSync(journalPath, 'utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      const record = decodeLine(line);
      if (!record) {
        // Only a torn last line (a write a crash interrupted, never acknowledged) is dropped.
        if (lines.slice(index + 1).some((rest) => rest !== '')) {
          throw new Error(`${journalFile} is damaged at line ${index + 1}`);
        }
        break;
      }
      if (record.seq > seq) {
        for (const change of record.changes) apply(change);
        seq = record.seq;
      }
    }
  }
  return collections;
}

/**
 * The pid of a live process of an earlier version still writing the journal (its `LOCK`
 * file), or undefined. Importing under it would split the data in two.
 */
export function legacyWriter(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, lockFile), 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Keeps the imported files beside the database under another name, so they import once. */
export function retireLegacyJournal(dataDir: string): void {
  for (const file of [snapshotFile, journalFile]) {
    const path = join(dataDir, file);
    if (existsSync(path)) renameSync(path, `${path}.imported`);
  }
  rmSync(join(dataDir, lockFile), {force: true});
}

function decodeLine(line: string): {seq: number; changes: Change[]} | undefined {
  if (line.length < 10 || line[8] !== ' ') return undefined;
  const json = line.slice(9);
  if (crc32(json).toString(16).padStart(8, '0') !== line.slice(0, 8)) return undefined;
  try {
    const record = JSON.parse(json) as {seq: number; changes: Change[]};
    return Number.isInteger(record.seq) && Array.isArray(record.changes) ? record : undefined;
  } catch {
    return undefined;
  }
}
