import {closeSync, fdatasync, fdatasyncSync, fsyncSync, openSync} from 'node:fs';
import {dirname} from 'node:path';

/** Syncs the log's descriptor, reporting to `done`; `fs.fdatasync` unless tests hold or fail it. */
export type SyncLog = (fd: number, done: (error: Error | null) => void) => void;

export interface LogSyncsOptions {
  syncLog?: SyncLog;
  /** How many syncs may run at once (at least 1). */
  atOnce: number;
  /** The groups numbered up to `newest` are on disk. */
  synced(newest: number): void;
  /** Opening or syncing the log failed: no sync starts after this. */
  failed(error: unknown): void;
  /**
   * No descriptor of the log could be opened for a lack of resources (`EMFILE`, `ENFILE`,
   * `ENOMEM`) and no sync runs that would cover the groups up to `newest`: they are committed
   * but not known to be on disk. Syncs go on: the next commit tries again.
   */
  deferred(newest: number, error: unknown): void;
}

/** Errors of opening a descriptor that say the process or system is short of one for now. */
const transientCodes = new Set(['EMFILE', 'ENFILE', 'ENOMEM', 'EAGAIN']);

export function isTransientResourceError(error: unknown): boolean {
  return transientCodes.has((error as NodeJS.ErrnoException | null)?.code ?? '');
}

/**
 * The syncs of a database's write-ahead log (`<file>-wal`) for the groups committed to it,
 * off the event loop (docs/decisions/0034 and 0070). A group is asked for by its number once
 * committed. Up to `atOnce` syncs run together on the thread pool: a group committed while one
 * runs gets a sync of its own at once instead of waiting for the running one to end first.
 * `fdatasync` covers every write made before it was called, so a group is on disk once any
 * sync that started after its commit has ended, whichever ends first. At the bound, the groups
 * committed meanwhile are covered by the sync started when one ends, so the syncs per second
 * still follow the disk.
 */
export class LogSyncs {
  readonly #database: string;
  readonly #syncLog: SyncLog;
  readonly #atOnce: number;
  readonly #synced: (newest: number) => void;
  readonly #failed: (error: unknown) => void;
  readonly #deferred: (newest: number, error: unknown) => void;
  /** The syncs running now on the thread pool. */
  readonly #running = new Set<Promise<void>>();
  /** The newest group committed, and the newest one a sync started so far covers. */
  #wanted = 0;
  #startedFor = 0;
  #stopped = false;
  /**
   * Descriptors of the log, each used by one sync at a time: the kernel reports a write-back
   * error once per descriptor, so a sync on a descriptor of its own cannot miss an error that
   * a concurrent sync on another one reported.
   */
  readonly #fds: number[] = [];
  /** Those of `#fds` no sync is using now. */
  readonly #free: number[] = [];

  constructor(database: string, options: LogSyncsOptions) {
    this.#database = database;
    this.#syncLog = options.syncLog ?? fdatasync;
    this.#atOnce = Math.max(1, Math.floor(options.atOnce));
    this.#synced = options.synced;
    this.#failed = options.failed;
    this.#deferred = options.deferred;
  }

  /** Group `newest` is committed: its sync starts now, or when a running one ends. */
  committed(newest: number): void {
    this.#wanted = Math.max(this.#wanted, newest);
    this.#start();
  }

  /** Syncs on this thread, for the groups up to `newest` (a flush or a close waits for it). */
  syncNow(newest: number): void {
    try {
      const fd = this.#take();
      if (fd !== undefined) {
        try {
          fdatasyncSync(fd);
        } finally {
          this.#free.push(fd);
        }
      }
      this.#synced(newest);
    } catch (error) {
      if (isTransientResourceError(error)) this.#deferred(newest, error);
      else this.#fail(error);
    }
  }

  /** Settles when the syncs running now have ended; undefined when none runs. */
  get running(): Promise<unknown> | undefined {
    return this.#running.size > 0 ? Promise.all(this.#running) : undefined;
  }

  /** Closes the log's descriptors (once no sync runs). */
  close(): void {
    for (const fd of this.#fds.splice(0)) closeSync(fd);
    this.#free.length = 0;
  }

  #start(): void {
    if (this.#stopped || this.#running.size >= this.#atOnce) return;
    const newest = this.#wanted;
    if (newest <= this.#startedFor) return;
    let fd: number | undefined;
    try {
      fd = this.#take();
    } catch (error) {
      if (!isTransientResourceError(error)) {
        this.#fail(error);
        return;
      }
      // Short of descriptors: a running sync covers these groups when it ends and starts the
      // next (#start runs again then). With none running they are reported, not lost: the
      // next commit tries again, and a sync then covers every write before it.
      if (this.#running.size === 0) {
        this.#startedFor = newest;
        this.#deferred(newest, error);
      }
      return;
    }
    if (fd === undefined) {
      this.#synced(newest);
      return;
    }
    this.#startedFor = newest;
    const running = new Promise<void>((resolve) => {
      this.#syncLog(fd, (error) => {
        this.#running.delete(running);
        this.#free.push(fd);
        if (error) this.#fail(error);
        else this.#synced(newest);
        resolve();
        this.#start();
      });
    });
    this.#running.add(running);
  }

  #fail(error: unknown): void {
    this.#stopped = true;
    this.#failed(error);
  }

  /**
   * A descriptor of the log that no sync is using, opening one if need be, or undefined while
   * there is no log (no commit has written anything, so there is nothing to sync).
   */
  #take(): number | undefined {
    const free = this.#free.pop();
    if (free !== undefined) return free;
    let fd: number;
    try {
      fd = openSync(`${this.#database}-wal`, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (this.#fds.length === 0) {
      // The log file is new since the database opened: its directory entry must be on disk too.
      try {
        const dir = openSync(dirname(this.#database), 'r');
        try {
          fsyncSync(dir);
        } finally {
          closeSync(dir);
        }
      } catch (error) {
        closeSync(fd);
        throw error;
      }
    }
    this.#fds.push(fd);
    return fd;
  }
}
