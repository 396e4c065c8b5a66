/** The languages the reference service speaks; the first is the fallback. */
export const languages = ['en', 'nl', 'de', 'fr'] as const;
export type Language = (typeof languages)[number];

/** The locale whose number and currency conventions a language's labels follow. */
const locales: Record<Language, string> = {en: 'en-IE', nl: 'nl-NL', de: 'de-DE', fr: 'fr-FR'};

/**
 * The supported language a requested code stands for (`"NL"`, `"nl-BE"` and `"nl"` all give
 * `"nl"`); anything unknown, empty or missing falls back to English.
 */
export function resolveLanguage(
  lang: string | null | undefined,
  supported: readonly string[] = languages,
): Language {
  const code = (lang ?? '').trim().slice(0, 2).toLowerCase();
  return (supported.includes(code) ? code : 'en') as Language;
}

export function localeOf(lang: Language): string {
  return locales[lang];
}
