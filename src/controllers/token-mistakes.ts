import {type ConfiguratorError} from '../session/index.js';
import type {TokenSettings} from './element-tokens.js';

/**
 * Token failures that only the page's developer can fix, each explained once (per code and
 * setting, in `warned`) with the setting to change. The shopper reads a calm line instead.
 */
export function explainTokenMistake(
  error: ConfiguratorError,
  config: TokenSettings & {apiUrl: string},
  warned: Set<string>,
): void {
  const hint = hintFor(error, config);
  if (!hint || warned.has(hint)) return;
  warned.add(hint);
  console.warn(`<product-configurator> ${error.code}: ${hint}`);
}

function hintFor(error: ConfiguratorError, config: TokenSettings & {apiUrl: string}) {
  switch (error.code) {
    case 'invalid_publishable_key':
      return (
        `the service at ${config.apiUrl} does not know publishable-key "${config.publishableKey}" ` +
        '(mistyped, or the key was deleted). Set publishable-key to the publishableKey of a key ' +
        'the service lists (GET /api/2/embedkeys).'
      );
    case 'token_endpoint_not_found':
      return (
        `token-endpoint ${config.tokenEndpoint} answered ${error.status}: there is no token ` +
        'route at that URL for POST. Set token-endpoint to the path your backend mounts the ' +
        'token endpoint at.'
      );
    case 'token_credentials_rejected':
      return (
        `token-endpoint ${config.tokenEndpoint} could not get a token: the authorization server ` +
        "refused the endpoint's client id or secret. Check the token endpoint's clientId and " +
        'clientSecret (CLIENT_ID and CLIENT_SECRET for the reference service).'
      );
    default:
      return undefined;
  }
}
