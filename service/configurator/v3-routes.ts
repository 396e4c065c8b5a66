import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {encodeConfiguration} from '../engine/index.js';
import {queryBoolean, queryString, readJson} from '../http/index.js';
import {defaultLanguage, type Configurator} from './configurator.js';
import {languageForChange, languageFromQuery} from './language.js';
import {readLanguageBody, readRequirement} from './request-body.js';

/** The v3 generation, `/api/3/configurator/...`: the session the widget runs. */
export function registerV3Routes(app: Hono<AppEnv>, configurator: Configurator): void {
  app.get('/api/3/configurator/new/:identifier', (c) => {
    const lang = languageFromQuery(queryString(c, 'lang'), defaultLanguage);
    return c.json(configurator.start(c.req.param('identifier'), {lang, allowCode: false}));
  });

  app.put('/api/3/configurator/:id/changelanguage', async (c) => {
    const lang = languageForChange(await readLanguageBody(c.req.raw));
    return c.json(configurator.changeLanguage(c.req.param('id'), lang));
  });

  app.put('/api/3/configurator/:id', async (c) => {
    const ignoreConflicts = queryBoolean(c, 'ignoreConflicts', false);
    const requirement = readRequirement(await readJson(c.req.raw));
    const configuration = configurator.update(c.req.param('id'), requirement, {ignoreConflicts});
    // The hot path: cached JSON bytes of the shared model parts instead of c.json.
    return c.body(encodeConfiguration(configuration), 200, {'Content-Type': 'application/json'});
  });
}
