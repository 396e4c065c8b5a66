import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {queryBoolean, readJson} from '../http/index.js';
import {
  readConfigurationQuoteRequest,
  readIdempotencyKey,
  type Quotations,
} from '../quotations/index.js';
import {configurationResponse} from './configuration-response.js';
import {defaultLanguage, type Configurator} from './configurator.js';
import {requestedLanguage} from './language.js';
import {readRequirement} from './request-body.js';

/**
 * The v2 generation, `/api/2/configurations/...`, and the official client's quote request
 * `POST /api/2/configurations/{id}/requestQuote` (the versioned `requestquote` for the one
 * configuration in the path).
 */
export function registerV2Routes(
  app: Hono<AppEnv>,
  configurator: Configurator,
  quotations: Quotations,
): void {
  app.get('/api/2/configurations/startnew/:featureModelId', (c) => {
    const lang = requestedLanguage(c, defaultLanguage) ?? defaultLanguage;
    return configurationResponse(
      c,
      configurator.start(c.req.param('featureModelId'), {lang, allowCode: false}),
    );
  });

  app.put('/api/2/configurations/:id', async (c) => {
    const ignoreConflicts = queryBoolean(c, 'ignoreConflicts', false);
    const compress = queryBoolean(c, 'compress', false);
    const requirement = readRequirement(await readJson(c.req.raw));
    return configurationResponse(
      c,
      configurator.update(c.req.param('id'), requirement, {
        ignoreConflicts,
        compress: compress ? 'values' : undefined,
      }),
    );
  });

  app.post('/api/2/configurations/:id/requestquote', async (c) => {
    const input = readConfigurationQuoteRequest(await readJson(c.req.raw), c.req.param('id'));
    const key = readIdempotencyKey(c.req.header('idempotency-key'));
    return c.json(quotations.request(input, c.get('principal').userId, key));
  });
}
