import {Errors, ServiceError} from '../errors.js';
import type {EventPublisher} from '../events.js';
import type {Entity} from '../entities/entity-model.js';
import type {EntityHook} from '../entities/entity-routes.js';
import {quotationNumberSequence, type Store} from '../store/index.js';
import {
  initialStatuses,
  moveTopic,
  openStatuses,
  QuotationStatus,
} from '../entities/quotation-status.js';

export const invalidTransition = 'invalid_transition';

/** Used as `userId` of an event about a quotation nobody owns (created without a token user). */
export const nobody = '00000000-0000-0000-0000-000000000000';

/**
 * The next quotation number, `Q-000001` style, from the store's sequence: never one handed out
 * before, also after a delete or a restart, and never derived from stored (possibly
 * hand-written) numbers. Call it inside the transaction that stores the quotation, so an
 * undone creation takes its number back.
 */
export function nextQuotationNumber(store: Store): string {
  return `Q-${String(store.nextValue(quotationNumberSequence)).padStart(6, '0')}`;
}

/**
 * The rules of a quotation's life for the entity API: a quotation is created as `draft` or
 * `requested`, moves only along the allowed steps (409 `invalid_transition` otherwise), and
 * every move (and a creation as `requested`) publishes its topic in the same transaction.
 * Past `requested` its totals and currency are fixed, and a `verified` one changes only
 * `synced` (409 `quotation_closed`).
 */
export function quotationHook(store: Store, events: EventPublisher): EntityHook {
  return ({before, after, principal}) => {
    after.number ??= nextQuotationNumber(store);
    after.userId ??= principal?.userId ?? null;
    const to = String(after.status);
    if (!before) {
      if (!initialStatuses.has(to as QuotationStatus)) {
        throw refuse(
          `A quotation starts as ${[...initialStatuses.keys()].join(' or ')}, not ${to}`,
          after,
        );
      }
      const topic = initialStatuses.get(to as QuotationStatus);
      if (topic) events.publish(topic, eventContent(after));
      return;
    }
    const from = String(before.status ?? QuotationStatus.draft);
    // A move not in the diagram is refused as such, also out of `verified`.
    const topic = from === to ? undefined : moveTopic(from, to);
    if (from !== to && !topic) {
      throw refuse(`A quotation cannot move from ${from} to ${to}`, after, from);
    }
    const changed = Object.keys(after).filter(
      (name) => !unlocked.has(name) && after[name] !== before[name],
    );
    if (from === QuotationStatus.verified && changed.length > 0) throw closed(before);
    if (!openStatuses.has(from) && changed.some((name) => money.has(name))) {
      throw closed(before, 'its totals and currency');
    }
    if (!topic) return;
    events.publish(topic, eventContent(after));
  };
}

/** What may still change on a verified quotation: a back office marks it exported. */
const unlocked = new Set(['synced', 'updatedAt', 'createdAt']);
/** What was sent to the customer: fixed once a quotation is past `requested`. */
const money = new Set(['totalPriceExVAT', 'totalPriceIncVAT', 'currencyIso']);

/**
 * The rule of add to quotation, for lines written through the entity API: a line joins, changes
 * in or leaves a quotation only while that quotation is open (`draft` or `requested`). A line
 * that names no stored quotation is the references check's to refuse.
 */
export function quotationLineHook(store: Store): (line: {before?: Entity; after?: Entity}) => void {
  const quotations = store.collection<Entity>('quotations');
  return ({before, after}) => {
    for (const id of new Set([before?.quotationId, after?.quotationId])) {
      const quotation = typeof id === 'string' ? quotations.get(id) : undefined;
      if (quotation && !openStatuses.has(String(quotation.status))) {
        throw closed(quotation, 'its lines');
      }
    }
  };
}

/** 409 `quotation_closed`: `what` of a quotation past `requested` can no longer change. */
export function closed(
  quotation: {id: unknown; number?: unknown; status?: unknown},
  what = 'it',
): ServiceError {
  const name = typeof quotation.number === 'string' ? quotation.number : String(quotation.id);
  return new ServiceError(
    Errors.quotationClosed,
    `Quotation ${name} is ${String(quotation.status)}; ${what} can no longer change`,
    {id: quotation.id, status: quotation.status},
  );
}

function eventContent(quotation: Entity) {
  return {
    quotationId: quotation.id,
    userId: typeof quotation.userId === 'string' ? quotation.userId : nobody,
  };
}

function refuse(message: string, quotation: Entity, from?: string) {
  return new ServiceError(Errors.invalidTransition, message, {
    id: quotation.id,
    from: from ?? null,
    to: quotation.status,
  });
}
