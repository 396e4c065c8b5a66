import {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {notFound} from '../errors.js';
import {present} from '../entities/entity-body.js';
import type {Entity, EntityModel} from '../entities/entity-model.js';
import type {EntityHook} from '../entities/entity-routes.js';
import type {Store} from '../store/index.js';
import {QuotationOperation} from '../entities/quotation-status.js';

export interface QuotationRoutesOptions {
  store: Store;
  /** The `quotations` entity model (for the answer's shape). */
  model: EntityModel;
  /** The quotation hook of the entity API: the same rules for both ways of moving. */
  hook: EntityHook;
  now?: () => number;
}

/**
 * `POST /api/2/quotations/{id}/submit|accept|verify` (mount at `/api/2`): moves a quotation
 * to the operation's status, exactly as a `PUT` of `status` would, and answers with it.
 */
export function quotationRoutes(options: QuotationRoutesOptions): Hono<AppEnv> {
  const {store, model, hook} = options;
  const now = options.now ?? Date.now;
  const routes = new Hono<AppEnv>();

  routes.post('/quotations/:id/:operation{submit|accept|verify}', (c) => {
    const operation = c.req.param('operation') as QuotationOperation;
    const id = c.req.param('id').toLowerCase();
    const quotations = store.collection<Entity>(model.collection);
    const stored = store.transaction(() => {
      const before = quotations.get(id);
      if (!before) throw notFound(`No Quotation with id ${c.req.param('id')}`, {id});
      const previous = typeof before.updatedAt === 'string' ? Date.parse(before.updatedAt) : 0;
      const after: Entity = {
        ...before,
        status: QuotationOperation[operation],
        updatedAt: new Date(Math.max(now(), previous + 1)).toISOString(),
      };
      hook({model, before, after, principal: c.get('principal')});
      return quotations.put(after);
    });
    return c.json(present(model, stored));
  });

  return routes;
}
