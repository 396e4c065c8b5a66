import type {Store} from '../store/index.js';

/** Sessions read per batch of an expiry run, and batches per run (every hundred sessions started). */
export const expiryBatchSize = 100;
const expiryBatches = 10;

/** What an expiry run reads of a stored session. */
interface Expiring {
  id: string;
  updatedAt: string;
  quotedAt?: string;
  revision?: number;
}

/**
 * Deletes sessions that were never quoted and have not changed since `horizon` (an ISO time),
 * oldest change first, a batch at a time through the index of schema step 8, stopping at the
 * first session changed later: a run reads what it deletes and one batch more, never the whole
 * collection. A session a quotation line names is kept and marked `quotedAt`, which takes it
 * out of the index's unquoted part, so later runs do not read it again. `forget` is called with
 * each deleted id (the session cache drops it), `drop` with each deleted session in the same
 * transaction (its kept revisions go with it). Answers how many were deleted.
 */
export function expireSessions(
  store: Store,
  horizon: string,
  now: string,
  forget: (id: string) => void,
  drop: (session: Expiring) => void = () => undefined,
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
      if (!(session.updatedAt < horizon)) return deleted;
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
