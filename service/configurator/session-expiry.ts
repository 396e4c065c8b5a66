import type {Store} from '../store/index.js';

/** Sessions read per batch of an expiry run, and batches per run (every hundred sessions started). */
export const expiryBatchSize = 100;
const expiryBatches = 10;

/** What an expiry run reads of a stored session. */
interface Expiring {
  id: string;
  updatedAt: string;
  quotedAt?: string;
  state?: unknown;
}

/**
 * Deletes sessions that were never quoted and have not changed since `horizon` (an ISO time),
 * oldest change first, a batch at a time through the index of schema step 8, stopping at the
 * first session changed later: a run reads what it deletes and one batch more, never the whole
 * collection. A session a quotation line names is kept and marked `quotedAt`, which takes it
 * out of the index's unquoted part, so later runs do not read it again. `forget` is called with
 * each deleted id (the session cache drops it), `drop` with each deleted session in the same
 * transaction (its kept revisions go with it). A change writes the slot of its revision alone
 * (docs/decisions/0108), so a record's `updatedAt` may be older than the session's last change:
 * `lastChange` tells that, and a session changed since `horizon` gets its record's `updatedAt`
 * brought forward (out of the run's way until then) instead of being deleted. Answers how many
 * were deleted.
 */
export function expireSessions(
  store: Store,
  horizon: string,
  now: string,
  forget: (id: string) => void,
  drop: (session: Expiring) => void = () => undefined,
  lastChange: (session: Expiring) => string = (session) => session.updatedAt,
): number {
  const sessions = store.collection<Expiring>('sessions');
  const lines = store.collection<{id: string; configurationId: string | null}>('quotationlines');
  let deleted = 0;
  for (let batch = 0; batch < expiryBatches; batch++) {
    const oldest = sessions.find({
      where: {quotedAt: null},
      orderBy: 'updatedAt',
      limit: expiryBatchSize,
    });
    for (const session of oldest) {
      // The record's `updatedAt` is never later than the last change: none after this one is older.
      if (!(session.updatedAt < horizon)) return deleted;
      const changed = lastChange(session);
      if (!(changed < horizon)) {
        sessions.put({...session, updatedAt: changed});
        continue;
      }
      const named = lines.find({
        where: {configurationId: [session.id, session.id.toUpperCase()]},
        limit: 1,
      });
      store.transaction(() => {
        if (named.length > 0) sessions.put({...session, quotedAt: now});
        else if (sessions.delete(session.id)) {
          drop(session);
          deleted++;
        }
      });
      forget(session.id);
    }
    if (oldest.length < expiryBatchSize) return deleted;
  }
  return deleted;
}
