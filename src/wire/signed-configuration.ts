/**
 * The answer of `GET /api/3/configurator/{id}/signed`: a compact JWS (ES256, `kid` header) of
 * a complete configuration's figures, and when it stops being accepted.
 */
export interface SignedConfigurationAnswer {
  jws: string;
  /** ISO 8601. */
  expiresAt: string;
}
