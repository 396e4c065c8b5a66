/** The verdict on a caller's origin; `corsOrigin` is set when the request is a CORS request. */
export type OriginDecision = {allowed: true; corsOrigin?: string} | {allowed: false};

/**
 * Decides whether a request comes from a page the host allows. Browsers send `Origin` on every
 * POST, so that header decides; `Referer` and then `Sec-Fetch-Site: same-origin` only stand in
 * for it when a browser or a privacy extension left it out. A request that shows none of them
 * is refused: it did not come from an allowed page in a browser.
 */
export class OriginPolicy {
  #allowed: Set<string>;

  constructor(origins: readonly string[]) {
    if (!Array.isArray(origins) || origins.length === 0) {
      throw new TypeError('token endpoint: `allowedOrigins` must list at least one origin');
    }
    this.#allowed = new Set(origins.map(normalize));
  }

  check(request: Request): OriginDecision {
    const origin = request.headers.get('origin');
    if (origin !== null) {
      return this.#allowed.has(origin) ? {allowed: true, corsOrigin: origin} : {allowed: false};
    }
    const referer = request.headers.get('referer');
    if (referer !== null) return {allowed: this.#allowed.has(originOf(referer) ?? '')};
    if (request.headers.get('sec-fetch-site') === 'same-origin') {
      return {allowed: this.#allowed.has(originOf(request.url) ?? '')};
    }
    return {allowed: false};
  }
}

function normalize(origin: string): string {
  const normalized = typeof origin === 'string' ? originOf(origin) : undefined;
  // A wildcard or an opaque origin would let any page mint tokens; refuse it loudly. The URL
  // parser takes `*` in a host (`https://*.shop.example`), which would then match no page.
  if (!normalized || normalized === 'null' || normalized.includes('*')) {
    throw new TypeError(
      'token endpoint: every entry of `allowedOrigins` must be an origin like https://shop.example',
    );
  }
  return normalized;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
