// The paths and shapes the vendor's official client uses beside the seed's: routes in any letter
// case, the requestQuote, settings, language= and cardinality aliases, linkedConfigurationModels
// in every configuration, and one rule for languages the service lacks.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {EventPublisher} from '../../../service/events.js';
import type {QuotationLineRecord, QuotationRecord} from '../../../service/quotations/index.js';
import type {Configuration, QuoteRequestResult} from '../../../src/wire/index.js';
import {chair, chairNode, expectError, startChair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

type Served = Configuration & {linkedConfigurationModels: unknown[]};

const v1 = '/configurator/1/configurator';
const missing = '00000000-0000-4000-8000-000000000000';

describe('the official client paths over HTTP', () => {
  let service: RunningService;
  const published: string[] = [];
  const events: EventPublisher = {publish: (topic) => published.push(topic)};
  before(async () => (service = await startService({events})));
  after(() => service.close());

  const put = (path: string, body: unknown) => service.call(path, {method: 'PUT', json: body});
  const select = (id: string, key: string) =>
    put(`/api/3/configurator/${id}`, {
      featureModelNodeId: chairNode(key),
      value: 1,
      isSelection: true,
    });
  const readyChair = async () => {
    const session = await startChair(service);
    assert.equal((await select(session.id, 'warranty-5')).status, 200);
    return session;
  };

  describe('routes in any letter case', () => {
    test('fixed segments match in any case; the official spelling changeLanguage works', async () => {
      const session = await startChair(service);
      const response = await put(`${v1}/${session.id}/changeLanguage`, 'nl');
      assert.equal(response.status, 200);
      assert.equal((await json<Configuration>(response)).languageIso, 'nl');
      const shouting = await service.call('/API/3/CONFIGURATOR/NEW/Office%20Chair?LANG=de');
      assert.equal(shouting.status, 200);
      assert.equal((await json<Configuration>(shouting)).languageIso, 'de');
      const models = await service.call('/Configurator/3/Configurator/ConfigurationModels');
      assert.equal(models.status, 200);
      assert.ok(Array.isArray(await models.json()));
    });

    test('ids and codes are parameters: a GUID and a code match in any case', async () => {
      const session = await startChair(service);
      const upper = await service.call(`${v1}/open/${session.id.toUpperCase()}`);
      assert.equal((await json<Configuration>(upper)).id, session.id);
      const byCode = await service.call(`${v1}/OPEN/${session.code.toLowerCase()}`);
      assert.equal(byCode.status, 200);
      const copy = await json<Configuration>(byCode);
      assert.notEqual(copy.id, session.id);
      assert.match(copy.code, /^[A-Z]{8}$/);
    });

    test('a parameter that spells a fixed word is left as sent', async () => {
      // A webhook identifier is the subscriber's own text: case-sensitive, never folded.
      const created = await service.call('/api/2/webhooks', {
        method: 'POST',
        json: {
          identifier: 'New',
          topic: 'quotation.requested',
          callbackUrl: 'https://hooks.example/q',
        },
      });
      assert.equal(created.status, 201);
      assert.equal((await service.call('/API/2/Webhooks/New')).status, 200);
      await expectError(await service.call('/api/2/webhooks/new'), 404, 'not_found');
      // A model name matches in any case by the catalog's own rule, not by the router.
      assert.equal((await service.call(`${v1}/new/OFFICE%20CHAIR`)).status, 200);
    });

    test('a choice of fixed words in a route matches in any case', async () => {
      const session = await readyChair();
      const quote = await service.call(`${v1}/requestquote`, {
        method: 'POST',
        json: {quotationRequest: {}, configurationIds: [session.id]},
      });
      const {quotationId} = await json<QuoteRequestResult>(quote);
      const submitted = await service.call(`/api/2/Quotations/${quotationId}/Submit`, {
        method: 'POST',
      });
      assert.equal(submitted.status, 200, await submitted.clone().text());
    });

    test('unknown paths and versions stay 404 in any case', async () => {
      await expectError(await service.call('/API/3/Configurator/Nothing/here/x'), 404, 'not_found');
      const version = await expectError(
        await service.call('/Configurator/2/Configurator/New/Office%20Chair'),
        404,
        'not_found',
      );
      assert.match(version.message, /version "2"/);
    });
  });

  describe('linkedConfigurationModels', () => {
    test('is an empty list in every generation and operation', async () => {
      const answers: [string, Response][] = [];
      const started = await service.call('/api/3/configurator/new/Office%20Chair');
      const session = await json<Served>(started.clone());
      answers.push(['v3 new', started]);
      answers.push(['v3 update', await select(session.id, 'headrest')]);
      answers.push([
        'v3 changelanguage',
        await service.call(`/api/3/configurator/${session.id}/changelanguage`, {
          method: 'PUT',
          body: 'de',
        }),
      ]);
      answers.push([
        'v2 startnew',
        await service.call(`/api/2/configurations/startnew/${chair().id}`),
      ]);
      answers.push([
        'v2 update',
        await service.call(`/api/2/configurations/${session.id}?compress=true`, {
          method: 'PUT',
          json: {featureModelNodeId: chairNode('headrest'), value: 0, isSelection: true},
        }),
      ]);
      answers.push(['versioned new', await service.call(`${v1}/new/Office%20Chair`)]);
      answers.push(['versioned open', await service.call(`${v1}/open/${session.id}`)]);
      answers.push(['versioned open by code', await service.call(`${v1}/open/${session.code}`)]);
      answers.push([
        'versioned text',
        await put(`${v1}/${session.id}/text`, {
          featureModelNodeId: chairNode('engraving-text'),
          textValue: 'x',
        }),
      ]);
      for (const [name, response] of answers) {
        assert.equal(response.status, 200, name);
        assert.deepEqual((await json<Served>(response)).linkedConfigurationModels, [], name);
      }
    });
  });

  describe('POST /api/2/configurations/{id}/requestQuote', () => {
    test('takes the customer object itself and quotes the configuration in the path', async () => {
      const session = await readyChair();
      const before = published.length;
      const response = await service.call(`/api/2/configurations/${session.id}/requestQuote`, {
        method: 'POST',
        json: {firstName: 'Grace', email: 'grace@example.com', remarks: 'Blue, please'},
      });
      assert.equal(response.status, 200);
      const result = await json<QuoteRequestResult>(response);
      const quotation = service.store
        .collection<QuotationRecord>('quotations')
        .get(result.quotationId)!;
      assert.equal(quotation.status, 'requested');
      assert.equal(quotation.remarks, 'Blue, please');
      const lines = service.store
        .collection<QuotationLineRecord>('quotationlines')
        .list()
        .filter((line) => line.quotationId === result.quotationId);
      assert.deepEqual(
        lines.map((l) => [l.configurationId, l.quantity]),
        [[session.id, 1]],
      );
      assert.deepEqual(published.slice(before), ['quotation.requested']);
    });

    test('takes the seed shape, where configurationIds null means the path', async () => {
      const session = await readyChair();
      const path = `/api/2/configurations/${session.id}/requestquote`;
      const wrapped = await service.call(path, {
        method: 'POST',
        json: {
          quotationRequest: {lastName: 'Hopper'},
          configurationIds: null,
          quantities: {[session.id]: 3},
        },
      });
      assert.equal(wrapped.status, 200);
      const {quotationId} = await json<QuoteRequestResult>(wrapped);
      const line = service.store
        .collection<QuotationLineRecord>('quotationlines')
        .list()
        .find((l) => l.quotationId === quotationId);
      assert.equal(line?.quantity, 3);
      const other = await readyChair();
      const error = await expectError(
        await service.call(path, {
          method: 'POST',
          json: {quotationRequest: {}, configurationIds: [other.id]},
        }),
        400,
        'invalid_body',
      );
      assert.match(error.message, /configurationIds/);
    });

    test('refuses what requestquote refuses', async () => {
      const incomplete = await startChair(service);
      await expectError(
        await service.call(`/api/2/configurations/${incomplete.id}/requestQuote`, {
          method: 'POST',
          json: {},
        }),
        409,
        'configuration_incomplete',
      );
      await expectError(
        await service.call(`/api/2/configurations/${missing}/requestQuote`, {
          method: 'POST',
          json: {},
        }),
        404,
        'not_found',
      );
      const session = await readyChair();
      const bad = await expectError(
        await service.call(`/api/2/configurations/${session.id}/requestQuote`, {
          method: 'POST',
          json: {email: 'no-at-sign'},
        }),
        400,
        'invalid_body',
      );
      assert.match(bad.message, /body\.email/);
    });

    test('the versioned requestquote refuses configurationIds null in the seed terms', async () => {
      const error = await expectError(
        await service.call(`${v1}/requestquote`, {
          method: 'POST',
          json: {quotationRequest: {}, configurationIds: null},
        }),
        400,
        'invalid_body',
      );
      assert.match(error.message, /configurationIds is null or absent/);
      assert.match(error.message, /array of at least one configuration GUID/);
    });
  });

  describe('languages', () => {
    test('new takes ?language= beside ?lang=; lang wins; the text null is no language', async () => {
      const language = async (query: string) => {
        const response = await service.call(`${v1}/new/Office%20Chair?${query}`);
        assert.equal(response.status, 200, query);
        return (await json<Configuration>(response)).languageIso;
      };
      assert.equal(await language('language=nl'), 'nl');
      assert.equal(await language('Language=DE'), 'de');
      assert.equal(await language('lang=fr&language=nl'), 'fr');
      assert.equal(await language('language=null&preview=false'), 'en');
      const v3 = await service.call('/api/3/configurator/new/Office%20Chair?language=nl');
      assert.equal((await json<Configuration>(v3)).languageIso, 'nl');
      await expectError(
        await service.call(`${v1}/new/Office%20Chair?language=%3Cb%3E`),
        400,
        'invalid_query',
      );
    });

    test('an unsupported language gives English on new and on every changelanguage alike', async () => {
      const started = await service.call(`${v1}/new/Office%20Chair?lang=es`);
      assert.equal((await json<Configuration>(started)).languageIso, 'en');
      const session = await startChair(service, 'nl');
      const changes = [
        () =>
          service.call(`/api/3/configurator/${session.id}/changelanguage`, {
            method: 'PUT',
            body: 'es',
          }),
        () => put(`${v1}/${session.id}/changelanguage`, 'es'),
        () =>
          service.call(`${v1}/changelanguage`, {
            method: 'POST',
            json: {configurationId: session.id, languageIso: 'es'},
          }),
      ];
      for (const change of changes) {
        assert.equal((await put(`${v1}/${session.id}/changelanguage`, 'nl')).status, 200);
        const response = await change();
        assert.equal(response.status, 200);
        assert.equal((await json<Configuration>(response)).languageIso, 'en');
      }
      // Text that is no language code at all is refused in both places.
      await expectError(
        await service.call(`${v1}/new/Office%20Chair?lang=klingon`),
        400,
        'invalid_query',
      );
      await expectError(
        await put(`${v1}/${session.id}/changelanguage`, 'klingon'),
        400,
        'unsupported_language',
      );
    });
  });

  describe('GET settings', () => {
    test('answers languages, currency and quote fields in the asked language', async () => {
      const response = await service.call(`${v1}/settings?lang=nl`);
      assert.equal(response.status, 200);
      const settings = await json<{
        selectedLanguageIso: string;
        defaultLanguageIso: string;
        languages: {iso: string; name: string; englishName: string}[];
        currencyIso: string;
        currency: {symbol: string};
        requiredQuotationFields: string[];
        quotationFields: string[];
      }>(response);
      assert.equal(settings.selectedLanguageIso, 'nl');
      assert.equal(settings.defaultLanguageIso, 'en');
      assert.deepEqual(
        settings.languages.map((l) => [l.iso, l.name, l.englishName]),
        [
          ['en', 'Engels', 'English'],
          ['nl', 'Nederlands', 'Dutch'],
          ['de', 'Duits', 'German'],
          ['fr', 'Frans', 'French'],
        ],
      );
      assert.equal(settings.currencyIso, 'eur');
      assert.equal(settings.currency.symbol, '€');
      assert.deepEqual(settings.requiredQuotationFields, []);
      assert.ok(settings.quotationFields.includes('shipto_Email'));
      assert.ok(!settings.quotationFields.includes('grecaptcha'));
    });

    test('falls back like a start and refuses nonsense', async () => {
      const fallback = await json<{selectedLanguageIso: string}>(
        await service.call(`${v1}/settings?lang=es`),
      );
      assert.equal(fallback.selectedLanguageIso, 'en');
      await expectError(await service.call(`${v1}/settings?lang=%3C`), 400, 'invalid_query');
      await expectError(await service.call(`${v1}/settings`, {token: null}), 401, 'token_missing');
    });
  });

  describe('PUT {id}/updatelinkedconfigurationcardinality', () => {
    test('answers as the body form does, with the configuration from the path', async () => {
      const session = await startChair(service);
      const path = `${v1}/${session.id}/updatelinkedconfigurationcardinality`;
      const notLinked = await expectError(
        await put(path, {cardinality: 2, parentNodeId: chairNode('engraving')}),
        400,
        'not_linked_configuration',
      );
      assert.match(notLinked.message, /no linked configuration/);
      await expectError(
        await put(path, {cardinality: 2, parentNodeId: missing}),
        404,
        'unknown_node',
      );
      await expectError(
        await put(path, {
          configurationId: missing,
          cardinality: 2,
          parentNodeId: chairNode('headrest'),
        }),
        400,
        'invalid_body',
      );
      await expectError(
        await put(`${v1}/${missing}/updatelinkedconfigurationcardinality`, {
          cardinality: 1,
          parentNodeId: chairNode('headrest'),
        }),
        404,
        'not_found',
      );
      await expectError(
        await put(path, {cardinality: -1, parentNodeId: null}),
        400,
        'invalid_body',
      );
    });
  });
});
