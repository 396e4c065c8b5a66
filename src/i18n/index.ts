export type {Strings} from './strings.js';
export {stringsFor, baseLanguage, supportedLanguages} from './strings-for.js';
export {en} from './en.js';
export {nl} from './nl.js';
export {de} from './de.js';
export {fr} from './fr.js';
