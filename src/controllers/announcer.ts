import type {ReactiveControllerHost} from 'lit';
import type {Configuration} from '../wire/index.js';

/**
 * What screen readers hear in the element's polite live region: changes of the total, undo,
 * a screen that could not be opened.
 */
export class Announcer {
  #host: ReactiveControllerHost;
  #text = '';
  /** The language and total last rendered, to announce real changes of the total only. */
  #lastTotal = '';
  /** The VAT mode last rendered: a toggle changes the figure, not the total. */
  #inclVat = true;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  get text(): string {
    return this.#text;
  }

  say(text: string): void {
    // The same words again (a second undo, a notice shown anew) must still change the region,
    // or nothing is read: a trailing no-break space, every other time, makes the difference.
    this.#text = text === this.#text ? `${text}\u00a0` : text;
    this.#host.requestUpdate();
  }

  /** A new product or a restart: its first total is not a change. */
  forgetTotal(): void {
    this.#lastTotal = '';
  }

  /**
   * Called before each render with the configuration about to be shown. Announces changes of
   * the total only: not the first render, a VAT toggle, or the same amount written the way
   * another language writes it.
   */
  total(configuration: Configuration, inclVat: boolean, say: (total: string) => string): void {
    const vatToggled = inclVat !== this.#inclVat;
    this.#inclVat = inclVat;
    const total = inclVat
      ? configuration.totalPriceIncVATLabel
      : configuration.totalPriceExVATLabel;
    const key = `${configuration.languageIso}\n${total}`;
    const sameLanguage = this.#lastTotal.split('\n')[0] === configuration.languageIso;
    if (this.#lastTotal && key !== this.#lastTotal && sameLanguage && !vatToggled) {
      this.say(say(total));
    }
    this.#lastTotal = key;
  }
}
