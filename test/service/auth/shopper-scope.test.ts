// What a `Service.Configurator` (shopper) token reaches, over real HTTP. The back-office side
// is enumerated from the app's own route table and entity models, so a route added later is
// checked here without anyone listing it; the shopper side is the list, written out.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {storedModels} from '../../../service/entities/index.js';
import type {Configuration, QuoteRequestResult} from '../../../src/wire/index.js';
import {chairNode, startChair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';
import {requestDemoToken} from '../../helpers/demo-token.js';

const customer = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'};
const challenge = 'Bearer error="insufficient_scope", scope="Service.Api"';

describe('a Service.Configurator token', () => {
  let service: RunningService;
  let shopper: string;
  let full: string;
  before(async () => {
    service = await startService();
    shopper = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
    full = (await requestDemoToken(service.url, 'Service.Api')).access_token;
  });
  after(() => service.close());

  const asShopper = (path: string, init: Parameters<RunningService['call']>[1] = {}) =>
    service.call(path, {...init, token: shopper});

  /** An office chair session (as the shopper) with its mandatory warranty answered. */
  const readyChair = async (): Promise<Configuration> => {
    const started = await asShopper('/api/3/configurator/new/Office%20Chair?lang=en');
    assert.equal(started.status, 200);
    const session = await json<Configuration>(started);
    const answered = await asShopper(`/api/3/configurator/${session.id}`, {
      method: 'PUT',
      json: {featureModelNodeId: chairNode('warranty-5'), value: 1, isSelection: true},
    });
    assert.equal(answered.status, 200);
    return json<Configuration>(answered);
  };

  describe('runs the whole shopper journey in every generation', () => {
    test('v3: start, update, change language', async () => {
      const session = await readyChair();
      assert.deepEqual(session.unansweredMandatories, []);
      const dutch = await asShopper(`/api/3/configurator/${session.id}/changelanguage`, {
        method: 'PUT',
        body: 'nl',
        headers: {'Content-Type': 'text/plain'},
      });
      assert.equal(dutch.status, 200);
      assert.equal((await json<Configuration>(dutch)).languageIso, 'nl');
    });

    test('v2: the models list, start, update (compressed)', async () => {
      const models = await asShopper('/api/2/featuremodels?include=RootFeature');
      assert.equal(models.status, 200);
      const [first] = await json<{id: string}[]>(models);
      assert.ok(first);
      const started = await asShopper(`/api/2/configurations/startnew/${first.id}`);
      assert.equal(started.status, 200);
      const session = await json<Configuration>(started);
      const updated = await asShopper(`/api/2/configurations/${session.id}?compress=true`, {
        method: 'PUT',
        json: {featureModelNodeId: chairNode('headrest'), value: 1, isSelection: true},
      });
      assert.equal(updated.status, 200);
    });

    for (const version of ['1', '3']) {
      const base = `/configurator/${version}/configurator`;
      test(`versioned ${version}: models, start, open by id and code, update, texts, language, image, quote`, async () => {
        const models = await asShopper(`${base}/configurationmodels?lang=de`);
        assert.equal(models.status, 200);
        assert.ok((await json<unknown[]>(models)).length > 0);

        const started = await asShopper(`${base}/new/Office%20Chair?lang=en`);
        assert.equal(started.status, 200);
        const session = await json<Configuration>(started);
        const byId = await asShopper(`${base}/open/${session.id}`);
        assert.equal(byId.status, 200);
        assert.equal((await json<Configuration>(byId)).id, session.id);
        const byCode = await asShopper(`${base}/open/${session.code}`);
        assert.equal(byCode.status, 200);
        assert.notEqual((await json<Configuration>(byCode)).id, session.id, 'a code copies');

        const put = (path: string, body: unknown) =>
          asShopper(`${base}/${path}`, {method: 'PUT', json: body});
        const warranty = {featureModelNodeId: chairNode('warranty-5'), value: 1, isSelection: true};
        assert.equal((await put(session.id, warranty)).status, 200);
        const engraving = {featureModelNodeId: chairNode('engraving'), value: 1, isSelection: true};
        assert.equal((await put(session.id, engraving)).status, 200);
        const text = {featureModelNodeId: chairNode('engraving-text'), textValue: 'Ada'};
        assert.equal((await put(`${session.id}/text`, text)).status, 200);
        assert.equal((await put(`${session.id}/text/multiple`, [text])).status, 200);
        assert.equal((await put(`${session.id}/changelanguage`, 'nl')).status, 200);
        const byBody = {configurationId: session.id, languageIso: 'de'};
        assert.equal((await put('changelanguage', byBody)).status, 200);
        const posted = await asShopper(`${base}/changelanguage`, {method: 'POST', json: byBody});
        assert.equal(posted.status, 200);

        const stepId = session.featureModel.steps[0]!.id;
        const image = await asShopper(`${base}/${session.id}/image?stepId=${stepId}&size=200`);
        assert.equal(image.status, 200);
        assert.match(image.headers.get('content-type') ?? '', /^image\/svg\+xml/);

        // No linked configurations in the sample models: refused on its merits, not the scope.
        const linked = await asShopper(`${base}/updatelinkedconfigurationcardinality`, {
          method: 'POST',
          json: {configurationId: session.id, cardinality: 1, parentNodeId: chairNode('headrest')},
        });
        assert.equal(linked.status, 400);
        assert.equal((await json(linked)).code, 'not_linked_configuration');

        const quote = await asShopper(`${base}/requestquote`, {
          method: 'POST',
          json: {quotationRequest: customer, configurationIds: [session.id]},
        });
        assert.equal(quote.status, 200);
        const result = await json<QuoteRequestResult>(quote);
        assert.match(result.quotationNumber ?? '', /^Q-\d{6}$/);
        // The number is the quotation's own, as the back office sees it.
        const stored = await service.call(`/api/2/quotations/${result.quotationId}`, {
          token: full,
        });
        assert.equal(stored.status, 200);
        assert.equal((await json(stored)).number, result.quotationNumber);
        // The shopper learns the reference, not the quotation.
        const own = await asShopper(`/api/2/quotations/${result.quotationId}`);
        assert.equal(own.status, 403);
      });
    }
  });

  test('is refused with 403 insufficient_scope and RFC 6750 challenge, CORS-readable', async () => {
    const response = await asShopper('/api/2/crmaccounts', {
      headers: {Origin: 'https://shop.example'},
    });
    assert.equal(response.status, 403);
    assert.equal(response.headers.get('www-authenticate'), challenge);
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/i);
    const body = await json(response);
    assert.equal(body.code, 'insufficient_scope');
    assert.match(String(body.message), /Service\.Api/);
  });

  test('cannot read customers or quotations, subscribe to webhooks or add to quotations', async () => {
    const session = await readyChair();
    const quote = await asShopper('/configurator/1/configurator/requestquote', {
      method: 'POST',
      json: {quotationRequest: customer, configurationIds: [session.id]},
    });
    const {quotationId} = await json<QuoteRequestResult>(quote);
    // The same reads with the seed's scope do answer data: the refusals below are the scope's.
    const accounts = await service.call('/api/2/crmaccounts', {token: full});
    assert.ok((await json<unknown[]>(accounts)).length > 0);

    for (const path of ['/api/2/crmaccounts', '/api/2/quotations', '/api/2/quotationlines']) {
      assert.equal((await asShopper(path)).status, 403, path);
    }
    const subscribe = await asShopper('/api/2/webhooks', {
      method: 'POST',
      json: {identifier: 'spy', topic: 'quotation.requested', callbackUrl: 'https://a.example/'},
    });
    assert.equal(subscribe.status, 403);
    const subscriptions = await service.call('/api/2/webhooks', {token: full});
    assert.deepEqual(await json(subscriptions), [], 'the refused subscription was not stored');
    const add = await asShopper('/configurator/3/configurator/addtoquotation', {
      method: 'PUT',
      json: {quotationId, configurationIds: [session.id]},
    });
    assert.equal(add.status, 403);
    const quotation = await service.call(`/api/2/quotations/${quotationId}?include=Lines`, {
      token: full,
    });
    assert.equal((await json<{lines: unknown[]}>(quotation)).lines.length, 1);
  });
});

/** `:param` placeholders of a registered route, filled with every value worth trying. */
function expand(path: string, sessionId: string): string[] {
  let paths = [path];
  const fill = (pattern: RegExp, values: readonly string[]) => {
    paths = paths.flatMap((p) =>
      pattern.test(p) ? values.map((v) => p.replace(pattern, v)) : [p],
    );
  };
  fill(/:version\b/, ['1', '3']);
  fill(/:model\b/, [...storedModels.map((model) => model.path), 'featuremodels']);
  // `:operation{submit|accept|verify}`: each alternative of the route's own pattern.
  for (const match of path.matchAll(/:\w+\{([^}]+)\}/g)) {
    fill(new RegExp(match[0].replace(/[{}|]/g, '\\$&')), match[1]!.split('|'));
  }
  while (paths.some((p) => /:\w+/.test(p))) fill(/:\w+/, [sessionId]);
  return paths;
}

describe('the route table, swept with both scopes', () => {
  let service: RunningService;
  let shopper: string;
  let full: string;
  let sessionId: string;
  before(async () => {
    service = await startService();
    shopper = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
    full = (await requestDemoToken(service.url, 'Service.Api')).access_token;
    sessionId = (await startChair(service)).id;
  });
  after(() => service.close());

  /** The shopper operations, concretely, for the values `expand` uses. */
  const shopperRequests = () => {
    const s = sessionId;
    const list = [
      `GET /api/3/configurator/new/${s}`,
      `PUT /api/3/configurator/${s}`,
      `PUT /api/3/configurator/${s}/changelanguage`,
      `GET /api/3/configurator/${s}/signed`,
      `POST /api/3/configurator/${s}/effects`,
      'GET /api/2/featuremodels',
      `GET /api/2/configurations/startnew/${s}`,
      `PUT /api/2/configurations/${s}`,
      `POST /api/2/configurations/${s}/requestquote`,
    ];
    for (const version of ['1', '3']) {
      const base = `/configurator/${version}/configurator`;
      list.push(
        `GET ${base}/configurationmodels`,
        `GET ${base}/settings`,
        `GET ${base}/new/${s}`,
        `GET ${base}/open/${s}`,
        `POST ${base}/copy/${s}`,
        `PUT ${base}/${s}`,
        `PUT ${base}/${s}/text`,
        `PUT ${base}/${s}/text/multiple`,
        `PUT ${base}/${s}/changelanguage`,
        `POST ${base}/changelanguage`,
        `PUT ${base}/changelanguage`,
        `GET ${base}/${s}/image`,
        `POST ${base}/updatelinkedconfigurationcardinality`,
        `PUT ${base}/${s}/updatelinkedconfigurationcardinality`,
        `POST ${base}/requestquote`,
      );
    }
    return new Set(list.map((request) => request.toLowerCase()));
  };
  const publicRequests = new Set(
    [
      'POST /connect/token',
      'POST /api/2/auth/serviceconnectlogin',
      'POST /api/2/auth/embedtoken',
      'GET /health',
      'GET /.well-known/jwks.json',
    ].map((r) => r.toLowerCase()),
  );

  /** Every (method, concrete path) the app registers, middleware aside. */
  const registered = () => {
    const requests = new Set<string>();
    for (const route of service.app.routes) {
      if (route.path.includes('*')) continue;
      const methods = route.method === 'ALL' ? ['GET', 'POST', 'PUT', 'DELETE'] : [route.method];
      for (const method of methods) {
        for (const path of expand(route.path, sessionId)) requests.add(`${method} ${path}`);
      }
    }
    return [...requests];
  };

  const send = (request: string, token: string) => {
    const [method, path] = request.split(' ') as [string, string];
    return service.call(path, {
      method,
      token,
      ...(method === 'GET' || method === 'DELETE' ? {} : {json: {}}),
    });
  };

  test('every back-office route refuses a shopper token, in any letter case; shopper routes do not', async () => {
    const shopperSet = shopperRequests();
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const request of registered()) {
      const key = request.toLowerCase();
      const isPublic = publicRequests.has(key) || key.startsWith('get /images/');
      const response = await send(request, shopper);
      await response.body?.cancel();
      if (shopperSet.has(key) || isPublic) {
        assert.notEqual(response.status, 403, `${request} is a shopper's operation`);
        allowed.push(request);
        continue;
      }
      assert.equal(response.status, 403, `${request} must need Service.Api`);
      assert.equal(response.headers.get('www-authenticate'), challenge, request);
      const [method, path] = request.split(' ') as [string, string];
      const shouted = await send(`${method} ${path.toUpperCase()}`, shopper);
      await shouted.body?.cancel();
      assert.equal(shouted.status, 403, `${method} ${path.toUpperCase()}`);
      refused.push(request);
    }
    // The sweep reached what the issue names, so it cannot pass by enumerating nothing.
    for (const example of [
      'GET /api/2/crmaccounts',
      'GET /api/2/quotations',
      'POST /api/2/webhooks',
    ]) {
      assert.ok(refused.includes(example), `${example} was swept`);
    }
    for (const model of storedModels) {
      for (const method of ['GET', 'POST', 'PUT']) {
        assert.ok(refused.includes(`${method} /api/2/${model.path}`), `${method} ${model.path}`);
      }
      assert.ok(refused.includes(`DELETE /api/2/${model.path}/${sessionId}`), model.path);
    }
    assert.ok(allowed.length >= 20, `shopper routes swept: ${allowed.length}`);
  });

  test('Service.Api still reaches every route', async () => {
    for (const request of registered()) {
      const response = await send(request, full);
      await response.body?.cancel();
      assert.notEqual(response.status, 403, request);
      assert.notEqual(response.status, 401, request);
    }
  });

  test('shopper paths are matched in any letter case and with a trailing slash', async () => {
    for (const [method, path] of [
      ['PUT', `/Configurator/1/Configurator/${sessionId.toUpperCase()}/ChangeLanguage`],
      ['PUT', `/API/3/CONFIGURATOR/${sessionId}/`],
      ['GET', '/configurator/3/configurator/ConfigurationModels'],
    ] as const) {
      const body = method === 'PUT' ? {json: 'nl'} : {};
      const response = await service.call(path, {method, ...body, token: shopper});
      await response.body?.cancel();
      assert.notEqual(response.status, 403, path);
    }
    // A fixed word where a session id belongs is not a session: addtoquotation stays closed.
    const add = await service.call('/configurator/1/configurator/AddToQuotation', {
      method: 'PUT',
      json: {},
      token: shopper,
    });
    assert.equal(add.status, 403);
  });
});
