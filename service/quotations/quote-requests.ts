import {randomUUID} from 'node:crypto';
import type {QuoteRequestResult} from '../../src/wire/index.js';
import {Errors, ServiceError, notFound} from '../errors.js';
import {QuotationTopic, type EventPublisher} from '../events.js';
import {openStatuses} from '../entities/quotation-status.js';
import {QuoteReplay} from './quote-replay.js';
import {closed, nextQuotationNumber} from './quotation-transitions.js';
import type {Store} from '../store/index.js';
import type {
  AddToQuotationInput,
  ConfigurationOrder,
  QuoteRequestInput,
} from './quote-request-body.js';
import type {
  ConfiguredItem,
  CrmAccountRecord,
  QuotationLineRecord,
  QuotationRecord,
} from './quotation-records.js';

export interface QuotationsOptions {
  store: Store;
  now: () => number;
  events: EventPublisher;
  /** The configured product behind a session id, or `undefined` for an unknown session. */
  describe: (configurationId: string) => ConfiguredItem | undefined;
}

/** Money is kept in cents' precision; the store never sees float noise. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Turns configurations into quotations. Each configuration becomes ONE line: the configured
 * product at its configured price, with the chosen options listed in the description. A
 * sales person quotes, discounts and orders the product as configured, and the line keeps the
 * configuration id to reopen every detail; option lines would invite editing one option's
 * price apart from the rules that priced it.
 */
export class Quotations {
  readonly #options: QuotationsOptions;
  readonly #replay: QuoteReplay;

  constructor(options: QuotationsOptions) {
    this.#options = options;
    this.#replay = new QuoteReplay(options.store, options.now);
  }

  get #quotations() {
    return this.#options.store.collection<QuotationRecord>('quotations');
  }

  get #lines() {
    return this.#options.store.collection<QuotationLineRecord>('quotationlines');
  }

  /**
   * Request quote: a CRM account, a requested quotation and its lines, in one transaction.
   * The same request again (by `idempotencyKey`, or by its content within a few minutes) is
   * answered with the first quotation and stores nothing: a client may retry safely.
   */
  request(input: QuoteRequestInput, userId: string, idempotencyKey?: string): QuoteRequestResult {
    const items = this.#items(input.orders);
    const ids = this.#replay.identify(input, items, userId, idempotencyKey);
    const first = this.#replay.find(ids);
    if (first) return first;
    const currencyIso = items[0]!.item.currencyIso;
    if (items.some(({item}) => item.currencyIso !== currencyIso)) {
      throw new ServiceError(
        Errors.currencyMismatch,
        'The configurations are priced in different currencies; request one quote per currency',
      );
    }
    const {store, events} = this.#options;
    const at = this.#stamp();
    return store.transaction(() => {
      const {remarks, ...customer} = input.customer;
      const account: CrmAccountRecord = {
        id: randomUUID(),
        ...customer,
        createdAt: at,
        updatedAt: at,
      };
      store.collection<CrmAccountRecord>('crmaccounts').put(account);
      const quotation: QuotationRecord = {
        id: randomUUID(),
        number: nextQuotationNumber(store),
        status: 'requested',
        synced: false,
        debtorId: account.id,
        sellerId: null,
        userId,
        currencyIso,
        remarks: remarks ?? null,
        totalPriceExVAT: 0,
        totalPriceIncVAT: 0,
        createdAt: at,
        updatedAt: at,
      };
      this.#appendLines(quotation, items, at);
      events.publish(QuotationTopic.requested, {quotationId: quotation.id, userId});
      // Enough for the shopper to refer to the quote, without read access to quotations.
      const result: QuoteRequestResult = {
        quotationId: quotation.id,
        quotationNumber: quotation.number ?? undefined,
        debtorId: account.id,
      };
      this.#replay.record(ids, result);
      return result;
    });
  }

  /** Add to quotation: appends one line per configuration to an open quotation. */
  add(input: AddToQuotationInput): QuotationRecord & {lines: QuotationLineRecord[]} {
    const quotation = this.#quotations.get(input.quotationId);
    if (!quotation) throw notFound(`No quotation ${input.quotationId}`, {field: 'quotationId'});
    if (!openStatuses.has(quotation.status)) throw closed(quotation, 'its lines');
    const items = this.#items(input.orders);
    const foreign = items.find(({item}) => item.currencyIso !== quotation.currencyIso);
    if (foreign) {
      throw new ServiceError(
        Errors.quotationCurrencyMismatch,
        `Configuration ${foreign.item.configurationId} is priced in ${foreign.item.currencyIso}, the quotation in ${quotation.currencyIso}`,
      );
    }
    const at = this.#stamp();
    return this.#options.store.transaction(() => {
      const saved = this.#appendLines(quotation, items, at);
      return {...saved, lines: this.#linesOf(saved.id)};
    });
  }

  #stamp(): string {
    return new Date(this.#options.now()).toISOString();
  }

  #items(orders: ConfigurationOrder[]): {item: ConfiguredItem; quantity: number}[] {
    return orders.map(({configurationId, quantity}) => {
      const item = this.#options.describe(configurationId);
      if (!item) {
        throw notFound(`No configuration ${configurationId}`, {configurationId});
      }
      if (item.unansweredMandatories.length > 0) {
        throw new ServiceError(
          Errors.configurationIncomplete,
          `Configuration ${configurationId} still has ${item.unansweredMandatories.length} unanswered mandatory feature(s)`,
          {configurationId, unansweredMandatories: item.unansweredMandatories},
        );
      }
      return {item, quantity};
    });
  }

  #linesOf(quotationId: string): QuotationLineRecord[] {
    return this.#lines.find({where: {quotationId}, orderBy: 'sortOrder'});
  }

  #appendLines(
    quotation: QuotationRecord,
    items: {item: ConfiguredItem; quantity: number}[],
    at: string,
  ): QuotationRecord {
    const existing = this.#linesOf(quotation.id);
    let sortOrder = existing.reduce((last, line) => Math.max(last, line.sortOrder), 0);
    const added = items.map(({item, quantity}) =>
      this.#lines.put({
        id: randomUUID(),
        quotationId: quotation.id,
        configurationId: item.configurationId,
        articleCode: item.articleCode,
        description: item.description,
        quantity,
        unitPriceExVAT: cents(item.unitPriceExVAT),
        unitPriceIncVAT: cents(item.unitPriceIncVAT),
        totalPriceExVAT: cents(item.unitPriceExVAT * quantity),
        totalPriceIncVAT: cents(item.unitPriceIncVAT * quantity),
        sortOrder: ++sortOrder,
        createdAt: at,
        updatedAt: at,
      }),
    );
    const lines = [...existing, ...added];
    return this.#quotations.put({
      ...quotation,
      totalPriceExVAT: cents(lines.reduce((sum, line) => sum + line.totalPriceExVAT, 0)),
      totalPriceIncVAT: cents(lines.reduce((sum, line) => sum + line.totalPriceIncVAT, 0)),
      updatedAt: at,
    });
  }
}
