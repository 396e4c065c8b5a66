// The signed configuration, beside the session like the quote request (quote.ts): a function
// taking the session, so a page that never asks for one does not carry it.
import {ConfiguratorError, type ConfiguratorSession} from './index.js';
import {badResponse} from './answers.js';
import type {SignedConfigurationAnswer} from '../wire/index.js';

/**
 * The service's signed statement of the session's configuration, once every input is applied:
 * what a host's server verifies (`verifyConfiguration`) to trust the price. Rejects with
 * `quote_blocked` while mandatory features are unanswered or inputs are unsaved, and with
 * `conflict_pending` while a conflict waits for the shopper.
 */
export async function fetchSignedConfiguration(
  session: ConfiguratorSession,
  options: {signal?: AbortSignal} = {},
): Promise<SignedConfigurationAnswer> {
  session.flush();
  const waiting = await session._settled();
  const {configuration, conflict} = session.snapshot;
  if (!configuration) {
    throw new ConfiguratorError('not_started', 'No session has been started or opened');
  }
  if (conflict) {
    throw new ConfiguratorError('conflict_pending', 'A conflict waits for a decision');
  }
  if (waiting > 0 || configuration.unansweredMandatories.length > 0) {
    throw new ConfiguratorError('quote_blocked', 'The configuration is not complete', {
      details: {unansweredMandatories: configuration.unansweredMandatories},
    });
  }
  return session._send({
    method: 'GET',
    path: `/api/3/configurator/${encodeURIComponent(configuration.id)}/signed`,
    signal: options.signal,
    read: readSignedAnswer,
  });
}

/** Reads the answer: a compact JWS and a date, or `bad_response`. */
export function readSignedAnswer(body: unknown, status: number): SignedConfigurationAnswer {
  const {jws, expiresAt} = (body ?? {}) as Partial<SignedConfigurationAnswer>;
  if (
    typeof jws !== 'string' ||
    !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(jws) ||
    typeof expiresAt !== 'string' ||
    Number.isNaN(Date.parse(expiresAt))
  ) {
    throw badResponse('signed configuration', status);
  }
  return {jws, expiresAt};
}
