import {resolveLanguage, type Language} from './languages.js';

/** Sentences the configurator engine says about a model, per language. */
const texts = {
  notAvailableWith: {
    en: (names: string) => `Not available with ${names}`,
    nl: (names: string) => `Niet beschikbaar in combinatie met ${names}`,
    de: (names: string) => `Nicht verfügbar mit ${names}`,
    fr: (names: string) => `Non disponible avec ${names}`,
  },
  and: {en: 'and', nl: 'en', de: 'und', fr: 'et'},
} satisfies Record<string, Record<Language, unknown>>;

/** "Not available with Glass top" in the session's language. */
export function notAvailableWith(names: readonly string[], lang: string): string {
  const language = resolveLanguage(lang);
  const joined =
    names.length <= 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')} ${texts.and[language]} ${names[names.length - 1]}`;
  return texts.notAvailableWith[language](joined);
}
