import type {Context, Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {notFound} from '../errors.js';
import {
  matchesEtag,
  queryBoolean,
  queryGuid,
  queryInteger,
  queryString,
  readJson,
} from '../http/index.js';
import {
  readAddToQuotation,
  readIdempotencyKey,
  readQuoteRequest,
  type Quotations,
} from '../quotations/index.js';
import {configurationResponse} from './configuration-response.js';
import {defaultLanguage, type Configurator} from './configurator.js';
import {frozenCopy} from './frozen-copy.js';
import {languageForChange, languageFromQuery, requestedLanguage} from './language.js';
import {
  readLanguageBody,
  readLanguageChange,
  readLinkedCardinality,
  readRequirement,
  readTextRequirement,
  readTextRequirements,
} from './request-body.js';
import {serviceSettings} from './settings.js';

/** The values of `{version}` the versioned API answers to: documented as 1, served as 3 too. */
export const configuratorVersions = ['1', '3'] as const;

const prefix = '/configurator/:version/configurator';

/**
 * The versioned API, `/configurator/{version}/configurator/...`; version 1 also covers the
 * older generation's three paths. Fixed segments (`changelanguage`, `addtoquotation`,
 * `settings`) are registered before `/:id` so they are never read as a configuration id.
 * Start and open read `?language=` as well as `?lang=` (the official client's spelling).
 */
export function registerVersionedRoutes(
  app: Hono<AppEnv>,
  configurator: Configurator,
  quotations: Quotations,
): void {
  app.use(`${prefix}/*`, async (c, next) => {
    const version = c.req.param('version') ?? '';
    if (!(configuratorVersions as readonly string[]).includes(version)) {
      throw notFound(
        `Configurator API version "${version}" is not served; use ${configuratorVersions.join(' or ')}`,
        {version},
      );
    }
    await next();
  });

  app.get(`${prefix}/configurationmodels`, (c) =>
    c.json(configurator.models(languageFromQuery(queryString(c, 'lang'), defaultLanguage))),
  );

  /** Model-independent settings: languages, currency, quote fields. */
  app.get(`${prefix}/settings`, (c) =>
    c.json(serviceSettings(configurator, requestedLanguage(c, defaultLanguage) ?? defaultLanguage)),
  );

  app.get(`${prefix}/new/:featureModelName`, (c) => {
    searchbarFlag(c);
    queryBoolean(c, 'preview', false);
    return configurationResponse(
      c,
      configurator.start(c.req.param('featureModelName'), {
        lang: requestedLanguage(c, defaultLanguage),
        allowCode: true,
      }),
    );
  });

  app.get(`${prefix}/open/:configurationId`, (c) => {
    searchbarFlag(c);
    queryBoolean(c, 'ignoreConflicts', false);
    return configurationResponse(
      c,
      configurator.open(c.req.param('configurationId'), {
        lang: requestedLanguage(c, defaultLanguage),
      }),
    );
  });

  app.post(`${prefix}/copy/:code`, (c) => {
    const revision = queryInteger(c, 'revision', {min: 0, max: Number.MAX_SAFE_INTEGER});
    return c.json(frozenCopy(configurator, c.req.param('code'), revision), 201);
  });

  app.post(`${prefix}/updatelinkedconfigurationcardinality`, async (c) => {
    searchbarFlag(c);
    const body = readLinkedCardinality(await readJson(c.req.raw));
    return configurator.linkedCardinality(body.configurationId, body.parentNodeId);
  });

  const changeLanguageByBody = async (c: Context<AppEnv>) => {
    searchbarFlag(c);
    const body = readLanguageChange(await readJson(c.req.raw));
    const lang = languageForChange(body.languageIso, defaultLanguage);
    return configurationResponse(c, configurator.changeLanguage(body.configurationId, lang));
  };
  app.post(`${prefix}/changelanguage`, changeLanguageByBody);
  app.put(`${prefix}/changelanguage`, changeLanguageByBody);

  app.put(`${prefix}/addtoquotation`, async (c) => {
    const input = readAddToQuotation(await readJson(c.req.raw));
    return c.json(quotations.add(input));
  });

  app.post(`${prefix}/requestquote`, async (c) => {
    const input = readQuoteRequest(await readJson(c.req.raw));
    const key = readIdempotencyKey(c.req.header('idempotency-key'));
    return c.json(quotations.request(input, c.get('principal').userId, key));
  });

  app.put(`${prefix}/:id/text/multiple`, async (c) => {
    searchbarFlag(c);
    const compress = queryBoolean(c, 'compress', false);
    const effectsOf = queryGuid(c, 'effectsOf');
    const texts = readTextRequirements(await readJson(c.req.raw));
    return configurationResponse(
      c,
      configurator.setTexts(c.req.param('id'), texts, {compress, effectsOf}),
    );
  });

  app.put(`${prefix}/:id/text`, async (c) => {
    searchbarFlag(c);
    const compress = queryBoolean(c, 'compress', false);
    // An addition: the step whose options' price effects the answer carries (decision 109).
    const effectsOf = queryGuid(c, 'effectsOf');
    const text = readTextRequirement(await readJson(c.req.raw));
    return configurationResponse(
      c,
      configurator.setTexts(c.req.param('id'), [text], {compress, effectsOf}),
    );
  });

  app.put(`${prefix}/:id/changelanguage`, async (c) => {
    searchbarFlag(c);
    const lang = languageForChange(await readLanguageBody(c.req.raw), defaultLanguage);
    return configurationResponse(c, configurator.changeLanguage(c.req.param('id'), lang));
  });

  // The official client's spelling: the configuration in the path, the body without it.
  app.put(`${prefix}/:id/updatelinkedconfigurationcardinality`, async (c) => {
    searchbarFlag(c);
    const body = readLinkedCardinality(await readJson(c.req.raw), c.req.param('id'));
    return configurator.linkedCardinality(body.configurationId, body.parentNodeId);
  });

  app.get(`${prefix}/:id/image`, (c) => {
    const stepId = queryString(c, 'stepId');
    const size = queryInteger(c, 'size', {min: 16, max: 4096});
    const background = queryBoolean(c, 'background', true);
    // `c` is the client's cache buster: part of the URL, so nothing to read.
    const picture = configurator.image(c.req.param('id'), stepId);
    // The drawing's key is its validator: a cache that holds this URL's picture asks again
    // with it and gets a 304 without a body (nor an SVG made) while the configuration still
    // draws the same.
    const headers = {
      'Cache-Control': 'private, no-cache',
      ETag: `"${picture.key}"`,
      'X-Content-Type-Options': 'nosniff',
    };
    if (matchesEtag(c.req.header('If-None-Match'), headers.ETag)) {
      return c.body(null, 304, headers);
    }
    return c.body(picture.svg({size, background}), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      ...headers,
    });
  });

  app.put(`${prefix}/:id`, async (c) => {
    searchbarFlag(c);
    const ignoreConflicts = queryBoolean(c, 'ignoreConflicts', false);
    const compress = queryBoolean(c, 'compress', false);
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

/**
 * `includeSearchbarResults` is checked like every boolean; the models here have no searchbar
 * nodes, so it changes nothing in the answer.
 */
function searchbarFlag(c: Context<AppEnv>): boolean {
  return queryBoolean(c, 'includeSearchbarResults', true);
}
