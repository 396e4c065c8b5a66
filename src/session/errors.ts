import {ErrorCode} from './error-code.js';
export {ErrorCode};

export interface ConfiguratorErrorOptions {
  /** HTTP status of the answer that caused it; null when there was no answer. */
  status?: number | null;
  /** Whether the same call may succeed later (network, timeout, 429, 5xx). */
  retryable?: boolean;
  /** The service's own error code from its `{code, message}` body, when it sent one. */
  serviceCode?: string | null;
  /** The service's `details`, when it sent some. */
  details?: unknown;
  cause?: unknown;
}

/** A failure of the session, with a stable {@link ErrorCode} and a message for people. */
export class ConfiguratorError extends Error {
  // Declared only: the constructor sets them, and a build with native class fields (the
  // session file's) would otherwise define each as undefined first, in bytes of its own.
  declare readonly code: ErrorCode;
  /** HTTP status of the answer that caused it; null when there was no answer. */
  declare readonly status: number | null;
  /** Whether the same call may succeed later; the session keeps such inputs for re-sending. */
  declare readonly retryable: boolean;
  /** The service's own error code (see docs/errors.md), when its body carried one. */
  declare readonly serviceCode: string | null;
  declare readonly details: unknown;

  constructor(code: ErrorCode, message: string, options: ConfiguratorErrorOptions = {}) {
    // Error reads only `cause` from its options, and only when the key is there.
    super(message, options.cause === undefined ? undefined : options);
    this.name = 'ConfiguratorError';
    this.code = code;
    this.status = options.status ?? null;
    this.retryable = options.retryable ?? false;
    this.serviceCode = options.serviceCode ?? null;
    this.details = options.details;
  }
}

/** The `aborted` error used when a caller's signal or `dispose()` cancels work. */
export const abortedError = (cause?: unknown) =>
  new ConfiguratorError('aborted', 'The request was cancelled', {cause});

/** Whether a failure is a wait that ran out (the service's or the token source's). */
export function isTimeout(error: ConfiguratorError): boolean {
  if (error.code === 'timeout') return true;
  const cause = error.cause as {name?: unknown} | undefined;
  return cause?.name === 'TimeoutError';
}

/** Normalises anything thrown into a {@link ConfiguratorError}. */
export function toConfiguratorError(error: unknown): ConfiguratorError {
  if (error instanceof ConfiguratorError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return abortedError(error);
  return new ConfiguratorError(
    'network',
    (error instanceof Error ? error.message : String(error)) || 'Request failed',
    {
      retryable: true,
      cause: error,
    },
  );
}
