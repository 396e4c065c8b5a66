import {Errors, ServiceError} from '../errors.js';

/**
 * Whether the refused work's writes are undone (`undone`: the transaction was rolled back) or
 * may have been kept (`unknown`: committed, but not known to be on disk, so they may be there
 * after a restart or already be seen by later requests).
 */
export type StorageOutcome = 'undone' | 'unknown';

/**
 * A write (or read) the storage refused: the disk is full (507 `storage_full`) or the
 * database cannot be used right now (503 `storage_unavailable`: an I/O error, a read-only
 * file system, no descriptor left). The message says "nothing was changed" only when that is
 * true (`outcome` `undone`); otherwise it says the change may have been kept, and
 * `details.outcome` is `unknown`, so a client reads before it retries (or retries with the
 * same `Idempotency-Key`). Every earlier write is kept; the next write tries again, so the
 * service recovers by itself once the cause is gone.
 */
export class StorageError extends ServiceError {
  /** The SQLite result code behind it (`SQLITE_FULL`, `SQLITE_IOERR_WRITE`, ...). */
  readonly sqliteCode: string;
  readonly outcome: StorageOutcome;

  constructor(sqliteCode: string, detail: string, outcome: StorageOutcome = 'undone') {
    const full = sqliteCode.startsWith('SQLITE_FULL');
    const unknown = outcome === 'unknown';
    super(
      full ? Errors.storageFull : Errors.storageUnavailable,
      unknown
        ? `The service cannot confirm this change was kept (${detail}); it may have been. Earlier changes are kept; check before trying again`
        : full
          ? 'The service has no disk space left to keep this change; nothing was changed. Earlier changes are kept; try again once space is freed'
          : `The service cannot reach its storage (${detail}); nothing was changed. Earlier changes are kept; try again shortly`,
      {outcome},
    );
    this.name = 'StorageError';
    this.sqliteCode = sqliteCode;
    this.outcome = outcome;
  }

  override toResponse(headers?: HeadersInit): Response {
    const response = super.toResponse(headers);
    // A hint for clients that retry on their own; the condition rarely clears in a second.
    if (!response.headers.has('Retry-After')) response.headers.set('Retry-After', '5');
    return response;
  }
}

/**
 * Why a data folder cannot be opened, as the end of a sentence that starts with the folder
 * (`DATA_DIR /srv/data is read-only`): start-up prints it and stops.
 */
export class StoreOpenError extends Error {
  readonly dataDir: string;
  readonly reason: string;

  constructor(dataDir: string, reason: string, options?: {cause?: unknown}) {
    super(`The data folder ${dataDir} ${reason}`, options);
    this.name = 'StoreOpenError';
    this.dataDir = dataDir;
    this.reason = reason;
  }
}

/** Thrown when another live process already holds the data folder. */
export class StoreLockedError extends StoreOpenError {
  constructor(dataDir: string, options?: {cause?: unknown}) {
    super(dataDir, 'is in use by another process; one service at a time may write to it', options);
    this.name = 'StoreLockedError';
  }
}

// The result codes that describe the storage rather than a mistake in a statement.
const storageCodes =
  /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|BUSY|LOCKED|PROTOCOL|NOMEM)/;

/** The error to throw for a failed database call: a `StorageError` for storage faults, else as is. */
export function storageFault(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const code = sqliteCodeOf(error);
  if (code === undefined || !storageCodes.test(code)) return error;
  return new StorageError(code, (error as Error).message);
}

export function sqliteCodeOf(error: unknown): string | undefined {
  const code = (error as {code?: unknown} | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('SQLITE_')
    ? code
    : undefined;
}
