import type {Strings} from '../i18n/strings.js';
import type {Configuration, QuoteCustomer} from '../wire/index.js';

export type CustomerField = keyof QuoteCustomer;

export interface FieldSpec {
  name: CustomerField;
  label: (s: Strings) => string;
  type?: 'text' | 'email' | 'tel' | 'country' | 'textarea';
  required?: boolean;
  autocomplete: string;
  /** Grid columns the field spans out of 6 on wide forms. */
  span: 2 | 3 | 4 | 6;
}

export const contactFields: readonly FieldSpec[] = [
  {
    name: 'firstName',
    label: (s) => s.firstName,
    required: true,
    autocomplete: 'given-name',
    span: 3,
  },
  {
    name: 'lastName',
    label: (s) => s.lastName,
    required: true,
    autocomplete: 'family-name',
    span: 3,
  },
  {
    name: 'email',
    label: (s) => s.email,
    type: 'email',
    required: true,
    autocomplete: 'email',
    span: 3,
  },
  {name: 'phoneNumber', label: (s) => s.phone, type: 'tel', autocomplete: 'tel', span: 3},
  {name: 'companyName', label: (s) => s.company, autocomplete: 'organization', span: 6},
];

export const addressFields: readonly FieldSpec[] = [
  {name: 'streetName', label: (s) => s.street, autocomplete: 'address-line1', span: 4},
  {name: 'houseNumber', label: (s) => s.houseNumber, autocomplete: 'address-line2', span: 2},
  {name: 'postalCode', label: (s) => s.postalCode, autocomplete: 'postal-code', span: 2},
  {name: 'city', label: (s) => s.city, autocomplete: 'address-level2', span: 4},
  {name: 'countryIso', label: (s) => s.country, type: 'country', autocomplete: 'country', span: 6},
];

export const shipToFields: readonly FieldSpec[] = [
  {
    name: 'shipto_FirstName',
    label: (s) => s.firstName,
    required: true,
    autocomplete: 'shipping given-name',
    span: 3,
  },
  {
    name: 'shipto_LastName',
    label: (s) => s.lastName,
    required: true,
    autocomplete: 'shipping family-name',
    span: 3,
  },
  {
    name: 'shipto_CompanyName',
    label: (s) => s.company,
    autocomplete: 'shipping organization',
    span: 6,
  },
  {
    name: 'shipto_StreetName',
    label: (s) => s.street,
    required: true,
    autocomplete: 'shipping address-line1',
    span: 4,
  },
  {
    name: 'shipto_HouseNumber',
    label: (s) => s.houseNumber,
    autocomplete: 'shipping address-line2',
    span: 2,
  },
  {
    name: 'shipto_PostalCode',
    label: (s) => s.postalCode,
    required: true,
    autocomplete: 'shipping postal-code',
    span: 2,
  },
  {
    name: 'shipto_City',
    label: (s) => s.city,
    required: true,
    autocomplete: 'shipping address-level2',
    span: 4,
  },
  {
    name: 'shipto_CountryIso',
    label: (s) => s.country,
    type: 'country',
    autocomplete: 'shipping country',
    span: 6,
  },
];

export const remarksField: FieldSpec = {
  name: 'remarks',
  label: (s) => s.remarks,
  type: 'textarea',
  autocomplete: 'off',
  span: 6,
};

/** Countries offered in the form; names come from `Intl.DisplayNames` in the shopper's language. */
export const countries = [
  'NL',
  'BE',
  'LU',
  'DE',
  'FR',
  'AT',
  'CH',
  'GB',
  'IE',
  'DK',
  'SE',
  'NO',
  'FI',
  'ES',
  'PT',
  'IT',
  'PL',
  'CZ',
  'US',
  'CA',
] as const;

/** The message for an invalid control from its native validity state, in the shopper's language. */
export function validationMessage(
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  s: Strings,
): string {
  const v = control.validity;
  if (v.valid) return '';
  if (v.valueMissing) return s.valueMissing;
  if (v.rangeUnderflow || v.rangeOverflow || v.stepMismatch) {
    const c = control as HTMLInputElement;
    const f = new Intl.NumberFormat(s.locale);
    return s.minMax(f.format(Number(c.min)), f.format(Number(c.max)));
  }
  if (v.typeMismatch && control.type === 'email') return s.emailInvalid;
  return s.formatInvalid;
}

/** Native constraint validation over the form; messages by field name. */
export function validateQuoteForm(form: HTMLFormElement, s: Strings): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const control of Array.from(form.elements)) {
    if (
      !(control instanceof HTMLInputElement) &&
      !(control instanceof HTMLSelectElement) &&
      !(control instanceof HTMLTextAreaElement)
    )
      continue;
    if (!control.name || control.disabled) continue;
    const message = validationMessage(control, s);
    if (message) errors[control.name] = message;
  }
  return errors;
}

/** The customer object from the form's values; trimmed, empty fields left out. */
export function customerFromForm(
  form: HTMLFormElement,
  extra: Partial<QuoteCustomer> = {},
): QuoteCustomer {
  const customer: Record<string, string> = {};
  const shipTo = (form.elements.namedItem('shipTo') as HTMLInputElement | null)?.checked ?? false;
  for (const [name, value] of new FormData(form)) {
    // The quantity belongs to the order, not to the customer.
    if (name === 'shipTo' || name === 'quantity' || typeof value !== 'string') continue;
    if (name.startsWith('shipto_') && !shipTo) continue;
    const trimmed = value.trim();
    if (trimmed) customer[name] = trimmed;
  }
  return {...extra, ...customer};
}

/**
 * The configured total times the quantity, in the VAT mode shown; '' for a wrong quantity or a
 * currency Intl does not know (the figure is better left out than shown wrong).
 */
export function lineAmount(
  configuration: Configuration,
  quantity: number | null,
  inclVat: boolean,
  locale: string,
): string {
  if (quantity === null) return '';
  const unit = inclVat ? configuration.totalPriceIncVAT : configuration.totalPriceExVAT;
  try {
    // Written the way the service writes its own labels: in the configuration's language.
    return new Intl.NumberFormat(configuration.languageIso || locale, {
      style: 'currency',
      currency: configuration.currencyIso,
    }).format(Math.round(unit * quantity * 100) / 100);
  } catch {
    return '';
  }
}

/** The typed quantity when it is a whole number the service accepts; null otherwise. */
export function quantityOf(text: string): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : null;
}
