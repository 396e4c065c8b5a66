import {ErrorCode, type ConfiguratorError} from '../session/index.js';
import type {TokenSettings} from './element-tokens.js';
import {explainOriginRefusal} from './origin-refusal.js';

/** Token failures whose hint (./token-mistakes.ts) names the setting to fix. */
const tokenMistakes: ReadonlySet<string> = new Set([
  ErrorCode.invalidPublishableKey,
  ErrorCode.tokenEndpointNotFound,
  ErrorCode.tokenCredentialsRejected,
]);

/**
 * Tells the page's developer, once per mistake (`warned`), which setting keeps the page from
 * working: the origin lists of `origin_not_allowed`, the token settings of the token mistakes.
 * The token mistakes' hints load only when one happens: no page that works pays for them.
 */
export function explainSetupMistake(
  error: ConfiguratorError,
  config: TokenSettings & {apiUrl: string},
  warned: Set<string>,
): void {
  if (error.code === ErrorCode.originNotAllowed) {
    explainOriginRefusal(error, config, warned);
  } else if (tokenMistakes.has(error.code)) {
    void import('./token-mistakes.js').then((m) => m.explainTokenMistake(error, config, warned));
  }
}
