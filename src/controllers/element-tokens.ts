import {
  ConfiguratorError,
  endpointTokenSource,
  functionTokenSource,
  type FetchedToken,
  type TokenRequest,
  type TokenSource,
} from '../session/index.js';
import {
  startWithToken,
  tokenEndpointFetch,
  type StartWithToken,
} from '../session/start-with-token.js';

/** The element's token settings, as the session controller last received them. */
export interface TokenSettings {
  tokenEndpoint: string;
  fetchToken: ((request?: TokenRequest) => Promise<FetchedToken>) | null;
  /** A key the service exchanges for a shopper token itself (pages without a backend). */
  publishableKey: string;
}

/** Which source serves tokens: first wins, `fetchToken`, `token-endpoint`, `publishable-key`. */
export function tokenSourceKind(
  settings: TokenSettings,
): 'function' | 'endpoint' | 'publishable-key' | null {
  if (settings.fetchToken) return 'function';
  if (settings.tokenEndpoint) return 'endpoint';
  return settings.publishableKey ? 'publishable-key' : null;
}

/**
 * Where the element's tokens come from: its `fetchToken` property (read again on every call),
 * its `token-endpoint` or its `publishable-key` (each shared with every element on the page
 * that names the same URL, or the same service and key).
 */
export class ElementTokens {
  readonly #settings: () => (TokenSettings & {apiUrl: string}) | null;
  #endpoint: {url: string; source: TokenSource} | null = null;
  #function: {fetchToken: TokenSettings['fetchToken']; source: TokenSource} | null = null;

  constructor(settings: () => (TokenSettings & {apiUrl: string}) | null) {
    this.#settings = settings;
  }

  /**
   * The session's token source. It asks the element's current settings on every call, so that
   * a new `token-endpoint` or `fetchToken` serves a running session from its next token on.
   */
  readonly source: TokenSource = {
    get: (signal) => this.#current().get(signal),
    renew: (rejected, signal) => this.#current().renew(rejected, signal),
  };

  /**
   * Offers a session's start (or open) to the endpoint's next token request, so that it may
   * come back with the token: one round trip, not two (decision 75). None with `fetchToken`.
   */
  offer(
    settings: TokenSettings,
    start: {model: string} | {configuration: string},
    lang: string,
  ): StartWithToken | null {
    return tokenSourceKind(settings) === 'endpoint'
      ? startWithToken(endpointUrl(settings.tokenEndpoint), start, lang)
      : null;
  }

  #current(): TokenSource {
    const settings = this.#settings();
    const kind = settings && tokenSourceKind(settings);
    if (settings && kind === 'publishable-key') {
      // The source is the page's one for this service and key: shared, never re-made. Its code
      // is a chunk loaded with the first token it serves: only pages with a key pay for it.
      const {apiUrl, publishableKey} = settings;
      const source = () =>
        import('../session/publishable-key-source.js').then(
          (m) => m.publishableKeyTokenSource(apiUrl, publishableKey),
          () => {
            // Offline, or the chunk is gone: a failure the session retries like a lost token.
            throw new ConfiguratorError('network', 'The token source could not be loaded', {
              retryable: true,
            });
          },
        );
      return {
        get: (signal) => source().then((s) => s.get(signal)),
        renew: (rejected, signal) => source().then((s) => s.renew(rejected, signal)),
      };
    }
    const endpoint = kind === 'endpoint' ? settings!.tokenEndpoint : '';
    if (!endpoint) {
      // One source per function: a host that replaces fetchToken (after a sign-in, say) gets
      // its next request's token from the new one, never from a renewal the old one still has
      // on its way or a token it cached, as a new token-endpoint URL does below.
      const fetchToken = settings?.fetchToken ?? null;
      if (this.#function?.fetchToken !== fetchToken) {
        this.#function = {
          fetchToken,
          source: functionTokenSource((request) => {
            if (!fetchToken) return Promise.reject(new Error('no fetchToken or token-endpoint'));
            // After a 401 the host learns which token the service refused (headless-session.md).
            return request ? fetchToken(request) : fetchToken();
          }),
        };
      }
      return this.#function.source;
    }
    const url = endpointUrl(endpoint);
    if (this.#endpoint?.url !== url) {
      this.#endpoint = {url, source: endpointTokenSource(url, {fetch: tokenEndpointFetch})};
    }
    return this.#endpoint.source;
  }
}

/** A token endpoint as its token source requests it, and as a start with the token names it. */
const endpointUrl = (endpoint: string) => new URL(endpoint, document.baseURI).href;
