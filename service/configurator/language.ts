import {ErrorCode, badRequest} from '../errors.js';
import {languages} from '../i18n/index.js';
import {ConfiguratorErrorCode} from './configurator-error.js';

/**
 * The service language a requested code names (`nl`, `NL`, `nl-BE` give `nl`), or
 * `undefined` when the service has no texts for it. Throws `invalid` for text that is not a
 * language code at all.
 */
function supported(code: string, invalid: (message: string) => Error): string | undefined {
  const trimmed = code.trim();
  if (!/^[a-z]{2}([-_][a-z0-9]{2,8})?$/i.test(trimmed)) {
    throw invalid(`"${trimmed.slice(0, 40)}" is not a two-letter language code`);
  }
  const two = trimmed.slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(two) ? two : undefined;
}

/**
 * The language to start or open a session in from `?lang=`: a language the service lacks
 * falls back to `fallback` (the page's language should not stop the shopper; the answer's
 * `languageIso` says which language was used), nonsense is 400 `invalid_query`.
 */
export function languageFromQuery(lang: string | undefined, fallback: string): string {
  if (lang === undefined) return fallback;
  return (
    supported(lang, (message) =>
      badRequest(ErrorCode.invalidQuery, `Query parameter lang: ${message}`, {parameter: 'lang'}),
    ) ?? fallback
  );
}

/** The language an explicit change asks for; one the service lacks is 400 `unsupported_language`. */
export function languageForChange(lang: string): string {
  const invalid = (message: string) =>
    badRequest(ConfiguratorErrorCode.unsupportedLanguage, message, {field: 'languageIso'});
  const language = supported(lang, invalid);
  if (!language) {
    throw invalid(`Language "${lang.trim()}" is not offered; use one of ${languages.join(', ')}`);
  }
  return language;
}
