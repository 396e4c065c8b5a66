import type {SessionState} from '../engine/index.js';
import {Errors, ServiceError, notFound} from '../errors.js';
import type {Configurator} from './configurator.js';
import {isSessionCode} from './session-code.js';

/**
 * `POST /configurator/{version}/configurator/copy/{code}[?revision=N]`: a frozen copy of the
 * session with that code, kept on the service's side, answered with its id alone; with
 * `revision`, a copy of the state the session had at that revision (its values, texts and
 * language then), which the session keeps for its last changes. The widget's undo asks for
 * one only when the shopper undoes, naming the revision each answer carries
 * (docs/decisions/0105-revisions-undo-without-copies.md); without revisions it keeps a copy
 * after each change (docs/decisions/0083-undo-copies-kept-by-the-service.md). An extension of
 * the reference service; a service without it answers 404 and the widget copies with
 * `open/{code}` as before.
 */
export function frozenCopy(
  configurator: Configurator,
  code: string,
  revision?: number,
): {id: string} {
  const original = isSessionCode(code) ? configurator.sessions.byCode(code) : undefined;
  if (!original || !configurator.catalog.byId(original.modelId)) {
    throw notFound(`No configuration with code "${code}"`);
  }
  const kept = revision === undefined ? original : configurator.sessions.at(original, revision);
  if (!kept) {
    throw new ServiceError(
      Errors.revisionNotKept,
      `Configuration "${code}" keeps no revision ${revision} (it is at ${original.revision ?? 0})`,
      {revision, current: original.revision ?? 0},
    );
  }
  const copy = configurator.sessions.create(
    original.modelId,
    kept.lang,
    structuredClone(kept.state) as SessionState,
  );
  return {id: copy.id};
}
