import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {queryBoolean, queryGuid, readJson} from '../http/index.js';
import {configurationResponse} from './configuration-response.js';
import {defaultLanguage, type Configurator} from './configurator.js';
import {languageForChange, requestedLanguage} from './language.js';
import {readLanguageBody, readRequirement} from './request-body.js';

/** The v3 generation, `/api/3/configurator/...`: the session the widget runs. */
export function registerV3Routes(app: Hono<AppEnv>, configurator: Configurator): void {
  app.get('/api/3/configurator/new/:identifier', (c) => {
    const lang = requestedLanguage(c, defaultLanguage) ?? defaultLanguage;
    return configurationResponse(
      c,
      configurator.start(c.req.param('identifier'), {lang, allowCode: false}),
    );
  });

  app.put('/api/3/configurator/:id/changelanguage', async (c) => {
    const lang = languageForChange(await readLanguageBody(c.req.raw), defaultLanguage);
    return configurationResponse(c, configurator.changeLanguage(c.req.param('id'), lang));
  });

  app.put('/api/3/configurator/:id', async (c) => {
    const ignoreConflicts = queryBoolean(c, 'ignoreConflicts', false);
    const compress = queryBoolean(c, 'compress', false);
    // An addition: the step whose options' price effects the answer carries (decision 109).
    const effectsOf = queryGuid(c, 'effectsOf');
    const requirement = readRequirement(await readJson(c.req.raw));
    return configurationResponse(
      c,
      configurator.update(c.req.param('id'), requirement, {
        ignoreConflicts,
        compress: compress ? 'changes' : undefined,
        effectsOf,
      }),
    );
  });
}
