import {enLater} from './en-later.js';
import {enScreen} from './en-screen.js';
import type {Strings} from './strings.js';

/** English, whole: the first screen's texts and the later ones (each a chunk of its own). */
export const en = {...enScreen, ...enLater} satisfies Strings;
