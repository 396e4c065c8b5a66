import type {Configuration} from '../wire/index.js';
import type {DisplayedPrice} from './price.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorLanguageChangeDetail {
  /** The two-letter language now shown. */
  lang: string;
  /** The configuration in the new language (its labels and formatted prices changed). */
  configuration: Configuration;
  /** The total as the shopper now sees it, formatted for the new language. */
  price: DisplayedPrice;
}

/**
 * Fired when the session's language changed (the `lang` attribute) and the element rendered
 * the texts and price labels in it. The selection is unchanged.
 */
export class ConfiguratorLanguageChangeEvent extends CustomEvent<ConfiguratorLanguageChangeDetail> {
  static readonly eventName = EventName.languageChange;

  constructor(lang: string, configuration: Configuration, price: DisplayedPrice) {
    super(ConfiguratorLanguageChangeEvent.eventName, eventInit({lang, configuration, price}));
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.languageChange]: ConfiguratorLanguageChangeEvent;
  }
}
