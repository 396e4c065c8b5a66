import {Errors, ServiceError} from '../errors.js';

/** The rows of the service's table (service/errors.ts) the engine refuses with. */
const engineRows = {
  [Errors.unknownNode.code]: Errors.unknownNode,
  [Errors.unknownStep.code]: Errors.unknownStep,
  [Errors.invalidValue.code]: Errors.invalidValue,
  [Errors.notATextNode.code]: Errors.notATextNode,
  [Errors.textNodeNeedsText.code]: Errors.textNodeNeedsText,
  [Errors.unsatisfiable.code]: Errors.unsatisfiable,
  [Errors.modelMismatch.code]: Errors.modelMismatch,
} as const;

/** The codes of the service's table the engine refuses with. */
export type EngineErrorCode = keyof typeof engineRows;

/**
 * A requirement or text the engine refuses, by the code of its row; `status` is the HTTP status
 * the row gives it. A `ServiceError`, so it answers for itself like every other refusal.
 */
export class EngineError extends ServiceError {
  declare readonly code: EngineErrorCode;
  declare readonly status: 400 | 404 | 409;

  constructor(code: EngineErrorCode, message: string) {
    super(engineRows[code], message);
    this.name = 'EngineError';
  }
}
