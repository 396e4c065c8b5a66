import type {SessionState} from '../engine/index.js';
import {notFound} from '../errors.js';
import type {Configurator} from './configurator.js';
import {isSessionCode} from './session-code.js';

/**
 * `POST /configurator/{version}/configurator/copy/{code}`: a frozen copy of the session with
 * that code, kept on the service's side, answered with its id alone. The widget's undo keeps
 * one after each of the shopper's changes and opens it (`open/{id}`) only when the shopper
 * undoes: a change costs the update and this small answer, not a second copy of the whole
 * configuration over the wire (docs/decisions/0083-undo-copies-kept-by-the-service.md).
 * An extension of the reference service; a service without it answers 404 and the widget
 * copies with `open/{code}` as before.
 */
export function frozenCopy(configurator: Configurator, code: string): {id: string} {
  const original = isSessionCode(code) ? configurator.sessions.byCode(code) : undefined;
  if (!original || !configurator.catalog.byId(original.modelId)) {
    throw notFound(`No configuration with code "${code}"`);
  }
  const copy = configurator.sessions.create(
    original.modelId,
    original.lang,
    structuredClone(original.state) as SessionState,
  );
  return {id: copy.id};
}
