export {customerFields} from '../entities/customer-fields.js';
export {entityApi} from './entity-api.js';
export type {
  ConfiguredItem,
  CrmAccountRecord,
  QuotationLineRecord,
  QuotationRecord,
} from './quotation-records.js';
export {
  readAddToQuotation,
  readConfigurationQuoteRequest,
  readQuoteRequest,
} from './quote-request-body.js';
export {Quotations} from './quote-requests.js';
export {readIdempotencyKey, repeatWindowMs} from './quote-replay.js';
