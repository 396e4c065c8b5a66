/**
 * The codes of the service's error answers that the widget reads to tell one failure from
 * another; the service's table (service/errors.ts) takes these rows' codes from here, so
 * neither side can spell one differently. The service answers with many more (docs/errors.md);
 * the widget reads only these.
 */
export const ServiceErrorCode = {
  /** A 403 that refuses the page's origin rather than the token. */
  originNotAllowed: 'origin_not_allowed',
  /** A 404 for a node the model does not have, not for the session. */
  unknownNode: 'unknown_node',
  /** A 404 for a step the model does not have, not for the session. */
  unknownStep: 'unknown_step',
} as const;
export type ServiceErrorCode = (typeof ServiceErrorCode)[keyof typeof ServiceErrorCode];
