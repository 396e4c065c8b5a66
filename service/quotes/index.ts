export {customerFieldNames, customerFields} from './customer-fields.js';
export {readAddToQuotation, readConfigurationQuoteRequest, readQuoteRequest} from './quote-body.js';
export type {AddToQuotationInput, ConfigurationOrder, QuoteRequestInput} from './quote-body.js';
export {QuoteErrorCode, Quotations} from './quotations.js';
export type {QuotationsOptions} from './quotations.js';
export type {
  ConfiguredItem,
  CrmAccountRecord,
  QuotationLineRecord,
  QuotationRecord,
} from './records.js';
