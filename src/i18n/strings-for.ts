import {en} from './en.js';
import type {Strings} from './strings.js';

// English is part of the script-tag entry; every other dictionary is a chunk beside it, loaded
// the first time a page asks for its language.
const loaders: Readonly<Record<string, () => Promise<Strings>>> = {
  nl: () => import('./nl.js').then((m) => m.nl),
  de: () => import('./de.js').then((m) => m.de),
  fr: () => import('./fr.js').then((m) => m.fr),
};

const loaded = new Map<string, Strings>([['en', en]]);
const loading = new Map<string, Promise<Strings>>();
/** Languages whose dictionary could not be loaded: shown in English until asked for again. */
const failed = new Set<string>();

/** The languages the element's own texts exist in. */
export const supportedLanguages = ['en', ...Object.keys(loaders)];

/** Reduces `nl-BE` or `NL` to `nl`; empty when there is nothing to reduce. */
export function baseLanguage(lang: string | null | undefined): string {
  return (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The element's texts for a language: English for languages it has no dictionary for, and
 * while a dictionary is still loading (see {@link loadStrings}).
 */
export function stringsFor(lang: string | null | undefined): Strings {
  return loaded.get(baseLanguage(lang)) ?? en;
}

/** Whether {@link stringsFor} answers the language's own texts (or English for good). */
export function hasStrings(lang: string | null | undefined): boolean {
  const base = baseLanguage(lang);
  return loaded.has(base) || failed.has(base) || !Object.hasOwn(loaders, base);
}

/**
 * Loads a language's dictionary (once; callers share the load). Resolves English for languages
 * without one; rejects when the chunk cannot be loaded, and a later call tries again.
 */
export function loadStrings(lang: string | null | undefined): Promise<Strings> {
  const base = baseLanguage(lang);
  const known = loaded.get(base);
  if (known) return Promise.resolve(known);
  if (!Object.hasOwn(loaders, base)) return Promise.resolve(en);
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
