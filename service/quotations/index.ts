export {
  QuotationOperation,
  QuotationStatus,
  initialStatuses,
  moveTopic,
  quotationStatuses,
} from './quotation-status.js';
export {
  invalidTransition,
  nextQuotationNumber,
  nobody,
  quotationHook,
} from './quotation-transitions.js';
export {quotationRoutes} from './quotation-routes.js';
export type {QuotationRoutesOptions} from './quotation-routes.js';
export {recomputeTotals, recomputeTotalsOf} from './quotation-totals.js';
