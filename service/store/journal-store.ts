import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import {join} from 'node:path';
import {crc32} from 'node:zlib';
import {type Change, Records} from './records.js';
import {acquireLock} from './store-lock.js';
import type {Collection, Store} from './store.js';

export interface JournalStoreOptions {
  /**
   * Compact the journal into a new snapshot once it holds this many bytes (default 8 MiB).
   * Compaction also runs on `close()`.
   */
  compactAfterBytes?: number;
  /**
   * `fsync` the journal after every transaction (default true). Without it a write survives a
   * crash of the process but not of the machine.
   */
  fsync?: boolean;
}

/** Thrown when a journal record other than the last one is damaged: the folder needs a person. */
export class StoreCorruptError extends Error {
  constructor(file: string, offset: number) {
    super(`The journal ${file} is damaged at byte ${offset} (not a torn last record)`);
    this.name = 'StoreCorruptError';
  }
}

const SNAPSHOT = 'snapshot.json';
const JOURNAL = 'journal.log';
const FORMAT = 1;

interface Snapshot {
  format: number;
  seq: number;
  collections: Record<string, Array<{id: string}>>;
}

interface JournalRecord {
  seq: number;
  changes: Change[];
}

/**
 * The durable store: a snapshot plus an append-only journal in one data folder, written by a
 * single process (see docs/entities.md, "Persistence"). Every transaction appends one
 * checksummed JSON line and fsyncs before the call returns, so a write that returned survives
 * a crash, and a torn last line left by a crash is detected and dropped on the next open.
 */
export class JournalStore implements Store {
  readonly dataDir: string;
  readonly #records: Records;
  readonly #compactAfterBytes: number;
  readonly #fsync: boolean;
  readonly #release: () => void;
  #journal: number;
  #journalBytes = 0;
  #seq = 0;
  #closed = false;

  constructor(dataDir: string, options: JournalStoreOptions = {}) {
    this.dataDir = dataDir;
    this.#compactAfterBytes = options.compactAfterBytes ?? 8 * 1024 * 1024;
    this.#fsync = options.fsync ?? true;
    this.#records = new Records((changes) => this.#append(changes));
    mkdirSync(dataDir, {recursive: true});
    this.#release = acquireLock(dataDir);
    try {
      this.#loadSnapshot();
      this.#journal = openSync(join(dataDir, JOURNAL), 'a+');
      this.#replayJournal();
    } catch (error) {
      this.#release();
      throw error;
    }
  }

  collection<T extends {id: string}>(name: string): Collection<T> {
    return this.#records.collection<T>(name);
  }

  transaction<R>(work: () => R): R {
    return this.#records.transaction(work);
  }

  /**
   * Writes everything into a fresh snapshot and empties the journal. The snapshot is written
   * aside, fsynced and renamed over the old one, so a crash leaves either snapshot whole; the
   * journal records it already holds are skipped by sequence number on the next open.
   */
  compact(): void {
    const collections: Snapshot['collections'] = {};
    for (const [name, map] of this.#records.entries()) {
      if (map.size > 0) collections[name] = [...map.values()];
    }
    const snapshot: Snapshot = {format: FORMAT, seq: this.#seq, collections};
    const temp = join(this.dataDir, `${SNAPSHOT}.tmp`);
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, JSON.stringify(snapshot));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(this.dataDir, SNAPSHOT));
    syncFolder(this.dataDir);
    ftruncateSync(this.#journal, 0);
    fsyncSync(this.#journal);
    this.#journalBytes = 0;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#records.close();
    try {
      if (this.#journalBytes > 0) this.compact();
    } finally {
      closeSync(this.#journal);
      this.#release();
    }
  }

  #append(changes: Change[]): void {
    const record: JournalRecord = {seq: this.#seq + 1, changes};
    const line = encodeLine(record);
    // Bytes, not characters: the journal size decides compaction and truncation offsets.
    const bytes = Buffer.from(line, 'utf8');
    try {
      writeFully(this.#journal, bytes);
      if (this.#fsync) fsyncSync(this.#journal);
    } catch (error) {
      // Cut a partial line off so the next record does not start in the middle of it.
      try {
        ftruncateSync(this.#journal, this.#journalBytes);
      } catch {
        // The next open drops the torn line instead.
      }
      throw error;
    }
    this.#seq = record.seq;
    this.#journalBytes += bytes.length;
    if (this.#journalBytes >= this.#compactAfterBytes) {
      // The transaction is already durable; a failed compaction must not undo it.
      try {
        this.compact();
      } catch (error) {
        console.warn(
          'Store compaction failed; the journal keeps growing until one succeeds',
          error,
        );
      }
    }
  }

  #loadSnapshot(): void {
    let text: string;
    try {
      text = readFileSync(join(this.dataDir, SNAPSHOT), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const snapshot = JSON.parse(text) as Snapshot;
    if (snapshot.format !== FORMAT) {
      throw new Error(`Unknown snapshot format ${snapshot.format} in ${this.dataDir}`);
    }
    for (const [name, values] of Object.entries(snapshot.collections)) {
      for (const value of values) this.#records.load(name, value.id, value);
    }
    this.#seq = snapshot.seq;
  }

  #replayJournal(): void {
    const buffer = readFileSync(join(this.dataDir, JOURNAL));
    let offset = 0;
    while (offset < buffer.length) {
      const end = buffer.indexOf(0x0a, offset);
      const record = end === -1 ? undefined : decodeLine(buffer.subarray(offset, end));
      if (!record) {
        // Only the last record may be torn (the write a crash interrupted); it never returned
        // to its caller, so dropping it loses nothing that was acknowledged.
        if (end !== -1 && end + 1 < buffer.length) {
          throw new StoreCorruptError(join(this.dataDir, JOURNAL), offset);
        }
        ftruncateSync(this.#journal, offset);
        fsyncSync(this.#journal);
        break;
      }
      if (record.seq > this.#seq) {
        for (const [name, id, value] of record.changes) this.#records.load(name, id, value);
        this.#seq = record.seq;
      }
      offset = end + 1;
    }
    this.#journalBytes = fstatSync(this.#journal).size;
  }
}

/** `<crc32 of the JSON, 8 hex digits> <JSON>\n`: one transaction per line. */
function encodeLine(record: JournalRecord): string {
  const json = JSON.stringify(record);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

function decodeLine(line: Buffer): JournalRecord | undefined {
  if (line.length < 10 || line[8] !== 0x20) return undefined;
  const json = line.subarray(9);
  if (crc32(json).toString(16).padStart(8, '0') !== line.subarray(0, 8).toString('latin1')) {
    return undefined;
  }
  try {
    const record = JSON.parse(json.toString('utf8')) as JournalRecord;
    return Number.isInteger(record.seq) && Array.isArray(record.changes) ? record : undefined;
  } catch {
    return undefined;
  }
}

function writeFully(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
}

function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a folder; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
