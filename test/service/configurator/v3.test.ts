import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {
  chair,
  chairNode,
  expectError,
  putRequirement,
  startChair,
  valueOf,
} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

describe('v3 configurator over HTTP', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  describe('GET /api/3/configurator/new/{IDENTIFIER}', () => {
    test('starts by root feature name, URL-decoded and in any letter case', async () => {
      for (const name of ['Office%20Chair', 'office%20chair', 'OFFICE%20CHAIR']) {
        const response = await service.call(`/api/3/configurator/new/${name}`);
        assert.equal(response.status, 200, name);
        const configuration = await json<Configuration>(response);
        assert.equal(configuration.featureModelId, chair().id);
        assert.equal(configuration.featureModel.name, 'Office Chair');
        assert.equal(configuration.languageIso, 'en');
        assert.match(configuration.id, /^[0-9a-f-]{36}$/);
        assert.match(configuration.code, /^[A-Z]{8}$/);
        assert.equal(configuration.conflicts, null);
      }
    });

    test('starts by model GUID and in the language asked for', async () => {
      const response = await service.call(`/api/3/configurator/new/${chair().id}?lang=nl`);
      assert.equal(response.status, 200);
      const configuration = await json<Configuration>(response);
      assert.equal(configuration.languageIso, 'nl');
      assert.equal(configuration.featureModel.steps[0]!.title, 'Frame & voet');
    });

    test('each start is a new session', async () => {
      const first = await startChair(service);
      const second = await startChair(service);
      assert.notEqual(first.id, second.id);
      assert.notEqual(first.code, second.code);
    });

    test('answers an unknown model with 404 not_found', async () => {
      await expectError(await service.call('/api/3/configurator/new/Sofa'), 404, 'not_found');
      await expectError(
        await service.call('/api/3/configurator/new/00000000-0000-4000-8000-000000000000'),
        404,
        'not_found',
      );
    });

    test('falls back to English for a language the service lacks', async () => {
      const response = await service.call('/api/3/configurator/new/Office%20Chair?lang=es');
      assert.equal(response.status, 200);
      assert.equal((await json<Configuration>(response)).languageIso, 'en');
    });

    test('answers a malformed lang with 400 invalid_query', async () => {
      const response = await service.call('/api/3/configurator/new/Office%20Chair?lang=%3Cscript');
      await expectError(response, 400, 'invalid_query');
    });

    test('keeps sessions in the store', async () => {
      const configuration = await startChair(service);
      const record = service.store
        .collection<{id: string; code: string}>('sessions')
        .get(configuration.id);
      assert.equal(record?.code, configuration.code);
    });
  });

  describe('prices', () => {
    test('total is base plus additional, incl. and excl. VAT, with labels', async () => {
      const start = await startChair(service);
      assert.equal(start.basePriceExVAT, 249);
      assert.equal(start.totalPriceExVAT, start.basePriceExVAT + start.additionalPriceExVAT);
      assert.equal(
        Math.round(start.totalPriceIncVAT * 100),
        Math.round((start.basePriceIncVAT + start.additionalPriceIncVAT) * 100),
      );
      assert.equal(start.totalPriceIncVAT, Math.round(start.totalPriceExVAT * 121) / 100);
      assert.equal(start.currencyIso, 'eur');
      assert.match(start.totalPriceLabel, /€/);

      const silver = await putRequirement(service, start.id, {
        featureModelNodeId: chairNode('frame-silver'),
        value: 1,
        isSelection: true,
      });
      assert.equal(silver.status, 200);
      const after = await json<Configuration>(silver);
      assert.equal(after.additionalPriceExVAT, start.additionalPriceExVAT + 35);
      assert.equal(after.totalPriceExVAT, start.totalPriceExVAT + 35);

      const castors = await putRequirement(service, start.id, {
        featureModelNodeId: chairNode('spare-castors'),
        value: 3,
        isSelection: false,
      });
      const withCastors = await json<Configuration>(castors);
      assert.equal(withCastors.totalPriceExVAT, after.totalPriceExVAT + 3 * 6);
    });
  });

  describe('PUT /api/3/configurator/{CONFIGURATION_ID}', () => {
    let session: Configuration;
    before(async () => (session = await startChair(service)));

    test('reads the seed casing, camelCase and lowercase alike', async () => {
      const bodies = [
        {FeatureModelNodeId: chairNode('frame-white'), Value: 1, IsSelection: true},
        {featureModelNodeId: chairNode('frame-graphite'), value: 1, isSelection: true},
        {featuremodelnodeid: chairNode('frame-silver'), value: 1, isselection: true},
      ];
      for (const body of bodies) {
        const response = await putRequirement(service, session.id, body);
        assert.equal(response.status, 200, JSON.stringify(body));
        const configuration = await json<Configuration>(response);
        const id = Object.entries(body).find(
          ([key]) => key.toLowerCase() === 'featuremodelnodeid',
        )![1];
        assert.equal(valueOf(configuration, String(id)), 1);
      }
    });

    test('rounds a number to the step of its input', async () => {
      const response = await putRequirement(service, session.id, {
        featureModelNodeId: chairNode('seat-width'),
        value: 49,
        isSelection: false,
      });
      assert.equal(response.status, 200);
      assert.equal(valueOf(await json<Configuration>(response), chairNode('seat-width')), 50);
      const low = await putRequirement(service, session.id, {
        featureModelNodeId: chairNode('seat-width'),
        value: 44.9,
        isSelection: false,
      });
      assert.equal(valueOf(await json<Configuration>(low), chairNode('seat-width')), 44);
    });

    test('answers a number out of range with a value conflict, applied only when accepted', async () => {
      const requirement = {
        featureModelNodeId: chairNode('seat-width'),
        value: 70,
        isSelection: false,
      };
      const refused = await json<Configuration>(
        await putRequirement(service, session.id, requirement),
      );
      assert.ok(refused.conflicts && refused.conflicts.length > 0);
      assert.equal(refused.conflicts[0]!.type, 3);
      assert.equal(refused.conflicts[0]!.requestedValue, 56);
      assert.notEqual(valueOf(refused, chairNode('seat-width')), 56);
      const accepted = await json<Configuration>(
        await putRequirement(service, session.id, requirement, '?ignoreConflicts=true'),
      );
      assert.equal(accepted.conflicts, null);
      assert.equal(valueOf(accepted, chairNode('seat-width')), 56);
    });

    test('conflict protocol: answered and not applied; ignoreConflicts applies', async () => {
      const fresh = await startChair(service);
      const standard = await putRequirement(service, fresh.id, {
        featureModelNodeId: chairNode('back-standard'),
        value: 1,
        isSelection: true,
      });
      assert.equal(standard.status, 200);
      const headrest = {featureModelNodeId: chairNode('headrest'), value: 1, isSelection: true};

      const conflicted = await putRequirement(
        service,
        fresh.id,
        headrest,
        '?ignoreConflicts=false',
      );
      assert.equal(conflicted.status, 200);
      const refused = await json<Configuration>(conflicted);
      assert.ok(refused.conflicts && refused.conflicts.length > 0, 'conflicts are reported');
      const backConflict = refused.conflicts.find(
        (c) => c.feature.id === chairNode('back-standard'),
      );
      assert.ok(backConflict, JSON.stringify(refused.conflicts));
      assert.deepEqual(
        backConflict.alternativeOptions.map((o) => o.id),
        [chairNode('back-high')],
      );
      assert.equal(valueOf(refused, chairNode('headrest')), 0, 'not applied');
      assert.equal(valueOf(refused, chairNode('back-standard')), 1);

      // The refusal changed nothing on the service either.
      const reopened = await json<Configuration>(
        await service.call(`/configurator/3/configurator/open/${fresh.id}`),
      );
      assert.equal(valueOf(reopened, chairNode('headrest')), 0);

      const accepted = await json<Configuration>(
        await putRequirement(service, fresh.id, headrest, '?ignoreConflicts=true'),
      );
      assert.equal(accepted.conflicts, null);
      assert.equal(valueOf(accepted, chairNode('headrest')), 1);
      assert.equal(valueOf(accepted, chairNode('back-high')), 1);
      assert.equal(valueOf(accepted, chairNode('back-standard')), 0);
    });

    test('accepts ignoreConflicts as true|false|1|0 and rejects anything else', async () => {
      const body = {featureModelNodeId: chairNode('footring'), value: 1, isSelection: true};
      for (const flag of ['true', 'false', '1', '0', 'TRUE']) {
        const response = await putRequirement(
          service,
          session.id,
          body,
          `?ignoreConflicts=${flag}`,
        );
        assert.equal(response.status, 200, flag);
      }
      await expectError(
        await putRequirement(service, session.id, body, '?ignoreConflicts=yes'),
        400,
        'invalid_query',
      );
    });

    test('answers malformed JSON with 400 malformed_body', async () => {
      const response = await service.call(`/api/3/configurator/${session.id}`, {
        method: 'PUT',
        headers: {'Content-Type': 'application/json'},
        body: '{"featureModelNodeId": ',
      });
      await expectError(response, 400, 'malformed_body');
    });

    test('answers wrong types with 400 invalid_body naming the field', async () => {
      const cases: [unknown, RegExp][] = [
        [{featureModelNodeId: chairNode('footring'), value: '1', isSelection: true}, /value/],
        [{featureModelNodeId: chairNode('footring'), value: 1, isSelection: 'yes'}, /isSelection/],
        [{featureModelNodeId: 'footring', value: 1}, /featureModelNodeId/],
        [{value: 1}, /featureModelNodeId/],
        [[1, 2], /object/],
        ['text', /object/],
      ];
      for (const [body, field] of cases) {
        const error = await expectError(
          await putRequirement(service, session.id, body),
          400,
          'invalid_body',
        );
        assert.match(error.message, field, JSON.stringify(body));
      }
    });

    test('answers another content type with 415', async () => {
      const response = await service.call(`/api/3/configurator/${session.id}`, {
        method: 'PUT',
        headers: {'Content-Type': 'application/x-www-form-urlencoded'},
        body: 'value=1',
      });
      await expectError(response, 415, 'unsupported_media_type');
    });

    test('answers a body over 1 MB with 413', async () => {
      const response = await service.call(`/api/3/configurator/${session.id}`, {
        method: 'PUT',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({padding: 'x'.repeat(1024 * 1024)}),
      });
      await expectError(response, 413, 'payload_too_large');
    });

    test('answers an unknown session with 404 not_found, GUID or not', async () => {
      const body = {featureModelNodeId: chairNode('footring'), value: 1, isSelection: true};
      await expectError(
        await putRequirement(service, '00000000-0000-4000-8000-000000000000', body),
        404,
        'not_found',
      );
      await expectError(await putRequirement(service, 'not-a-guid', body), 404, 'not_found');
    });

    test('answers an unknown node with 404 unknown_node', async () => {
      const response = await putRequirement(service, session.id, {
        featureModelNodeId: '00000000-0000-4000-8000-000000000000',
        value: 1,
        isSelection: true,
      });
      await expectError(response, 404, 'unknown_node');
    });

    test('answers a value for a text input with 400 from the engine', async () => {
      const response = await putRequirement(service, session.id, {
        featureModelNodeId: chairNode('engraving-text'),
        value: 1,
        isSelection: true,
      });
      await expectError(response, 400, 'text_node_needs_text');
    });

    test('answers switching off a mandatory part with 400 invalid_value', async () => {
      const response = await putRequirement(service, session.id, {
        featureModelNodeId: chairNode('frame-colour'),
        value: 0,
        isSelection: true,
      });
      await expectError(response, 400, 'invalid_value');
    });
  });

  describe('PUT /api/3/configurator/{CONFIGURATION_ID}/changelanguage', () => {
    test('a plain-text body changes texts and labels', async () => {
      const english = await startChair(service);
      const response = await service.call(`/api/3/configurator/${english.id}/changelanguage`, {
        method: 'PUT',
        headers: {'Content-Type': 'text/plain'},
        body: 'nl',
      });
      assert.equal(response.status, 200);
      const dutch = await json<Configuration>(response);
      assert.equal(dutch.id, english.id);
      assert.equal(dutch.languageIso, 'nl');
      assert.equal(dutch.featureModel.steps[0]!.title, 'Frame & voet');
      assert.notEqual(dutch.featureModel.steps[0]!.title, english.featureModel.steps[0]!.title);
      assert.notEqual(dutch.totalPriceLabel, english.totalPriceLabel);
      assert.match(dutch.totalPriceLabel, /,\d\d$/);
      assert.equal(dutch.totalPriceExVAT, english.totalPriceExVAT);
      // The session keeps the language.
      const update = await putRequirement(service, english.id, {
        featureModelNodeId: chairNode('footring'),
        value: 1,
        isSelection: true,
      });
      assert.equal((await json<Configuration>(update)).languageIso, 'nl');
    });

    test('tolerates a JSON string body', async () => {
      const session = await startChair(service);
      const response = await service.call(`/api/3/configurator/${session.id}/changelanguage`, {
        method: 'PUT',
        json: 'de',
      });
      assert.equal(response.status, 200);
      const german = await json<Configuration>(response);
      assert.equal(german.languageIso, 'de');
      assert.equal(german.featureModel.steps[0]!.title, 'Rahmen & Fuß');
    });

    test('answers an unsupported language as a start does, in English; a malformed one with 400', async () => {
      const session = await startChair(service, 'nl');
      const put = (body: string) =>
        service.call(`/api/3/configurator/${session.id}/changelanguage`, {
          method: 'PUT',
          headers: {'Content-Type': 'text/plain'},
          body,
        });
      const fallback = await put('xx');
      assert.equal(fallback.status, 200);
      assert.equal((await json<Configuration>(fallback)).languageIso, 'en');
      await expectError(await put('not a language'), 400, 'unsupported_language');
      await expectError(await put(''), 400, 'invalid_body');
    });

    test('answers an unknown session with 404', async () => {
      const response = await service.call(
        '/api/3/configurator/00000000-0000-4000-8000-000000000000/changelanguage',
        {method: 'PUT', body: 'nl'},
      );
      await expectError(response, 404, 'not_found');
    });
  });
});
