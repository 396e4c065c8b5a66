import type {Configuration} from '../wire/index.js';

/**
 * The total as the shopper sees it: both figures from the service, and which one is on screen
 * (the summary's incl./excl. VAT switch). A host shows or logs `label`; it never trusts a price
 * from the page for anything that costs money.
 */
export interface DisplayedPrice {
  /** Total including VAT, as the service computed it. */
  inclVat: number;
  /** Total excluding VAT, as the service computed it. */
  exclVat: number;
  /** The displayed total, formatted by the service for the session's language. */
  label: string;
  /** Which total the shopper sees. */
  displayed: 'inclVat' | 'exclVat';
  /** ISO 4217 code, lower case as the service sends it (`eur`). */
  currency: string;
}

/** The displayed price of a configuration, with VAT included or not. */
export function displayedPrice(configuration: Configuration, inclVat: boolean): DisplayedPrice {
  return {
    inclVat: configuration.totalPriceIncVAT,
    exclVat: configuration.totalPriceExVAT,
    label: inclVat ? configuration.totalPriceIncVATLabel : configuration.totalPriceExVATLabel,
    displayed: inclVat ? 'inclVat' : 'exclVat',
    currency: configuration.currencyIso,
  };
}
