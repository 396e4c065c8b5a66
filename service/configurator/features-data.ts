import type {Hono} from 'hono';
import type {FeatureNode} from '../../src/wire/index.js';
import type {AppEnv} from '../auth/index.js';
import {Errors, ServiceError} from '../errors.js';
import {queryString} from '../http/index.js';
import {defaultLanguage, type Configurator} from './configurator.js';
import {languageFromQuery} from './language.js';

/** One feature of `/data/1/features`: a node of an offered model, flattened. */
export interface FeatureItem {
  /** The feature-model node id. */
  id: string;
  featureId: string;
  featureModelId: string;
  parentId: string | null;
  name: string;
  description: string | null;
  articleCode: string | null;
  unitOfMeasurement: string | null;
  imageUrl: string | null;
  type: number;
  featureType: number;
  displayType: number;
  minValue: number | null;
  maxValue: number | null;
  stepValue: number | null;
  isMandatory: boolean;
  price: number;
  priceIncVAT: number;
  priceLabel: string;
}

/** Every node of every offered model, root first, in tree order, in a language. */
export function featureItems(configurator: Configurator, lang: string): FeatureItem[] {
  const items: FeatureItem[] = [];
  for (const model of configurator.catalog.all()) {
    const summary = configurator.summary(model, lang);
    items.push({
      id: summary.rootNodeId,
      featureId: summary.rootFeatureId,
      featureModelId: model.id,
      parentId: null,
      name: summary.name,
      description: summary.description,
      articleCode: summary.articleCode,
      unitOfMeasurement: null,
      imageUrl: summary.imageUrl,
      type: model.nodes[0]!.type,
      featureType: model.nodes[0]!.featureType,
      displayType: model.nodes[0]!.displayType,
      minValue: null,
      maxValue: null,
      stepValue: null,
      isMandatory: false,
      price: summary.price,
      priceIncVAT: summary.priceIncVAT,
      priceLabel: summary.priceLabel,
    });
    const visit = (node: FeatureNode) => {
      items.push({
        id: node.id,
        featureId: node.featureId,
        featureModelId: model.id,
        parentId: node.parentId,
        name: node.name,
        description: node.description,
        articleCode: node.articleCode,
        unitOfMeasurement: node.unitOfMeasurement,
        imageUrl: node.imageUrl,
        type: node.type,
        featureType: node.featureType,
        displayType: node.displayType,
        minValue: node.minValue,
        maxValue: node.maxValue,
        stepValue: node.stepValue,
        isMandatory: node.isMandatory,
        price: node.price,
        priceIncVAT: node.priceIncVAT,
        priceLabel: node.priceLabel,
      });
      node.features.forEach(visit);
    };
    for (const step of configurator.featureModel(model, lang).steps) step.features.forEach(visit);
  }
  return items;
}

/** `/data/1/features`: read-only, so every method but GET (and HEAD) is 405. */
export function registerFeatureDataRoutes(app: Hono<AppEnv>, configurator: Configurator): void {
  app.get('/data/1/features', (c) => {
    const lang = languageFromQuery(queryString(c, 'lang'), defaultLanguage);
    return c.json(featureItems(configurator, lang));
  });
  app.all('/data/1/features', () =>
    new ServiceError(
      Errors.methodNotAllowed,
      'The feature list is read-only: only GET is allowed',
    ).toResponse({Allow: 'GET, HEAD'}),
  );
}
