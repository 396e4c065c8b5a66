import type {Entity} from '../entities/entity-model.js';
import type {Collection, Store} from '../store/index.js';

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
    .find({where: {quotationId}})
    .filter((item) => item.id !== line?.id);
  if (line && line.quotationId === quotationId) lines.push(line);
  const sum = (name: string) =>
    cents(lines.reduce((total, item) => total + Number(item[name] ?? 0), 0));
  writeTotals(quotations, quotation, sum('totalPriceExVAT'), sum('totalPriceIncVAT'));
}

/** Stores a quotation's new totals, and a later `updatedAt`, only when they changed. */
function writeTotals(
  quotations: Collection<Entity>,
  quotation: Entity,
  totalPriceExVAT: number,
  totalPriceIncVAT: number,
): void {
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

/**
 * `recomputeTotals` for several quotations in one query for their lines, for a bulk write of
 * lines: once per request, not once per line. Call after the lines are stored.
 */
export function recomputeTotalsOf(store: Store, quotationIds: Iterable<unknown>): void {
  const sums = new Map<string, {exVAT: number; incVAT: number}>();
  for (const id of quotationIds) if (typeof id === 'string') sums.set(id, {exVAT: 0, incVAT: 0});
  if (sums.size === 0) return;
  for (const line of store
    .collection<Entity>('quotationlines')
    .find({where: {quotationId: [...sums.keys()]}})) {
    const sum = sums.get(line.quotationId as string);
    if (!sum) continue;
    sum.exVAT += Number(line.totalPriceExVAT ?? 0);
    sum.incVAT += Number(line.totalPriceIncVAT ?? 0);
  }
  const quotations = store.collection<Entity>('quotations');
  for (const [id, sum] of sums) {
    const quotation = quotations.get(id);
    if (quotation) writeTotals(quotations, quotation, cents(sum.exVAT), cents(sum.incVAT));
  }
}
