/** Stable codes of what the engine refuses; the HTTP layer answers with the same code. */
export const EngineErrorCode = {
  /** No node with that id in the model (404). */
  unknownNode: 'unknown_node',
  /** No step with that id in the model (404). */
  unknownStep: 'unknown_step',
  /** The value is not a finite number, or the node cannot take it (400). */
  invalidValue: 'invalid_value',
  /** Text was sent for a node that is not a text input (400). */
  notATextNode: 'not_a_text_node',
  /** A value was sent for a text input; text goes through the text operation (400). */
  textNodeNeedsText: 'text_node_needs_text',
  /** The model's rules cannot satisfy the requirement at all (409). */
  unsatisfiable: 'unsatisfiable',
  /** The session state belongs to another model (400). */
  modelMismatch: 'model_mismatch',
} as const;
export type EngineErrorCode = (typeof EngineErrorCode)[keyof typeof EngineErrorCode];

const statuses: Record<EngineErrorCode, 400 | 404 | 409> = {
  unknown_node: 404,
  unknown_step: 404,
  invalid_value: 400,
  not_a_text_node: 400,
  text_node_needs_text: 400,
  unsatisfiable: 409,
  model_mismatch: 400,
};

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
