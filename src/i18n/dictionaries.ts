import type {Strings} from './strings.js';

// Every dictionary is a chunk beside the script-tag entry, loaded the first time a page needs
// it. English too: the entry carries only the English texts of what it renders itself
// (en-first.ts); the first screen's English loads with the configure view, which cannot run
// without it, and the rest with the views after the first screen ({@link loadLaterEnglish}).
// Until then the English dictionary lacks the later views' texts, which nothing rendered reads.
const loaders: Readonly<Record<string, () => Promise<Strings>>> = {
  en: () => import('./en-screen.js').then((m) => ({...m.enScreen}) as Strings),
  nl: () => import('./nl.js').then((m) => m.nl),
  de: () => import('./de.js').then((m) => m.de),
  fr: () => import('./fr.js').then((m) => m.fr),
};

const loaded = new Map<string, Strings>();
const loading = new Map<string, Promise<Strings>>();
/** Languages whose dictionary could not be loaded: shown in English until asked for again. */
const failed = new Set<string>();

/** The languages the element's own texts exist in. */
export const supportedLanguages = Object.keys(loaders);

/** Reduces `nl-BE` or `NL` to `nl`; empty when there is nothing to reduce. */
export function baseLanguage(lang: string | null | undefined): string {
  return (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The dictionary a language is shown in: its own, or English for a language without one and
 * for one whose dictionary could not be loaded.
 */
export function dictionaryOf(lang: string | null | undefined): string {
  const base = baseLanguage(lang);
  return Object.hasOwn(loaders, base) && !failed.has(base) ? base : 'en';
}

/** The complete texts of a language (see {@link dictionaryOf}) once they are here, else null. */
export function loadedStrings(lang: string | null | undefined): Strings | null {
  return loaded.get(dictionaryOf(lang)) ?? null;
}

/** Whether the load of a language's dictionary failed (a later {@link loadStrings} retries). */
export function failedStrings(lang: string | null | undefined): boolean {
  return failed.has(baseLanguage(lang));
}

/**
 * Loads the dictionary a language is shown in (once; callers share the load). Rejects when the
 * chunk cannot be loaded; a later call tries again.
 */
export function loadStrings(lang: string | null | undefined): Promise<Strings> {
  const base = Object.hasOwn(loaders, baseLanguage(lang)) ? baseLanguage(lang) : 'en';
  const known = loaded.get(base);
  if (known) return Promise.resolve(known);
  let promise = loading.get(base);
  if (!promise) {
    failed.delete(base);
    promise = loaders[base]!().then(
      (strings) => {
        loaded.set(base, strings);
        loading.delete(base);
        return strings;
      },
      (error: unknown) => {
        failed.add(base);
        loading.delete(base);
        throw error;
      },
    );
    loading.set(base, promise);
  }
  return promise;
}

let laterEnglish: Promise<unknown> | null = null;

/**
 * Completes English with the texts of the views after the first screen (the quote screens, the
 * conflict dialog, the extras): each of those views loads with it. On every page, not only
 * English ones, as English stands in for a dictionary that cannot load. A failed load (offline)
 * may be tried again.
 */
export function loadLaterEnglish(): Promise<unknown> {
  laterEnglish ??= Promise.all([import('./en-later.js'), loadStrings('en')]).then(
    ([m, english]) => Object.assign(english, m.enLater),
    (error: unknown) => {
      laterEnglish = null;
      throw error;
    },
  );
  return laterEnglish;
}
