// The publishable-key token source, beside the session rather than in it: only pages without a
// backend of their own use it. Built alone as dist/product-configurator-publishable-key.js, the
// package export `product-configurator/session/publishable-key`, importing what it shares with
// the session (the error class, the shared token cache) from the session's own file
// (docs/decisions/0062-capabilities-beside-the-headless-session.md).
import {
  ConfiguratorError,
  sharedTokenSource,
  type TokenSource,
  type TokenSourceOptions,
} from './index.js';

/**
 * The token source of a `publishable-key`: the service itself exchanges the key for a shopper
 * token (`POST {apiUrl}/api/2/auth/embedtoken`), for pages with no backend of their own. One
 * source per service and key, shared by every element on the page; renewed before expiry and
 * after a 401 like the other sources (a key has nothing to drop, so no report is sent).
 *
 * The body is JSON labelled `text/plain`, a CORS simple request: the page's first token costs
 * one round trip, no preflight. A refusal that will not pass by itself (an unknown or deleted
 * key, an origin the key does not list) is not retryable; a 429 or a 5xx is.
 */
export function publishableKeyTokenSource(
  apiUrl: string,
  publishableKey: string,
  options: TokenSourceOptions = {},
): TokenSource {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/2/auth/embedtoken`;
  return sharedTokenSource(
    `${url}#${publishableKey}`,
    'The service',
    'The service could not be reached for a token',
    options,
    async (_, signal, doFetch) => {
      const response = await doFetch(url, {
        method: 'POST',
        credentials: 'omit',
        signal,
        headers: {Accept: 'application/json', 'Content-Type': 'text/plain;charset=UTF-8'},
        body: JSON.stringify({publishableKey}),
      });
      const {status, ok} = response;
      const body: unknown = await response.json().catch((error: unknown) => {
        if (ok) {
          throw new ConfiguratorError('token_failed', 'The service did not answer JSON', {
            status,
            cause: error,
          });
        }
      });
      if (ok) return body;
      const code = (body as {code?: unknown} | null)?.code;
      if (status === 403 && code === 'origin_not_allowed') {
        throw new ConfiguratorError(
          'origin_not_allowed',
          "The publishable key does not list this page's origin",
          {status, serviceCode: code, details: {refusedBy: 'publishable-key'}},
        );
      }
      if (status === 401 && code === 'invalid_key') {
        throw new ConfiguratorError(
          'invalid_publishable_key',
          'The service does not know this publishable key',
          {status, serviceCode: code},
        );
      }
      throw new ConfiguratorError('token_failed', `The service answered ${status} for a token`, {
        status,
        retryable: status === 429 || status >= 500,
        serviceCode: typeof code === 'string' ? code : null,
      });
    },
  );
}
