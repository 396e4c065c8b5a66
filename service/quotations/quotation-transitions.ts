import {ErrorCode, ServiceError} from '../errors.js';
import type {EventPublisher} from '../events.js';
import type {Entity} from '../entities/entity-model.js';
import type {EntityHook} from '../entities/entity-routes.js';
import {quotationNumberSequence, type Store} from '../store/index.js';
import {initialStatuses, moveTopic, QuotationStatus} from './quotation-status.js';

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
    if (from === to) return;
    const topic = moveTopic(from, to);
    if (!topic) throw refuse(`A quotation cannot move from ${from} to ${to}`, after, from);
    events.publish(topic, eventContent(after));
  };
}

function eventContent(quotation: Entity) {
  return {
    quotationId: quotation.id,
    userId: typeof quotation.userId === 'string' ? quotation.userId : nobody,
  };
}

function refuse(message: string, quotation: Entity, from?: string) {
  return new ServiceError(409, ErrorCode.invalidTransition, message, {
    id: quotation.id,
    from: from ?? null,
    to: quotation.status,
  });
}
