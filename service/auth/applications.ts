import {createHash, timingSafeEqual} from 'node:crypto';
import {knownScopes, type Scope} from './scopes.js';

/** An integration application: the credential pair of both token schemes. */
export interface IntegrationApplication {
  clientId: string;
  secret: string;
  /** The GUID of the application's user; derived from the client id when omitted. */
  userId?: string;
  /**
   * The scopes it may be granted; default every scope. An application that serves only a
   * shop's token endpoint can be held to `['Service.Configurator']`.
   */
  scopes?: readonly Scope[];
}

/** The application that `npm start` and tests use when none is configured. */
export const demoApplication: IntegrationApplication = {
  clientId: 'demo-client',
  secret: 'demo-secret',
};

/**
 * A name-based GUID (RFC 4122 version 5 layout over SHA-1): the same client id always gives
 * the same user id, so quotations keep their owner across restarts without storing one.
 */
export function stableGuid(name: string): string {
  const hash = createHash('sha1').update(`product-configurator:user:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The registered applications; checks credential pairs without leaking timing. */
export class Applications {
  readonly #byClientId = new Map<string, Required<IntegrationApplication>>();

  constructor(applications: readonly IntegrationApplication[]) {
    for (const application of applications) {
      const unknown = application.scopes?.find((scope) => !knownScopes.includes(scope));
      if (unknown !== undefined || application.scopes?.length === 0) {
        throw new TypeError(
          `application ${application.clientId}: scopes must name some of ${knownScopes.join(', ')}`,
        );
      }
      this.#byClientId.set(application.clientId, {
        ...application,
        userId: application.userId ?? stableGuid(application.clientId),
        scopes: application.scopes ?? knownScopes,
      });
    }
  }

  /** The application with these credentials, or `undefined`. */
  authenticate(clientId: string, secret: string): Required<IntegrationApplication> | undefined {
    const application = this.#byClientId.get(clientId);
    // Compare digests so the comparison neither short-circuits nor depends on length.
    const expected = digest(application?.secret ?? '\u0000no application');
    const matches = timingSafeEqual(expected, digest(secret));
    return application && matches ? application : undefined;
  }
}
