import type {ReactiveControllerHost} from 'lit';
import {baseLanguage, hasStrings, loadStrings, stringsFor} from '../i18n/strings-for.js';
import type {Strings} from '../i18n/strings.js';
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
    return baseLanguage(inherited ?? document.documentElement.lang) || 'en';
  }

  /** The language shown: the one asked for, or the service's where the model lacks it. */
  get shown(): string {
    const lang = this.lang;
    const c = this.#configuration();
    // `includes?.`: an answer's `languages` is not checked at the session's boundary.
    return c?.languages?.includes?.(lang) === false ? c.languageIso : lang;
  }

  get strings(): Strings {
    const lang = this.shown;
    if (hasStrings(lang)) return stringsFor(lang);
    if (this.#wanted()) this.#track(loadStrings(lang));
    // English at the very start.
    return this.#shown ?? stringsFor(lang);
  }

  /**
   * The texts to render now, and whether they may be: a first render in a language whose
   * dictionary is on its way shows the skeleton, not English texts that change a moment later.
   */
  take(): {s: Strings; ready: boolean} {
    const s = this.strings;
    const ready = hasStrings(this.shown) || this.#shown !== null;
    if (ready) this.#shown = s;
    return {s, ready};
  }
}
