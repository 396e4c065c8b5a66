/** Each way a signed configuration can fail to verify; the strings are a public contract. */
export const ConfigurationVerificationErrorCode = {
  /** Not a compact JWS of a configuration statement (bad encoding, JSON or claims). */
  malformed: 'malformed',
  /** The signature does not match, or the statement is not signed with ES256 (`alg: none`). */
  invalidSignature: 'invalid_signature',
  /** No key of the service has the statement's key id, or the key set could not be fetched. */
  unknownKey: 'unknown_key',
  /** The statement's `exp` has passed. */
  expired: 'expired',
  /** The statement was issued by another service than the one named. */
  wrongIssuer: 'wrong_issuer',
} as const;
export type ConfigurationVerificationErrorCode =
  (typeof ConfigurationVerificationErrorCode)[keyof typeof ConfigurationVerificationErrorCode];

/** Why `verifyConfiguration` refused a statement; `code` is stable, `message` for people. */
export class ConfigurationVerificationError extends Error {
  readonly code: ConfigurationVerificationErrorCode;

  constructor(code: ConfigurationVerificationErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConfigurationVerificationError';
    this.code = code;
  }
}
