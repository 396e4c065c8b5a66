import type {Currency} from '../../src/wire/index.js';
import {languages} from '../i18n/index.js';
import {customerFields} from '../quotations/index.js';
import {defaultLanguage, type Configurator} from './configurator.js';

/** One language the service speaks, named in the asked language and in English. */
export interface SettingsLanguage {
  iso: string;
  name: string;
  englishName: string;
  active: boolean;
}

/**
 * `GET /configurator/{version}/configurator/settings`: what a storefront needs before it picks
 * a model. Names follow the official client's `Settings` where the service has the value;
 * settings of a hosted showroom (colours, welcome texts, analytics) are left out rather than
 * invented.
 */
export interface ServiceSettings {
  defaultLanguageIso: string;
  /** The language the names below are in: the asked one, or the default. */
  selectedLanguageIso: string;
  languages: SettingsLanguage[];
  /** The currency of the first offered model (the sample models share one). */
  currencyIso: string;
  currency: Currency | null;
  /** Every currency some offered model is priced in. */
  currencies: string[];
  countryIso: string | null;
  /** Sessions need no signed-in user, only a token. */
  requireLogin: boolean;
  /** Customer fields a quote request must fill: none here; the seed leaves it to the tenant. */
  requiredQuotationFields: string[];
  /** Every customer field a quote request may carry. */
  quotationFields: string[];
}

const cache = new WeakMap<Configurator, Map<string, ServiceSettings>>();

/** The model-independent settings in a language (computed once per language). */
export function serviceSettings(configurator: Configurator, lang: string): ServiceSettings {
  let byLanguage = cache.get(configurator);
  if (!byLanguage) cache.set(configurator, (byLanguage = new Map()));
  let settings = byLanguage.get(lang);
  if (!settings) {
    const models = configurator.catalog.all();
    const names = new Intl.DisplayNames([lang], {type: 'language'});
    const english = new Intl.DisplayNames(['en'], {type: 'language'});
    const first = models[0];
    settings = {
      defaultLanguageIso: defaultLanguage,
      selectedLanguageIso: lang,
      languages: languages.map((iso) => ({
        iso,
        name: names.of(iso) ?? iso,
        englishName: english.of(iso) ?? iso,
        active: true,
      })),
      currencyIso: first?.currency.iso ?? 'eur',
      currency: first?.currency ?? null,
      currencies: [...new Set(models.map((model) => model.currency.iso))],
      countryIso: first?.countryIso ?? null,
      requireLogin: false,
      requiredQuotationFields: [],
      quotationFields: [...customerFields],
    };
    byLanguage.set(lang, settings);
  }
  return settings;
}
