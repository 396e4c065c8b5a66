import {linkSync, readFileSync, unlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

/** Thrown when another live process already writes to the data folder. */
export class StoreLockedError extends Error {
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by process ${pid}; one service at a time may write to it`,
    );
    this.name = 'StoreLockedError';
    this.pid = pid;
  }
}

// Folders this process holds: a lock with our own pid is only stale if we do not hold it.
const held = new Set<string>();

/**
 * Takes the single-writer lock of a data folder: a `LOCK` file holding the owner's pid,
 * created exclusively. A lock left by a process that no longer runs is taken over.
 * Returns the function that releases it.
 */
export function acquireLock(dataDir: string): () => void {
  const path = join(dataDir, 'LOCK');
  // Written aside and hard-linked into place, so a lock is never seen without its pid.
  const mine = join(dataDir, `LOCK.${process.pid}`);
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let tries = 0; ; tries++) {
      try {
        linkSync(mine, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 2) throw error;
      }
      takeOverIfStale(dataDir, path);
    }
  } finally {
    unlinkSync(mine);
  }
  held.add(path);
  return () => {
    held.delete(path);
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function takeOverIfStale(dataDir: string, path: string): void {
  const pid = Number.parseInt(readText(path), 10);
  const stale = Number.isInteger(pid)
    ? pid === process.pid
      ? !held.has(path)
      : !isAlive(pid)
    : true;
  if (!stale) throw new StoreLockedError(dataDir, pid);
  try {
    unlinkSync(path);
  } catch {
    // Another opener removed it first; the exclusive link decides who wins.
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
