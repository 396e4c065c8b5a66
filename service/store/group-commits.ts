import {LogSyncs, type SyncLog} from './log-syncs.js';
import {StorageError, storageFault} from './storage-error.js';

/** What group commits need of the store that holds the database and its bookkeeping. */
export interface GroupCommitsHost {
  /** Runs a statement (`BEGIN IMMEDIATE`, `COMMIT`), turning storage faults into `StorageError`. */
  exec(sql: string): void;
  /** Whether a store transaction is running now: a group cannot commit inside one. */
  transactionRunning(): boolean;
  /** Rolls back the whole open transaction after its commit failed. */
  rollBack(): void;
  /** A group committed: counted as a commit, and it may show that writes work again. */
  committed(): void;
  /** A group failed: the tables created in it are forgotten (they were rolled back). */
  forgetNewTables(): void;
  /** Notes the storage fault writes ran into; `warning` is logged when the fault is new. */
  noteFault(code: string, warning: string): void;
}

export interface GroupCommitsOptions {
  /** When a group commits; default at the end of the current turn (`setImmediate`). */
  scheduleCommit?: (commit: () => void) => void;
  /**
   * Syncs the write-ahead log after group commits, off the event loop; default `fs.fdatasync`
   * on the thread pool. Tests hold or fail it.
   */
  syncLog?: SyncLog;
  /**
   * How many log syncs may run at once (at least 1); default 3, which leaves one of libuv's
   * four pool threads free. See docs/decisions/0070.
   */
  syncsAtOnce?: number;
}

interface Group {
  readonly number: number;
  /** Settles once the group is committed and on disk (or its commit or sync failed). */
  readonly committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The groups of a store with `groupCommits`: the first write of a turn opens one SQLite
 * transaction, the scheduled commit ends it, and the write-ahead log is synced off the event
 * loop (log-syncs.ts). A group's callers are answered once its sync succeeds; a failed commit
 * fails the group, and a failed sync fails every caller from then on (docs/decisions/0030).
 */
export class GroupCommits {
  readonly #host: GroupCommitsHost;
  readonly #scheduleCommit: (commit: () => void) => void;
  /** The group open now, if any. */
  #group: Group | undefined;
  #groupsOpened = 0;
  /** The last group whose commit failed, and why. */
  #failed: {number: number; error: unknown} | undefined;
  /** Groups committed whose log writes are not synced yet, oldest first. */
  #unsynced: Group[] = [];
  /** Syncs the log for committed groups. */
  readonly #log: LogSyncs;
  /** A failed sync: what the database holds may no longer be on disk, so nothing is answered. */
  #broken: StorageError | undefined;
  #undone = 0;

  constructor(filename: string, host: GroupCommitsHost, options: GroupCommitsOptions = {}) {
    this.#host = host;
    this.#scheduleCommit = options.scheduleCommit ?? ((commit) => setImmediate(commit));
    this.#log = new LogSyncs(filename, {
      syncLog: options.syncLog,
      atOnce: options.syncsAtOnce ?? 3,
      synced: (newest) => this.#synced(newest),
      failed: (error) => this.#syncFailed(error),
      deferred: (newest, error) => this.#syncDeferred(newest, error),
    });
  }

  /** Set once a log sync failed; the store refuses all work from then on. */
  get broken(): StorageError | undefined {
    return this.#broken;
  }

  /** Groups failed and syncs failed: writes the database showed may be gone (caches drop them). */
  get undone(): number {
    return this.#undone;
  }

  /** Settles when the log syncs running now have ended; undefined when none runs. */
  get running(): Promise<unknown> | undefined {
    return this.#log.running;
  }

  /** Opens a group (its SQLite transaction) unless one is open, and schedules its commit. */
  open(): void {
    if (this.#group) return;
    this.#host.exec('BEGIN IMMEDIATE');
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const committed = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    committed.catch(() => undefined);
    const group: Group = {number: ++this.#groupsOpened, committed, resolve, reject};
    this.#group = group;
    this.#scheduleCommit(() => this.#commit(group));
  }

  /** Commits the open group, if any, now rather than when scheduled. */
  commitOpen(): void {
    if (this.#group) this.#commit(this.#group);
  }

  /** SQLite undid the open group's transaction: every caller waiting for it fails. */
  failOpen(error: unknown): void {
    if (this.#group) this.#fail(this.#group, error);
  }

  /** See `Store.durability`: for work under way now, settles once its groups are on disk. */
  durability(): () => Promise<void> {
    // Groups numbered from here on may hold writes this work makes or reads: the open one,
    // those committed and not yet synced (their writes are visible), and any opened later.
    const mark = this.#group?.number ?? this.#unsynced[0]?.number ?? this.#groupsOpened + 1;
    return async () => {
      // The newest group still pending: groups settle in order, so it settling covers the others.
      const pending = this.#group ?? this.#unsynced.at(-1);
      if (pending) await pending.committed.catch(() => undefined);
      if (this.#broken) throw this.#broken;
      const failed = this.#failed;
      if (failed && failed.number >= mark) throw failed.error;
    };
  }

  /** Commits the open group now and syncs it (before a step outside the database relies on it). */
  flush(): void {
    this.commitOpen();
    if (!this.#broken) this.syncNow();
    if (this.#broken) throw this.#broken;
    const failed = this.#failed;
    if (failed && failed.number === this.#groupsOpened) throw failed.error;
  }

  /** Syncs what is committed but not yet synced, on this thread: a flush or a close waits for it. */
  syncNow(): void {
    const newest = this.#unsynced.at(-1)?.number;
    if (newest !== undefined) this.#log.syncNow(newest);
  }

  /** Syncs what is committed on this thread, then stops syncing the log (the store closes). */
  close(): void {
    this.syncNow();
    this.#log.close();
  }

  #commit(group: Group): void {
    // Already ended: failed by a fault, or flushed.
    if (this.#group !== group) return;
    if (this.#host.transactionRunning()) {
      throw new Error('A group cannot commit inside a transaction');
    }
    this.#group = undefined;
    try {
      this.#host.exec('COMMIT');
    } catch (error) {
      this.#host.rollBack();
      this.#fail(group, storageFault(error));
      return;
    }
    this.#host.committed();
    this.#unsynced.push(group);
    this.#log.committed(group.number);
  }

  /** The unsynced groups up to number `newest` are on disk: their callers may be answered. */
  #synced(newest: number): void {
    // Nothing is answered after a failed sync, even by a sync that ended well.
    if (this.#broken) return;
    let count = 0;
    while (count < this.#unsynced.length && this.#unsynced[count]!.number <= newest) count++;
    for (const group of this.#unsynced.splice(0, count)) group.resolve();
  }

  /**
   * A failed sync may have lost writes the database already shows (the kernel drops the
   * pages it could not write and the next sync succeeds), so no later answer could be trusted:
   * every caller waiting and every later one gets 503 `storage_unavailable` until a restart
   * reads what the disk really holds.
   */
  #syncFailed(error: unknown): void {
    const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown';
    this.#broken ??= new StorageError(
      'SQLITE_IOERR_FSYNC',
      `syncing the log failed (${code}); restart the service`,
      'unknown',
    );
    console.error(
      `Storage: syncing the log failed (${String(error)}); nothing is answered until a restart`,
    );
    this.#undone++;
    for (const group of this.#unsynced.splice(0)) group.reject(this.#broken);
  }

  /**
   * No descriptor to sync the log with, for now (`EMFILE`): the groups up to `newest` are
   * committed, and other requests may already have read their writes, but they are not known
   * to be on disk, so their callers get 503 `storage_unavailable` with the outcome unknown.
   * Nothing is broken: the next commit opens a descriptor again, and its sync covers these
   * writes too (fdatasync writes every page of the file).
   */
  #syncDeferred(newest: number, error: unknown): void {
    const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown';
    const refused = new StorageError(
      'SQLITE_CANTOPEN',
      `no file descriptor was free to sync the log (${code})`,
      'unknown',
    );
    this.#host.noteFault(
      code,
      `Storage: ${code} while syncing the log; writes waiting for it are refused`,
    );
    this.#failed = {number: newest, error: refused};
    let count = 0;
    while (count < this.#unsynced.length && this.#unsynced[count]!.number <= newest) count++;
    for (const group of this.#unsynced.splice(0, count)) group.reject(refused);
  }

  #fail(group: Group, error: unknown): void {
    this.#undone++;
    if (this.#group === group) this.#group = undefined;
    this.#failed = {number: group.number, error};
    this.#host.forgetNewTables();
    group.reject(error);
  }
}
