// `POST /api/3/configurator/{id}/effects`: an addition of the reference service that answers
// what each of a list of requirements would make the total, without changing the session, so
// a client shows every choice's effect before it is made (docs/decisions/0098).
import type {Hono} from 'hono';
import type {Requirement} from '../../src/wire/index.js';
import type {AppEnv} from '../auth/index.js';
import {priceEffects} from '../engine/index.js';
import {notFound} from '../errors.js';
import {Fields, arrayBody, isGuid, readJson} from '../http/index.js';
import type {Configurator} from './configurator.js';
import {modelUnavailable} from './sessions.js';

/**
 * Most requirements one body may carry (413 `too_many_items` beyond): each costs one update's
 * work, and a step on screen holds far fewer options than this.
 */
export const maxEffectRequirements = 200;

function readRequirements(body: unknown): Requirement[] {
  return arrayBody(body, maxEffectRequirements).map((item, index) => {
    const fields = Fields.of(item, `body[${index}]`);
    return {
      featureModelNodeId: fields.guid('featureModelNodeId'),
      value: fields.number('value'),
      isSelection: fields.boolean('isSelection', false),
    };
  });
}

export function registerEffectsRoutes(app: Hono<AppEnv>, configurator: Configurator): void {
  app.post('/api/3/configurator/:id/effects', async (c) => {
    const id = c.req.param('id');
    const requirements = readRequirements(await readJson(c.req.raw));
    const record = isGuid(id) ? configurator.sessions.get(id) : undefined;
    if (!record) throw notFound(`No configuration "${id}"`, {configurationId: id});
    const model = configurator.catalog.byId(record.modelId);
    if (!model) throw modelUnavailable(record.id);
    c.header('Cache-Control', 'no-store');
    return c.json({effects: priceEffects(model, record.state, requirements)});
  });
}
