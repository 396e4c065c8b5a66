import {defaultLanguage, type Configurator} from './configurator.js';

/** A feature model as `/api/2/featuremodels` lists it; `rootFeature` only when included. */
export interface FeatureModelItem {
  id: string;
  name: string;
  description: string | null;
  rootFeatureId: string;
  /** The languages the model has texts for (an addition of the reference service). */
  languages: string[];
  /** Name, price and image of the root feature (the `RootFeature` relation). */
  rootFeature: {
    id: string;
    name: string;
    articleCode: string | null;
    price: number;
    priceIncVAT: number;
    priceLabel: string;
    imageUrl: string | null;
  };
}

/**
 * The feature models as entities, relation included: the generic entity API serves these as
 * its read-only `featuremodels` model (`GET /api/2/featuremodels[/{id}][?include=RootFeature]`).
 */
export function featureModelItems(
  configurator: Configurator,
  lang = defaultLanguage,
): FeatureModelItem[] {
  return configurator.models(lang).map((summary) => ({
    id: summary.featureModelId,
    name: summary.name,
    description: summary.description,
    rootFeatureId: summary.rootFeatureId,
    languages: summary.languages,
    rootFeature: {
      id: summary.rootFeatureId,
      name: summary.name,
      articleCode: summary.articleCode,
      price: summary.price,
      priceIncVAT: summary.priceIncVAT,
      priceLabel: summary.priceLabel,
      imageUrl: summary.imageUrl,
    },
  }));
}
