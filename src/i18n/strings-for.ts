import {en} from './en.js';
import {loadedStrings} from './dictionaries.js';
import type {Strings} from './strings.js';

export {baseLanguage, loadStrings, supportedLanguages} from './dictionaries.js';

/**
 * The element's texts for a language: English for languages it has no dictionary for, and
 * while a dictionary is still loading (see {@link loadStrings}).
 */
export function stringsFor(lang: string | null | undefined): Strings {
  return loadedStrings(lang) ?? en;
}
