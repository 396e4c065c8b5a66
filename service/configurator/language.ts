import type {Context} from 'hono';
import {Errors, badRequest} from '../errors.js';
import {languages} from '../i18n/index.js';
import {queryString} from '../http/index.js';

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
export function languageFromQuery(
  lang: string | undefined,
  fallback: string,
  parameter = 'lang',
): string {
  if (lang === undefined) return fallback;
  return (
    supported(lang, (message) =>
      badRequest(Errors.invalidQuery, `Query parameter ${parameter}: ${message}`, {parameter}),
    ) ?? fallback
  );
}

/**
 * The language a start or open asks for: `?lang=` (the seed's name) or else `?language=` (the
 * official client's name), `undefined` when neither is given. The official client sends the
 * text `null` when its caller gave no language, so that counts as not given too.
 */
export function requestedLanguage(c: Context, fallback: string): string | undefined {
  for (const parameter of ['lang', 'language']) {
    const value = queryString(c, parameter);
    if (value === undefined || value.trim().toLowerCase() === 'null') continue;
    return languageFromQuery(value, fallback, parameter);
  }
  return undefined;
}

/**
 * The language an explicit change asks for. The same rule as a start: a language the service
 * has no texts for gives `fallback` (the answer's `languageIso` says so), and only text that
 * is no language code at all is 400 `unsupported_language`.
 */
export function languageForChange(lang: string, fallback: string): string {
  return (
    supported(lang, (message) =>
      badRequest(Errors.unsupportedLanguage, message, {field: 'languageIso'}),
    ) ?? fallback
  );
}
