/** A CRM account created from a quote request's customer fields (collection `crmaccounts`). */
export interface CrmAccountRecord extends Partial<Record<string, string | null>> {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** A quotation (collection `quotations`); the shape the entity API serves. */
export interface QuotationRecord {
  id: string;
  number: string | null;
  status: string;
  synced: boolean;
  debtorId: string | null;
  sellerId: string | null;
  userId: string | null;
  currencyIso: string;
  remarks: string | null;
  totalPriceExVAT: number;
  totalPriceIncVAT: number;
  createdAt: string;
  updatedAt: string;
}

/** One line of a quotation (collection `quotationlines`). */
export interface QuotationLineRecord {
  id: string;
  quotationId: string;
  configurationId: string | null;
  articleCode: string | null;
  description: string | null;
  quantity: number;
  unitPriceExVAT: number;
  unitPriceIncVAT: number;
  totalPriceExVAT: number;
  totalPriceIncVAT: number;
  sortOrder: number;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * What a quotation needs to know of a configured product: the configurator layer builds it
 * from the session, so quotations never depend on the rule engine.
 */
export interface ConfiguredItem {
  configurationId: string;
  currencyIso: string;
  /** The product's article code (the model's root feature). */
  articleCode: string | null;
  /** The product name and, one per line, each chosen option. */
  description: string;
  /** The configuration's total price for one item. */
  unitPriceExVAT: number;
  unitPriceIncVAT: number;
  /** Mandatory node ids still unanswered; a quote needs none. */
  unansweredMandatories: readonly string[];
}
