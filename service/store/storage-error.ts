import {Errors, ServiceError} from '../errors.js';

/**
 * A write (or read) the storage refused: the disk is full (507 `storage_full`) or the
 * database cannot be used right now (503 `storage_unavailable`: an I/O error, a read-only
 * file system). Nothing of the refused transaction was kept and every earlier write still is;
 * the next write tries again, so the service recovers by itself once the cause is gone.
 */
export class StorageError extends ServiceError {
  /** The SQLite result code behind it (`SQLITE_FULL`, `SQLITE_IOERR_WRITE`, ...). */
  readonly sqliteCode: string;

  constructor(sqliteCode: string, detail: string) {
    const full = sqliteCode.startsWith('SQLITE_FULL');
    super(
      full ? Errors.storageFull : Errors.storageUnavailable,
      full
        ? 'The service has no disk space left to keep this change; nothing was changed. Earlier changes are kept; try again once space is freed'
        : `The service cannot reach its storage (${detail}); nothing was changed. Earlier changes are kept; try again shortly`,
    );
    this.name = 'StorageError';
    this.sqliteCode = sqliteCode;
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
