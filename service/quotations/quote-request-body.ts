import {Errors, badRequest} from '../errors.js';
import {Fields, guidList} from '../http/index.js';
import {customerFieldNames} from '../entities/customer-fields.js';

const emailFields = new Set(['email', 'shipto_Email']);
const twoLetterFields = new Set([
  'countryIso',
  'languageIso',
  'shipto_CountryIso',
  'shipto_LanguageIso',
]);
// Deliberately loose: one @, something either side, a dot in the domain, no spaces.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The longest value of each customer field, what a quote form needs and no more (a name of
 * 100 characters, an e-mail address of RFC 5321's 254, an IBAN of 34): a request's customer
 * then holds at most about 6,000 characters instead of 4,000 in every field.
 */
const longestField: Readonly<Record<string, number>> = {
  email: 254,
  shipto_Email: 254,
  iban: 34,
  postalCode: 20,
  shipto_PostalCode: 20,
  houseNumber: 20,
  shipto_HouseNumber: 20,
  phoneNumber: 40,
  phoneNumber2: 40,
  shipto_PhoneNumber: 40,
  shipto_PhoneNumber2: 40,
  salutation: 40,
  shipto_Salutation: 40,
  cocNumber: 40,
  vatNumber: 40,
  lastNamePrefix: 40,
  shipto_LastNamePrefix: 40,
  streetName: 200,
  shipto_StreetName: 200,
  city: 200,
  shipto_City: 200,
  companyName: 200,
  shipto_CompanyName: 200,
  remarks: 4000,
};
/** Names and whatever the table above does not list. */
const longestOther = 100;
export const longestCustomerField = (name: string) => longestField[name] ?? longestOther;
/** Most configurations one quote request or add-to-quotation names. */
export const maxConfigurations = 100;

/** Configurations with their quantity, in the order the client listed them. */
export interface ConfigurationOrder {
  configurationId: string;
  quantity: number;
}

/** A validated quote request. */
export interface QuoteRequestInput {
  /** The customer fields that were given, trimmed; `grecaptcha` dropped. */
  customer: Partial<Record<(typeof customerFieldNames)[number], string>>;
  orders: ConfigurationOrder[];
}

/** A validated add-to-quotation request. */
export interface AddToQuotationInput {
  quotationId: string;
  orders: ConfigurationOrder[];
}

const invalid = (field: string, message: string) =>
  badRequest(Errors.invalidBody, `${field} ${message}`, {field});

/** Reads the body of `POST requestquote`: `{quotationRequest, configurationIds, quantities}`. */
export function readQuoteRequest(body: unknown): QuoteRequestInput {
  const fields = Fields.of(body);
  const customerFields = fields.nullableObject('quotationRequest');
  if (!customerFields) throw invalid('body.quotationRequest', 'is required');
  return {customer: readCustomer(customerFields), orders: readOrders(fields)};
}

/**
 * Reads the body of `POST /api/2/configurations/{id}/requestQuote`, the quote of the one
 * configuration in the path: either the customer object itself (what the official client
 * sends) or the Quote request shape, whose `configurationIds` may then be null or absent
 * (meaning the path's configuration) or name exactly that configuration.
 */
export function readConfigurationQuoteRequest(
  body: unknown,
  configurationId: string,
): QuoteRequestInput {
  const fields = Fields.of(body);
  const id = configurationId.toLowerCase();
  if (fields.get('quotationRequest') === undefined) {
    return {customer: readCustomer(fields), orders: [{configurationId: id, quantity: 1}]};
  }
  const customerFields = fields.nullableObject('quotationRequest');
  if (!customerFields) throw invalid('body.quotationRequest', 'is required');
  // Null or absent stands for the path's configuration; the usual checks apply to the rest.
  const orders = readOrders(
    Fields.of({
      configurationIds: fields.has('configurationIds') ? fields.get('configurationIds') : [id],
      quantities: fields.get('quantities') ?? null,
    }),
  );
  if (orders.length !== 1 || orders[0]!.configurationId !== id) {
    throw invalid(
      'body.configurationIds',
      'must be null or name only the configuration in the path',
    );
  }
  return {customer: readCustomer(customerFields), orders};
}

/** Reads the body of `PUT addtoquotation`: `{quotationId, configurationIds, quantities}`. */
export function readAddToQuotation(body: unknown): AddToQuotationInput {
  const fields = Fields.of(body);
  return {quotationId: fields.guid('quotationId'), orders: readOrders(fields)};
}

function readCustomer(fields: Fields): QuoteRequestInput['customer'] {
  const customer: QuoteRequestInput['customer'] = {};
  for (const name of customerFieldNames) {
    const value = fields.nullableString(name)?.trim();
    if (!value || name === 'grecaptcha') continue;
    const path = `${fields.path}.${name}`;
    const longest = longestCustomerField(name);
    if (value.length > longest) throw invalid(path, `is longer than ${longest} characters`);
    if (emailFields.has(name) && !emailPattern.test(value)) {
      throw invalid(path, 'is not an e-mail address');
    }
    if (twoLetterFields.has(name)) {
      if (!/^[a-z]{2}$/i.test(value)) throw invalid(path, 'must be a two-letter ISO code');
      customer[name] = name.toLowerCase().includes('country')
        ? value.toUpperCase()
        : value.toLowerCase();
      continue;
    }
    customer[name] = value;
  }
  return customer;
}

function readOrders(fields: Fields): ConfigurationOrder[] {
  const listed = fields.nullableArray('configurationIds', maxConfigurations);
  // The schema allows null here, but with no configuration in the path null names nothing to
  // quote or add, so it is refused as plainly as an empty list.
  if (listed === null) {
    throw invalid(
      'body.configurationIds',
      'is null or absent: the schema allows null, but null names no configuration; send an array of at least one configuration GUID',
    );
  }
  const ids = guidList(listed, 'body.configurationIds');
  if (ids.length === 0)
    throw invalid('body.configurationIds', 'must name at least one configuration');
  const named = new Set(ids);
  if (named.size !== ids.length) {
    throw invalid('body.configurationIds', 'names a configuration twice');
  }
  const quantities = new Map<string, number>();
  const given = fields.nullableObject('quantities');
  for (const key of given?.names() ?? []) {
    const id = key.toLowerCase();
    if (!named.has(id)) {
      throw invalid(`body.quantities.${key}`, 'is not one of configurationIds');
    }
    quantities.set(id, given!.integer(key, {min: 1, max: 1_000_000}));
  }
  return ids.map((configurationId) => ({
    configurationId,
    quantity: quantities.get(configurationId) ?? 1,
  }));
}
