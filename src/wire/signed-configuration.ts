/**
 * The answer of `GET /api/3/configurator/{id}/signed`: a compact JWS (ES256, `kid` header) of
 * a complete configuration's figures, and when it stops being accepted.
 */
export interface SignedConfigurationAnswer {
  jws: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** One chosen option or value of a signed configuration. */
export interface SignedConfigurationLine {
  nodeId: string;
  description: string;
  /** 1 for an option, the number for a numeric input, the text for a text input. */
  value: number | string;
  priceExclVat: number;
  priceInclVat: number;
}

/** What a signed configuration states (docs/commerce.md); the service signs it, the host checks it. */
export interface SignedConfiguration {
  /** The service's base URL. */
  iss: string;
  /** The configuration id. */
  sub: string;
  /** The configuration code (opening it copies the configuration). */
  code: string;
  /** The feature model's id. */
  model: string;
  /** The model's name in `lang`. */
  name: string;
  lang: string;
  /** ISO 4217, in capitals. */
  currency: string;
  /** The product before any option; the lines add to it. */
  baseExclVat: number;
  baseInclVat: number;
  lines: SignedConfigurationLine[];
  totalExclVat: number;
  totalInclVat: number;
  /** Epoch seconds. */
  iat: number;
  exp: number;
}
