import {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import type {EventPublisher} from '../events.js';
import type {Store} from '../store/index.js';
import {entityRoutes} from '../entities/entity-routes.js';
import {featureModelsModel, storedModels, type FeatureModelEntity} from '../entities/models.js';
import {recomputeTotals, recomputeTotalsOf} from './quotation-totals.js';
import {quotationHook, quotationLineHook} from './quotation-transitions.js';
import {quotationRoutes} from './quotation-routes.js';

export interface EntityApiOptions {
  store: Store;
  /** Where quotation moves are announced: the webhook outbox. */
  events: EventPublisher;
  /** The configuration models `featuremodels` lists, localised to `lang` (default language when undefined). */
  featureModels?: (lang: string | undefined) => readonly FeatureModelEntity[];
  now?: () => number;
}

/**
 * Everything under `/api/2` that is entities: the sixteen models (fifteen stored ones and the
 * read-only feature models) and the quotation operations. Mount at `/api/2`; a path that
 * names no model falls through to later routes.
 */
export function entityApi(options: EntityApiOptions): Hono<AppEnv> {
  const {store, events, now} = options;
  const models = [...storedModels, featureModelsModel(options.featureModels ?? (() => []))];
  const quotations = models.find((model) => model.path === 'quotations')!;
  const hook = quotationHook(store, events);
  const lineHook = quotationLineHook(store);
  const routes = new Hono<AppEnv>();
  routes.route('/', quotationRoutes({store, model: quotations, hook, now}));
  routes.route(
    '/',
    entityRoutes({
      store,
      models,
      hooks: {quotations: hook, quotationlines: lineHook},
      // The quotations a batch of lines leaves or joins are re-totalled once per request.
      afterWrites: {
        quotationlines: (writes) =>
          recomputeTotalsOf(
            store,
            writes.flatMap(({before, after}) => [before?.quotationId, after.quotationId]),
          ),
      },
      deleteHooks: {
        quotationlines: (line) => {
          lineHook({before: line});
          recomputeTotals(store, line.quotationId);
        },
      },
      now,
    }),
  );
  return routes;
}
