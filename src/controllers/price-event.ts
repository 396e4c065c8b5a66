// `configurator-price-change`: after each render, the displayed price compared with the one
// last announced to the page, so hosts (a framework's own total, a cart badge) never show
// another price than the widget.
import {ConfiguratorPriceChangeEvent} from '../events/configurator-price-change-event.js';
import {displayedPrice, type DisplayedPrice} from '../events/price.js';
import type {Configuration} from '../wire/index.js';

const same = (a: DisplayedPrice, b: DisplayedPrice) =>
  a.displayed === b.displayed &&
  a.label === b.label &&
  a.inclVat === b.inclVat &&
  a.exclVat === b.exclVat &&
  a.currency === b.currency;

export class PriceEvent {
  #host: EventTarget;
  #last: DisplayedPrice | null = null;

  constructor(host: EventTarget) {
    this.#host = host;
  }

  /** After a render: fires when the price on screen is not the one last fired. */
  rendered(configuration: Configuration | null | undefined, inclVat: boolean): void {
    if (!configuration) return;
    const price = displayedPrice(configuration, inclVat);
    if (this.#last && same(this.#last, price)) return;
    this.#last = price;
    this.#host.dispatchEvent(new ConfiguratorPriceChangeEvent(price, configuration.id));
  }
}
