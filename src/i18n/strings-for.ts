import {de} from './de.js';
import {en} from './en.js';
import {fr} from './fr.js';
import {nl} from './nl.js';
import type {Strings} from './strings.js';

const dictionaries: Readonly<Record<string, Strings>> = {en, nl, de, fr};

/** The languages the element's own texts exist in. */
export const supportedLanguages = Object.keys(dictionaries);

/** Reduces `nl-BE` or `NL` to `nl`; empty when there is nothing to reduce. */
export function baseLanguage(lang: string | null | undefined): string {
  return (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The element's texts for a language, English for languages it has no dictionary for. */
export function stringsFor(lang: string | null | undefined): Strings {
  return dictionaries[baseLanguage(lang)] ?? en;
}
