import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {queryBoolean, queryString, readJson} from '../http/index.js';
import {configurationResponse} from './configuration-response.js';
import {defaultLanguage, type Configurator} from './configurator.js';
import {languageFromQuery} from './language.js';
import {readRequirement} from './request-body.js';

/** The v2 generation, `/api/2/configurations/...`. */
export function registerV2Routes(app: Hono<AppEnv>, configurator: Configurator): void {
  app.get('/api/2/configurations/startnew/:featureModelId', (c) => {
    const lang = languageFromQuery(queryString(c, 'lang'), defaultLanguage);
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
      configurator.update(c.req.param('id'), requirement, {ignoreConflicts, compress}),
    );
  });
}
