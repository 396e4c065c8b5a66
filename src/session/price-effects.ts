// The totals choices would give, beside the session like the signed configuration (signed.ts):
// a function taking the session, so a page that never shows effects does not carry it.
import type {ConfiguratorSession} from './index.js';
import {badResponse} from './answers.js';
import type {Requirement} from '../wire/index.js';
import {totalsOf, type TotalsAfter} from './totals-after.js';

export type {TotalsAfter} from './totals-after.js';

/** Most requirements one question carries (the service refuses more). */
export const maxEffectRequirements = 200;

/**
 * Asks the service what each requirement would make the total (`POST {id}/effects`, an
 * addition of the reference service), by node id. A requirement the service refuses is
 * left out. Rejects like any request of the session (a service without the path: 404).
 */
export async function fetchTotalsAfter(
  session: ConfiguratorSession,
  configurationId: string,
  requirements: readonly Requirement[],
  signal?: AbortSignal,
): Promise<Map<string, TotalsAfter>> {
  const asked = requirements.slice(0, maxEffectRequirements);
  return session._send({
    method: 'POST',
    path: `/api/3/configurator/${encodeURIComponent(configurationId)}/effects`,
    json: asked,
    // Asking changes nothing: it may be sent again.
    idempotent: true,
    signal,
    read: (body, status) => readTotalsAfter(body, status, asked),
  });
}

/** Reads `{effects: [...]}`, one entry (or null) per requirement asked, or `bad_response`. */
export function readTotalsAfter(
  body: unknown,
  status: number,
  asked: readonly Requirement[],
): Map<string, TotalsAfter> {
  const effects = (body as {effects?: unknown} | null)?.effects;
  if (!Array.isArray(effects) || effects.length !== asked.length) {
    throw badResponse('price effects', status);
  }
  const out = new Map<string, TotalsAfter>();
  effects.forEach((effect: unknown, i) => {
    if (effect === null) return;
    const totals = totalsOf(effect as Record<string, unknown>);
    if (!totals) throw badResponse('price effects', status);
    out.set(asked[i]!.featureModelNodeId, totals);
  });
  return out;
}
