import type {QuoteCustomer} from '../../src/wire/index.js';

/**
 * The customer fields a CRM account keeps from a quote request, spelled as the wire spells
 * them: the one list both the quote request reader and the `CrmAccounts` entity model use.
 */
export const customerFields = [
  'firstName',
  'lastName',
  'lastNamePrefix',
  'salutation',
  'email',
  'city',
  'postalCode',
  'streetName',
  'houseNumber',
  'countryIso',
  'languageIso',
  'phoneNumber',
  'phoneNumber2',
  'companyName',
  'iban',
  'cocNumber',
  'vatNumber',
  'shipto_FirstName',
  'shipto_LastName',
  'shipto_LastNamePrefix',
  'shipto_Salutation',
  'shipto_Email',
  'shipto_City',
  'shipto_PostalCode',
  'shipto_StreetName',
  'shipto_HouseNumber',
  'shipto_CountryIso',
  'shipto_LanguageIso',
  'shipto_PhoneNumber',
  'shipto_PhoneNumber2',
  'shipto_CompanyName',
  'remarks',
] as const satisfies readonly (keyof QuoteCustomer)[];

/**
 * Every customer field a quote request may carry: the CRM fields and the captcha answer, which
 * is read and then dropped.
 */
export const customerFieldNames = [
  ...customerFields,
  'grecaptcha',
] as const satisfies readonly (keyof QuoteCustomer)[];
