// A publishable key names the pages that may use it by origin. Browsers write `Origin` as
// scheme, lower-case host and a port only when it is not the scheme's default; patterns are
// normalised to that form once, when the key is saved, so matching is plain string work.

/** One allowed origin of a key, checked and normalised. */
export type OriginPattern =
  | {kind: 'exact'; origin: string}
  /** `https://*.shop.example`: any one DNS label in front of `suffix`, same scheme and port. */
  | {kind: 'subdomain'; scheme: string; suffix: string; port: string; text: string};

/** Why a pattern was refused, for the 400 that names it. */
export class OriginPatternError extends Error {
  constructor(entry: string, reason: string) {
    super(`"${entry.slice(0, 200)}" ${reason}`);
    this.name = 'OriginPatternError';
  }
}

const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Reads one entry of a key's `allowedOrigins`: an exact origin (`https://shop.example`,
 * `http://localhost:3000`) or one level of subdomains (`https://*.shop.example`). The wildcard
 * stands for one whole label only, and its suffix must have at least two labels, so neither
 * `https://*.example` nor `https://shop*.example` can open a key to a whole top-level domain.
 */
export function parseOriginPattern(entry: string): OriginPattern {
  if (typeof entry !== 'string' || entry.length > 253 + 16) {
    throw new OriginPatternError(String(entry), 'is not an origin');
  }
  const wildcard = /^(https?):\/\/\*\.(.+)$/i.exec(entry);
  // The wildcard label is read as a placeholder so the URL parser checks the rest.
  const url = readOrigin(wildcard ? `${wildcard[1]}://x.${wildcard[2]}` : entry);
  if (!url) {
    throw new OriginPatternError(
      entry,
      'is not an origin: write the scheme, host and port of the page, like https://shop.example, without a path',
    );
  }
  if (!wildcard) {
    if (url.hostname.includes('*')) {
      throw new OriginPatternError(
        entry,
        'may hold a wildcard only as its whole first label (https://*.shop.example)',
      );
    }
    return {kind: 'exact', origin: url.origin};
  }
  const suffix = url.hostname.slice(2);
  if (
    suffix.includes('*') ||
    suffix.split('.').length < 2 ||
    /^[\d.]+$/.test(suffix) ||
    suffix.startsWith('[')
  ) {
    throw new OriginPatternError(
      entry,
      'is too wide: a wildcard covers one level below a domain of at least two labels (https://*.shop.example)',
    );
  }
  return {
    kind: 'subdomain',
    scheme: url.protocol,
    suffix,
    port: url.port,
    text: `${url.protocol}//*.${suffix}${url.port ? `:${url.port}` : ''}`,
  };
}

/** The pattern as it is stored and shown. */
export const patternText = (pattern: OriginPattern): string =>
  pattern.kind === 'exact' ? pattern.origin : pattern.text;

/**
 * Whether a page's `Origin` is one the pattern allows. The origin is read as a browser would
 * have written it; anything else (`null`, a path, user info, another scheme or port, a host
 * that only ends like the key's) is refused.
 */
export function originMatches(pattern: OriginPattern, origin: string): boolean {
  if (pattern.kind === 'exact') return origin === pattern.origin;
  const url = readOrigin(origin);
  if (!url || url.origin !== origin) return false;
  if (url.protocol !== pattern.scheme || url.port !== pattern.port) return false;
  const host = url.hostname;
  if (!host.endsWith(`.${pattern.suffix}`)) return false;
  return label.test(host.slice(0, host.length - pattern.suffix.length - 1));
}

function readOrigin(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const plain =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  return plain ? url : undefined;
}
