import {Hono, type Context} from 'hono';
import type {AppEnv, Principal} from '../auth/index.js';
import {Errors, ServiceError, notFound} from '../errors.js';
import {readJson} from '../http/index.js';
import type {Store} from '../store/index.js';
import {bodyId, checkUnchanged, entityList, present, readEntity} from './entity-body.js';
import type {Entity, EntityModel, Relation} from './entity-model.js';
import {parseListQuery, runListQuery} from './list-query.js';
import {checkReferences, deleteWithDependents} from './references.js';

/** One write of the entity API, handed to a model's hook inside the write's transaction. */
export interface EntityWrite {
  model: EntityModel;
  /** The stored entity before the write; undefined on create. */
  before: Entity | undefined;
  /** The entity about to be stored; a hook may fill service-set values in. */
  after: Entity;
  principal: Principal | undefined;
}

/**
 * Runs inside the transaction of every create and update of a model: it may complete the
 * entity, write elsewhere (events) or refuse the write by throwing a `ServiceError`.
 */
export type EntityHook = (write: EntityWrite) => void;

export interface EntityRoutesOptions {
  store: Store;
  models: readonly EntityModel[];
  /** Hooks by model path (`quotations`). */
  hooks?: Readonly<Record<string, EntityHook>>;
  /**
   * Run once per POST or PUT, by model path, inside its transaction after every entity of the
   * body is stored: work that depends on the whole batch (a quotation's totals over its lines)
   * is done once, not once per item.
   */
  afterWrites?: Readonly<Record<string, (writes: readonly EntityWrite[]) => void>>;
  /** Run inside the transaction of a delete, after it, by model path. */
  deleteHooks?: Readonly<Record<string, (deleted: Entity) => void>>;
  /** The clock, in epoch milliseconds. */
  now?: () => number;
}

/**
 * The generic entity API, to mount at `/api/2`: `GET /{model}` (list with query), `GET
 * /{model}/{id}`, `POST` and `PUT /{model}` (one entity or an array), `DELETE /{model}/{id}`.
 * Foreign keys (`Field.references`) are checked on every write and applied on delete.
 * Model segments match in any letter case; a segment that names no model is passed on to
 * the routes mounted after these.
 */
export function entityRoutes(options: EntityRoutesOptions): Hono<AppEnv> {
  const {store, hooks = {}, afterWrites = {}, deleteHooks = {}} = options;
  const now = options.now ?? Date.now;
  const models = new Map(options.models.map((model) => [model.path.toLowerCase(), model]));
  const routes = new Hono<AppEnv>();
  const modelOf = (c: Context<AppEnv>) => models.get(c.req.param('model')!.toLowerCase());

  const find = (model: EntityModel, id: string, lang: string | undefined) =>
    model.source
      ? model.source(lang).find((entity) => entity.id === id)
      : store.collection<Entity>(model.collection).get(id);
  // Resolved for a whole page at once where the relation can, so a page of quotations with
  // their lines reads the lines once rather than once per quotation.
  const presentAll = (
    model: EntityModel,
    page: readonly Entity[],
    include: readonly Relation[],
  ) => {
    const resolvers = include.map(
      (r) =>
        [
          r.property,
          r.resolveAll?.(store, page) ?? ((entity: Entity) => r.resolve(store, entity)),
        ] as const,
    );
    return page.map((entity) =>
      present(
        model,
        entity,
        Object.fromEntries(resolvers.map(([property, resolve]) => [property, resolve(entity)])),
      ),
    );
  };
  const writable = (model: EntityModel) => {
    if (model.source) {
      throw new ServiceError(
        Errors.methodNotAllowed,
        `${model.name} entities are read-only here: they come from the configuration models`,
      );
    }
  };
  // Each write moves `updatedAt` on, even within one millisecond, so the optimistic check of
  // PUT always sees a change.
  const stamp = (before: Entity | undefined) => {
    const previous = typeof before?.updatedAt === 'string' ? Date.parse(before.updatedAt) : 0;
    return new Date(Math.max(now(), previous + 1)).toISOString();
  };

  routes.get('/:model', (c, next) => {
    const model = modelOf(c);
    if (!model) return next();
    const query = parseListQuery(model, new URL(c.req.url).searchParams);
    const page = runListQuery(store, model, query);
    return c.json(presentAll(model, page, query.include));
  });

  routes.get('/:model/:id', (c, next) => {
    const model = modelOf(c);
    if (!model) return next();
    const query = parseListQuery(model, new URL(c.req.url).searchParams, {single: true});
    const entity = find(model, c.req.param('id').toLowerCase(), query.lang);
    if (!entity) throw notFound(`No ${model.name} with id ${c.req.param('id')}`);
    return c.json(presentAll(model, [entity], query.include)[0]);
  });

  routes.post('/:model', async (c, next) => {
    const model = modelOf(c);
    if (!model) return next();
    writable(model);
    const {items, bulk} = entityList(await readJson(c.req.raw));
    const collection = store.collection<Entity>(model.collection);
    const stored = store.transaction(() => {
      const seen = new Set<string>();
      const writes: EntityWrite[] = [];
      const stored = items.map((raw, index) => {
        const path = bulk ? `body[${index}]` : 'body';
        const entity = readEntity(model, raw, path, undefined, stamp(undefined));
        if (seen.has(entity.id) || collection.get(entity.id)) {
          throw new ServiceError(
            Errors.conflict,
            `${path}: a ${model.name} with id ${entity.id} exists`,
            {
              id: entity.id,
            },
          );
        }
        seen.add(entity.id);
        checkReferences(store, model, undefined, entity, path);
        const write = {model, before: undefined, after: entity, principal: c.get('principal')};
        hooks[model.path]?.(write);
        writes.push(write);
        return collection.put(entity);
      });
      afterWrites[model.path]?.(writes);
      return stored;
    });
    const body = stored.map((entity) => present(model, entity));
    return c.json(bulk ? body : body[0], 201);
  });

  routes.put('/:model', async (c, next) => {
    const model = modelOf(c);
    if (!model) return next();
    writable(model);
    const {items, bulk} = entityList(await readJson(c.req.raw));
    const collection = store.collection<Entity>(model.collection);
    const stored = store.transaction(() => {
      const writes: EntityWrite[] = [];
      const stored = items.map((raw, index) => {
        const path = bulk ? `body[${index}]` : 'body';
        const id = bodyId(model, raw, path);
        const before = collection.get(id);
        if (!before) throw notFound(`${path}: no ${model.name} with id ${id}`, {id});
        checkUnchanged(raw, path, before);
        const entity = readEntity(model, raw, path, before, stamp(before));
        checkReferences(store, model, before, entity, path);
        const write = {model, before, after: entity, principal: c.get('principal')};
        hooks[model.path]?.(write);
        writes.push(write);
        return collection.put(entity);
      });
      afterWrites[model.path]?.(writes);
      return stored;
    });
    const body = stored.map((entity) => present(model, entity));
    return c.json(bulk ? body : body[0]);
  });

  routes.delete('/:model/:id', (c, next) => {
    const model = modelOf(c);
    if (!model) return next();
    writable(model);
    const id = c.req.param('id').toLowerCase();
    const collection = store.collection<Entity>(model.collection);
    store.transaction(() => {
      const deleted = collection.get(id);
      if (!deleted || !collection.delete(id)) {
        throw notFound(`No ${model.name} with id ${c.req.param('id')}`);
      }
      deleteWithDependents(store, options.models, model, deleted);
      deleteHooks[model.path]?.(deleted);
    });
    return c.body(null, 204);
  });

  return routes;
}
