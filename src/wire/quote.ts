/** The quote request a shopper sends and the service's answer. */

/** The customer fields of a quote request; all optional on the wire. */
export interface QuoteCustomer {
  firstName?: string;
  lastName?: string;
  lastNamePrefix?: string;
  salutation?: string;
  email?: string;
  city?: string;
  postalCode?: string;
  streetName?: string;
  houseNumber?: string;
  countryIso?: string;
  languageIso?: string;
  phoneNumber?: string;
  phoneNumber2?: string;
  companyName?: string;
  iban?: string;
  cocNumber?: string;
  vatNumber?: string;
  shipto_FirstName?: string;
  shipto_LastName?: string;
  shipto_LastNamePrefix?: string;
  shipto_Salutation?: string;
  shipto_Email?: string;
  shipto_City?: string;
  shipto_PostalCode?: string;
  shipto_StreetName?: string;
  shipto_HouseNumber?: string;
  shipto_CountryIso?: string;
  shipto_LanguageIso?: string;
  shipto_PhoneNumber?: string;
  shipto_PhoneNumber2?: string;
  shipto_CompanyName?: string;
  remarks?: string;
  grecaptcha?: string;
}

export interface QuoteRequest {
  quotationRequest: QuoteCustomer;
  configurationIds: string[] | null;
  quantities: Record<string, number> | null;
}

/** The reference service's answer to a quote request. */
export interface QuoteRequestResult {
  quotationId: string;
  /**
   * The quotation's number for people (`Q-000012`), the reference a shopper quotes. Absent
   * from services that do not send it.
   */
  quotationNumber?: string;
  /** The CRM account created from the customer fields. */
  debtorId: string;
}
