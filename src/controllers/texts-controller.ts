import type {ReactiveControllerHost} from 'lit';
import {isServer} from 'lit';
import {
  baseLanguage,
  dictionaryOf,
  failedStrings,
  loadStrings,
  loadedStrings,
} from '../i18n/dictionaries.js';
import {enFirst} from '../i18n/en-first.js';
import type {FirstStrings, Strings} from '../i18n/strings.js';
import type {Configuration} from '../wire/index.js';

type Host = ReactiveControllerHost & HTMLElement;

/**
 * The element's language and its texts: the `lang` property, else the nearest `lang` up the
 * page, else English. Another language's dictionary loads on demand; until it is here the
 * texts stay as they were.
 */
export class TextsController {
  #host: Host;
  #track: (work: Promise<unknown>) => void;
  #wanted: () => boolean;
  /** The texts last rendered, kept while another language's dictionary loads. */
  #shown: Strings | null = null;
  #configuration: () => Configuration | null;

  /**
   * `track` holds the element's `updateComplete` while a dictionary loads; `wanted` says
   * whether the element has anything to show (one with nothing loads nothing).
   */
  constructor(
    host: Host,
    track: (work: Promise<unknown>) => void,
    wanted: () => boolean,
    configuration: () => Configuration | null = () => null,
  ) {
    this.#host = host;
    this.#track = track;
    this.#wanted = wanted;
    this.#configuration = configuration;
  }

  get lang(): string {
    const own = baseLanguage(this.#host.lang);
    if (own) return own;
    const inherited = this.#host.parentElement?.closest('[lang]')?.getAttribute('lang');
    // A server render (Lit's SSR) has no document: the element's own ancestors decide there.
    return baseLanguage(inherited ?? (isServer ? '' : document.documentElement.lang)) || 'en';
  }

  /** The language shown: the one asked for, or the service's where the model lacks it. */
  get shown(): string {
    const lang = this.lang;
    const c = this.#configuration();
    // `includes?.`: an answer's `languages` is not checked at the session's boundary.
    return c?.languages?.includes?.(lang) === false ? c.languageIso : lang;
  }

  /**
   * The texts to show now: the language's complete texts, the ones last shown while another
   * language's dictionary loads, or at the very start the English the entry carries.
   */
  get strings(): FirstStrings {
    return this.complete ?? enFirst;
  }

  /** The complete texts of {@link strings}, null before the first dictionary is here. */
  get complete(): Strings | null {
    const dictionary = dictionaryOf(this.shown);
    const strings = loadedStrings(dictionary);
    if (strings) return strings;
    // A failed dictionary is tried again when the shopper asks (the notice's button, which
    // loads the configure view and English with it), not on every render.
    if (this.#wanted() && !failedStrings(dictionary)) this.#track(loadStrings(dictionary));
    return this.#shown;
  }

  /**
   * The texts to render now, and the complete ones when they may be: a first render in a
   * language whose dictionary is on its way shows the skeleton, not texts that change a moment
   * later.
   */
  take(): {s: FirstStrings; full: Strings | null} {
    const full = this.complete;
    if (full) this.#shown = full;
    return {s: full ?? enFirst, full};
  }
}
