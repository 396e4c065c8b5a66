import type {ConfiguratorError} from '../session/index.js';
import type {TokenSettings} from './element-tokens.js';

/**
 * The shopper only sees that the configurator is unavailable; the host's developer learns here
 * which setting lets this page in, once per refusing party (`warned` holds those explained).
 */
export function explainOriginRefusal(
  error: ConfiguratorError,
  config: TokenSettings & {apiUrl: string},
  warned: Set<string>,
): void {
  const refusedBy = (error.details as {refusedBy?: string} | undefined)?.refusedBy;
  if (refusedBy === 'publishable-key') {
    const party = `publishable-key ${config.publishableKey}`;
    if (warned.has(party)) return;
    warned.add(party);
    console.warn(
      `<product-configurator> origin_not_allowed: the service at ${config.apiUrl} refused ` +
        `publishable-key "${config.publishableKey}" to pages from ${location.origin}. Add this ` +
        "origin to the key's allowedOrigins (PUT /api/2/embedkeys/{id}).",
    );
    return;
  }
  const byTokenEndpoint = refusedBy === 'token-endpoint';
  const party = byTokenEndpoint
    ? config.fetchToken
      ? 'fetchToken'
      : config.tokenEndpoint
    : config.apiUrl;
  if (warned.has(party)) return;
  warned.add(party);
  // Name the list of the party that refused: the other one may already allow the page.
  const [where, list] = byTokenEndpoint
    ? [
        `the token endpoint ${party}`,
        "the token endpoint helper's `allowedOrigins` (ALLOWED_ORIGINS for the reference service's demo endpoint)",
      ]
    : [
        `the service at ${party}`,
        "the service's allowed origins (ALLOWED_ORIGINS of the reference service)",
      ];
  console.warn(
    `<product-configurator> origin_not_allowed: ${where} refused pages from ${location.origin}. ` +
      `Add this origin to ${list}.`,
  );
}
