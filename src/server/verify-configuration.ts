// The host's check of a signed configuration: the price it states is the service's, not the
// page's. Verification is jose's (a well-kept JOSE library), never hand-written crypto.
import {errors, jwtVerify, type JWTPayload} from 'jose';
import {ConfigurationKeys} from './configuration-keys.js';
import {
  ConfigurationVerificationError,
  ConfigurationVerificationErrorCode as Code,
} from './configuration-verification-error.js';
import type {SignedConfiguration} from '../wire/index.js';

// The statement's shape is the wire's: the service that signs it and this check read one type.
export type {SignedConfiguration, SignedConfigurationLine} from '../wire/index.js';

export interface VerifyConfigurationOptions {
  /** The service's `/.well-known/jwks.json`. */
  jwksUrl: string;
  /** The service's base URL, as its statements name it in `iss`. */
  issuer: string;
  /** The clock in epoch milliseconds, for `exp`; default `Date.now`. */
  now?: () => number;
  /**
   * The key cache to use; default one per `jwksUrl`, shared by every call in the process (so
   * only the first call, and a call with a key id never seen, fetches the key set).
   */
  keys?: ConfigurationKeys;
  /** Seconds of clock difference tolerated on `exp` and `iat`; default 0. */
  clockToleranceSeconds?: number;
}

const shared = new Map<string, ConfigurationKeys>();

/**
 * Verifies a signed configuration (`{name}-signed` of a form, `getSignedConfiguration()`, or
 * `GET /api/3/configurator/{id}/signed`) and returns its claims; rejects with a
 * `ConfigurationVerificationError` whose `code` says why.
 */
export async function verifyConfiguration(
  jws: string,
  options: VerifyConfigurationOptions,
): Promise<SignedConfiguration> {
  if (typeof jws !== 'string' || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(jws.trim())) {
    throw new ConfigurationVerificationError(Code.malformed, 'Not a compact JWS');
  }
  let keys = options.keys;
  if (!keys) {
    keys = shared.get(options.jwksUrl) ?? new ConfigurationKeys({jwksUrl: options.jwksUrl});
    shared.set(options.jwksUrl, keys);
  }
  const now = options.now ?? Date.now;
  let payload: JWTPayload;
  try {
    ({payload} = await jwtVerify(
      jws.trim(),
      (header) => {
        if (typeof header.kid !== 'string' || header.kid === '') {
          throw new ConfigurationVerificationError(Code.unknownKey, 'The statement names no key');
        }
        return keys.key(header.kid);
      },
      {
        algorithms: ['ES256'],
        issuer: options.issuer,
        requiredClaims: ['iss', 'sub', 'iat', 'exp'],
        currentDate: new Date(now()),
        clockTolerance: options.clockToleranceSeconds ?? 0,
      },
    ));
  } catch (error) {
    throw toVerificationError(error);
  }
  if (!isStatement(payload)) {
    throw new ConfigurationVerificationError(
      Code.malformed,
      'The statement lacks the claims of a configuration',
    );
  }
  return payload;
}

function toVerificationError(error: unknown): ConfigurationVerificationError {
  if (error instanceof ConfigurationVerificationError) return error;
  const because = {cause: error};
  if (error instanceof errors.JWTExpired) {
    return new ConfigurationVerificationError(Code.expired, 'The statement has expired', because);
  }
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss') {
    return new ConfigurationVerificationError(
      Code.wrongIssuer,
      'The statement was issued by another service',
      because,
    );
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  ) {
    return new ConfigurationVerificationError(
      Code.invalidSignature,
      'The signature does not match the statement',
      because,
    );
  }
  return new ConfigurationVerificationError(
    Code.malformed,
    `Not a configuration statement: ${(error as Error).message}`,
    because,
  );
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function isStatement(payload: JWTPayload): payload is JWTPayload & SignedConfiguration {
  const p = payload as Record<string, unknown>;
  return (
    ['iss', 'sub', 'code', 'model', 'name', 'lang', 'currency'].every((k) => isText(p[k])) &&
    ['baseExclVat', 'baseInclVat', 'totalExclVat', 'totalInclVat', 'iat', 'exp'].every((k) =>
      isNumber(p[k]),
    ) &&
    Array.isArray(p.lines) &&
    p.lines.every((line: unknown) => {
      const l = line as Record<string, unknown> | null;
      return (
        l !== null &&
        typeof l === 'object' &&
        isText(l.nodeId) &&
        isText(l.description) &&
        (isNumber(l.value) || isText(l.value)) &&
        isNumber(l.priceExclVat) &&
        isNumber(l.priceInclVat)
      );
    })
  );
}
