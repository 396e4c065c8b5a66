import type {Entity} from '../entities/entity-model.js';
import type {EntityHook} from '../entities/entity-routes.js';
import type {Store} from '../store/index.js';

/** Money is kept to the cent, so sums never carry float noise into the store. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Keeps a quotation's totals the sum of its lines' totals when lines are written or deleted
 * through the entity API (request quote and add to quotation keep them so themselves).
 * `line` is the line about to be stored, which the store does not hold yet.
 */
export function recomputeTotals(store: Store, quotationId: unknown, line?: Entity): void {
  if (typeof quotationId !== 'string') return;
  const quotations = store.collection<Entity>('quotations');
  const quotation = quotations.get(quotationId);
  if (!quotation) return;
  const lines = store
    .collection<Entity>('quotationlines')
    .list()
    .filter((item) => item.quotationId === quotationId && item.id !== line?.id);
  if (line && line.quotationId === quotationId) lines.push(line);
  const sum = (name: string) =>
    cents(lines.reduce((total, item) => total + Number(item[name] ?? 0), 0));
  const totalPriceExVAT = sum('totalPriceExVAT');
  const totalPriceIncVAT = sum('totalPriceIncVAT');
  if (
    quotation.totalPriceExVAT === totalPriceExVAT &&
    quotation.totalPriceIncVAT === totalPriceIncVAT
  ) {
    return;
  }
  const previous = typeof quotation.updatedAt === 'string' ? Date.parse(quotation.updatedAt) : 0;
  quotations.put({
    ...quotation,
    totalPriceExVAT,
    totalPriceIncVAT,
    updatedAt: new Date(Math.max(Date.now(), previous + 1)).toISOString(),
  });
}

/** The entity API hook of `quotationlines`: the quotations a line leaves and joins are re-totalled. */
export function quotationLineHook(store: Store): EntityHook {
  return ({before, after}) => {
    if (before && before.quotationId !== after.quotationId) {
      recomputeTotals(store, before.quotationId, {...after, quotationId: null} as Entity);
    }
    recomputeTotals(store, after.quotationId, after);
  };
}
