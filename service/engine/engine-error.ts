import {ErrorCode} from '../errors.js';

/** The HTTP status each code of what the engine refuses stands for. */
const statuses = {
  [ErrorCode.unknownNode]: 404,
  [ErrorCode.unknownStep]: 404,
  [ErrorCode.invalidValue]: 400,
  [ErrorCode.notATextNode]: 400,
  [ErrorCode.textNodeNeedsText]: 400,
  [ErrorCode.unsatisfiable]: 409,
  [ErrorCode.modelMismatch]: 400,
} as const satisfies Partial<Record<ErrorCode, 400 | 404 | 409>>;

/** The codes of the service's table (service/errors.ts) the engine refuses with. */
export type EngineErrorCode = keyof typeof statuses;

/** A requirement or text the engine refuses; `status` is the HTTP status it stands for. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly status: 400 | 404 | 409;

  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.status = statuses[code];
  }
}
