// Retrying a quote request is safe: the same request again answers the first quotation
// instead of storing a second one (and a second customer account and webhook event).
import {createHash} from 'node:crypto';
import type {QuoteRequestResult} from '../../src/wire/index.js';
import {Errors, ServiceError, badRequest} from '../errors.js';
import type {Store} from '../store/index.js';
import type {ConfiguredItem} from './quotation-records.js';
import type {QuoteRequestInput} from './quote-request-body.js';

/** How long the same request without a key is answered with the first quotation, ms. */
export const repeatWindowMs = 10 * 60_000;

/** A quote request answered, by key or by its content, kept to answer it again. */
interface AnsweredRequest {
  /** `key:` and a digest of caller and key, or `same:` and a digest of caller and content. */
  id: string;
  /** The digest of what was asked (customer, configurations as priced now, quantities). */
  fingerprint: string;
  result: QuoteRequestResult;
  /** Epoch ms of the first answer. */
  at: number;
}

const digest = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url');

/**
 * `Idempotency-Key`: 1 to 255 visible ASCII characters, or absent. Anything else is a 400, so
 * a client never believes a key was honoured that was not.
 */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw badRequest(
      Errors.invalidBody,
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
      {field: 'header.Idempotency-Key'},
    );
  }
  return header;
}

/**
 * Finds and records answered quote requests. A request is the same when its caller, customer
 * fields, quantities and configurations (their descriptions and prices as they are now) are:
 * a shopper who changed a choice and asks again gets a new quotation.
 */
export class QuoteReplay {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  get #answered() {
    return this.#store.collection<AnsweredRequest>('quoterequests');
  }

  /** The ids and fingerprint under which a request is recorded. */
  identify(
    input: QuoteRequestInput,
    items: readonly {item: ConfiguredItem; quantity: number}[],
    userId: string,
    key: string | undefined,
  ) {
    const fingerprint = digest(
      JSON.stringify(Object.entries(input.customer).sort(([a], [b]) => (a < b ? -1 : 1))),
      JSON.stringify(
        items.map(({item, quantity}) => [
          item.configurationId,
          quantity,
          item.description,
          item.unitPriceExVAT,
          item.unitPriceIncVAT,
        ]),
      ),
    );
    return {
      keyId: key === undefined ? undefined : `key:${digest(userId, key)}`,
      sameId: `same:${digest(userId, fingerprint)}`,
      fingerprint,
    };
  }

  /**
   * The first answer to this request, if it was answered: by its key (whenever; the same key
   * with other content is 409 `conflict`), or by its content within `repeatWindowMs`.
   */
  find(ids: ReturnType<QuoteReplay['identify']>): QuoteRequestResult | undefined {
    if (ids.keyId !== undefined) {
      const byKey = this.#answered.get(ids.keyId);
      if (byKey && byKey.fingerprint !== ids.fingerprint) {
        throw new ServiceError(
          Errors.conflict,
          'This Idempotency-Key was used for another quote request; use a new key for a new request',
        );
      }
      if (byKey) return byKey.result;
    }
    const same = this.#answered.get(ids.sameId);
    if (same && this.#now() - same.at < repeatWindowMs) return same.result;
    return undefined;
  }

  /** Records the answer, in the caller's transaction: kept if and only if the quote is. */
  record(ids: ReturnType<QuoteReplay['identify']>, result: QuoteRequestResult): void {
    const at = this.#now();
    for (const id of [ids.keyId, ids.sameId]) {
      if (id !== undefined) this.#answered.put({id, fingerprint: ids.fingerprint, result, at});
    }
  }
}
