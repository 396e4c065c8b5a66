import type {ConfiguratorError, ErrorCode} from '../session/index.js';
import type {TokenSettings} from './element-tokens.js';

/** Token failures whose hint (./token-mistakes.ts) names the setting to fix. */
const tokenMistakes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_publishable_key',
  'token_endpoint_not_found',
  'token_credentials_rejected',
]);

/**
 * Tells the page's developer, once per mistake (`warned`), which setting keeps the page from
 * working: the origin lists of `origin_not_allowed`, the token settings of the token mistakes.
 * The hints load only when one happens: no page that works pays for them. Settles once
 * written.
 */
export async function explainSetupMistake(
  error: ConfiguratorError,
  config: TokenSettings & {apiUrl: string},
  warned: Set<string>,
): Promise<void> {
  if (error.code === 'origin_not_allowed') {
    (await import('./origin-refusal.js')).explainOriginRefusal(error, config, warned);
  } else if (tokenMistakes.has(error.code)) {
    (await import('./token-mistakes.js')).explainTokenMistake(error, config, warned);
  }
}
