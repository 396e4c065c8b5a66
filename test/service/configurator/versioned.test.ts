import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {
  chair,
  chairNode,
  expectError,
  startChair,
  valueOf,
} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const missing = '00000000-0000-4000-8000-000000000000';

describe('versioned configurator API over HTTP', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  const get = async (path: string) => service.call(path);
  const put = (path: string, body: unknown) => service.call(path, {method: 'PUT', json: body});

  for (const version of ['1', '3']) {
    const base = `/configurator/${version}/configurator`;

    describe(`version ${version}`, () => {
      test('lists the configuration models in a language', async () => {
        const response = await get(`${base}/configurationmodels?lang=nl`);
        assert.equal(response.status, 200);
        const models = await json<Record<string, unknown>[]>(response);
        const officeChair = models.find((m) => m.featureModelId === chair().id);
        assert.ok(officeChair, JSON.stringify(models).slice(0, 300));
        assert.equal(officeChair.name, 'Bureaustoel');
        assert.equal(officeChair.price, 249);
        assert.equal(typeof officeChair.priceLabel, 'string');
        assert.match(String(officeChair.imageUrl), /^\/images\/.+\.svg$/);
        assert.equal(typeof officeChair.description, 'string');
      });

      test('starts new by name, by model id, and from a code (a copy)', async () => {
        const byName = await json<Configuration>(await get(`${base}/new/Office%20Chair?lang=de`));
        assert.equal(byName.languageIso, 'de');
        const byId = await json<Configuration>(await get(`${base}/new/${chair().id}`));
        assert.equal(byId.featureModelId, chair().id);

        const changed = await json<Configuration>(
          await put(`${base}/${byId.id}`, {
            featureModelNodeId: chairNode('base-oak'),
            value: 1,
            isSelection: true,
          }),
        );
        const copy = await json<Configuration>(await get(`${base}/new/${byId.code.toLowerCase()}`));
        assert.notEqual(copy.id, byId.id);
        assert.notEqual(copy.code, byId.code);
        assert.equal(valueOf(copy, chairNode('base-oak')), 1);
        assert.equal(copy.totalPriceExVAT, changed.totalPriceExVAT);
      });

      test('accepts preview and includeSearchbarResults, and checks them', async () => {
        const ok = await get(
          `${base}/new/Office%20Chair?preview=false&includeSearchbarResults=true`,
        );
        assert.equal(ok.status, 200);
        await expectError(
          await get(`${base}/new/Office%20Chair?preview=maybe`),
          400,
          'invalid_query',
        );
        await expectError(
          await get(`${base}/new/Office%20Chair?includeSearchbarResults=2`),
          400,
          'invalid_query',
        );
      });

      test('answers an unknown model or code with 404', async () => {
        await expectError(await get(`${base}/new/Sofa`), 404, 'not_found');
        await expectError(await get(`${base}/new/ZZZZZZZZ`), 404, 'not_found');
      });

      test('open by id returns the session itself; by code a copy that leaves the original alone', async () => {
        const original = await startChair(service);
        const opened = await json<Configuration>(await get(`${base}/open/${original.id}`));
        assert.equal(opened.id, original.id);
        assert.equal(opened.code, original.code);

        const copy = await json<Configuration>(await get(`${base}/open/${original.code}?lang=nl`));
        assert.notEqual(copy.id, original.id);
        assert.equal(copy.languageIso, 'nl');
        const update = await put(`${base}/${copy.id}`, {
          featureModelNodeId: chairNode('footring'),
          value: 1,
          isSelection: true,
        });
        assert.equal(valueOf(await json<Configuration>(update), chairNode('footring')), 1);
        const untouched = await json<Configuration>(await get(`${base}/open/${original.id}`));
        assert.equal(valueOf(untouched, chairNode('footring')), 0);
      });

      test('open with lang switches the session language', async () => {
        const session = await startChair(service);
        const dutch = await json<Configuration>(await get(`${base}/open/${session.id}?lang=nl`));
        assert.equal(dutch.id, session.id);
        assert.equal(dutch.languageIso, 'nl');
      });

      test('open answers unknown ids and codes with 404 and bad flags with 400', async () => {
        await expectError(await get(`${base}/open/${missing}`), 404, 'not_found');
        await expectError(await get(`${base}/open/ABCDEFGH`), 404, 'not_found');
        await expectError(await get(`${base}/open/x`), 404, 'not_found');
        const session = await startChair(service);
        await expectError(
          await get(`${base}/open/${session.id}?ignoreConflicts=nope`),
          400,
          'invalid_query',
        );
      });

      test('PUT {configurationId} applies a requirement, with the conflict protocol', async () => {
        const session = await startChair(service);
        const coat = await put(`${base}/${session.id}`, {
          featureModelNodeId: chairNode('coat-hanger'),
          value: 1,
          isSelection: true,
        });
        assert.equal(valueOf(await json<Configuration>(coat), chairNode('coat-hanger')), 1);
        const headrest = {featureModelNodeId: chairNode('headrest'), value: 1, isSelection: true};
        const refused = await json<Configuration>(await put(`${base}/${session.id}`, headrest));
        assert.ok(refused.conflicts?.some((c) => c.feature.id === chairNode('coat-hanger')));
        assert.equal(valueOf(refused, chairNode('headrest')), 0);
        const accepted = await json<Configuration>(
          await put(
            `${base}/${session.id}?ignoreConflicts=1&includeSearchbarResults=false`,
            headrest,
          ),
        );
        assert.equal(accepted.conflicts, null);
        assert.equal(valueOf(accepted, chairNode('headrest')), 1);
        assert.equal(valueOf(accepted, chairNode('coat-hanger')), 0);
      });

      test('PUT {id}/text sets a text (switching its option on) and null clears it', async () => {
        const session = await startChair(service);
        const response = await put(`${base}/${session.id}/text`, {
          FeatureModelNodeId: chairNode('engraving-text'),
          TextValue: 'Ada <Lovelace>',
        });
        assert.equal(response.status, 200);
        const withText = await json<Configuration>(response);
        assert.equal(withText.textValues[chairNode('engraving-text')], 'Ada <Lovelace>');
        assert.equal(valueOf(withText, chairNode('engraving')), 1);
        const cleared = await json<Configuration>(
          await put(`${base}/${session.id}/text`, {
            featureModelNodeId: chairNode('engraving-text'),
            textValue: null,
          }),
        );
        assert.equal(cleared.textValues[chairNode('engraving-text')], undefined);
      });

      test('PUT {id}/text answers bad input with 4xx', async () => {
        const session = await startChair(service);
        await expectError(
          await put(`${base}/${session.id}/text`, {
            featureModelNodeId: chairNode('engraving-text'),
            textValue: 5,
          }),
          400,
          'invalid_body',
        );
        await expectError(
          await put(`${base}/${session.id}/text`, {
            featureModelNodeId: chairNode('footring'),
            textValue: 'x',
          }),
          400,
          'not_a_text_node',
        );
        await expectError(
          await put(`${base}/${session.id}/text`, {featureModelNodeId: missing, textValue: 'x'}),
          404,
          'unknown_node',
        );
        await expectError(
          await put(`${base}/${missing}/text`, {
            featureModelNodeId: chairNode('engraving-text'),
            textValue: 'x',
          }),
          404,
          'not_found',
        );
      });

      test('PUT {id}/text/multiple sets all or none', async () => {
        const session = await startChair(service);
        const ok = await put(`${base}/${session.id}/text/multiple`, [
          {featureModelNodeId: chairNode('engraving-text'), textValue: 'First'},
          {featureModelNodeId: chairNode('engraving-text'), textValue: 'Second'},
        ]);
        assert.equal(ok.status, 200);
        assert.equal(
          (await json<Configuration>(ok)).textValues[chairNode('engraving-text')],
          'Second',
        );
        const failed = await put(`${base}/${session.id}/text/multiple`, [
          {featureModelNodeId: chairNode('engraving-text'), textValue: 'Third'},
          {featureModelNodeId: chairNode('footring'), textValue: 'nope'},
        ]);
        await expectError(failed, 400, 'not_a_text_node');
        const reopened = await json<Configuration>(await get(`${base}/open/${session.id}`));
        assert.equal(reopened.textValues[chairNode('engraving-text')], 'Second');
        const notArray = await put(`${base}/${session.id}/text/multiple`, {textValue: 'x'});
        const error = await expectError(notArray, 400, 'invalid_body');
        assert.match(error.message, /array/);
        const badItem = await put(`${base}/${session.id}/text/multiple`, [{featureModelNodeId: 1}]);
        assert.match((await expectError(badItem, 400, 'invalid_body')).message, /body\[0\]/);
      });

      test('PUT {id}/changelanguage takes a JSON string', async () => {
        const session = await startChair(service);
        const response = await put(`${base}/${session.id}/changelanguage`, 'nl');
        assert.equal(response.status, 200);
        const dutch = await json<Configuration>(response);
        assert.equal(dutch.languageIso, 'nl');
        assert.equal(dutch.featureModel.steps[1]!.title, 'Zitting & rug');
        await expectError(
          await put(`${base}/${session.id}/changelanguage`, 'klingon'),
          400,
          'unsupported_language',
        );
        await expectError(
          await put(`${base}/${session.id}/changelanguage`, {lang: 'nl'}),
          400,
          'invalid_body',
        );
      });

      for (const method of ['POST', 'PUT']) {
        test(`${method} changelanguage takes {configurationId, languageIso}`, async () => {
          const session = await startChair(service);
          const response = await service.call(`${base}/changelanguage`, {
            method,
            json: {ConfigurationId: session.id, LanguageIso: 'de'},
          });
          assert.equal(response.status, 200);
          const german = await json<Configuration>(response);
          assert.equal(german.id, session.id);
          assert.equal(german.languageIso, 'de');
          const unknown = await service.call(`${base}/changelanguage`, {
            method,
            json: {configurationId: missing, languageIso: 'de'},
          });
          await expectError(unknown, 404, 'not_found');
          const wrong = await service.call(`${base}/changelanguage`, {
            method,
            json: {configurationId: session.id, languageIso: 7},
          });
          await expectError(wrong, 400, 'invalid_body');
        });
      }

      test('GET {id}/image answers an SVG of the configuration', async () => {
        const session = await startChair(service);
        const stepId = session.featureModel.steps[0]!.id;
        const response = await get(
          `${base}/${session.id}/image?stepId=${stepId}&size=200&background=false&c=123`,
        );
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
        const svg = await response.text();
        assert.match(svg, /^<svg[^>]*width="200"/);
        assert.doesNotMatch(svg, /<rect width="400" height="400" fill="#fff"\/>/);
        const withBackground = await (await get(`${base}/${session.id}/image`)).text();
        assert.match(withBackground, /fill="#fff"/);

        await expectError(await get(`${base}/${session.id}/image?size=big`), 400, 'invalid_query');
        await expectError(
          await get(`${base}/${session.id}/image?stepId=${missing}`),
          404,
          'unknown_step',
        );
        await expectError(await get(`${base}/${missing}/image`), 404, 'not_found');
      });

      test('the image follows the configuration', async () => {
        const session = await startChair(service);
        const before = await (await get(`${base}/${session.id}/image`)).text();
        await put(`${base}/${session.id}`, {
          featureModelNodeId: chairNode('headrest'),
          value: 1,
          isSelection: true,
        });
        const after = await (await get(`${base}/${session.id}/image`)).text();
        assert.notEqual(after, before);
      });

      test('updatelinkedconfigurationcardinality validates and answers honestly', async () => {
        const session = await startChair(service);
        const post = (body: unknown) =>
          service.call(`${base}/updatelinkedconfigurationcardinality`, {
            method: 'POST',
            json: body,
          });
        await expectError(
          await post({
            configurationId: session.id,
            cardinality: 'two',
            parentNodeId: chairNode('extras'),
          }),
          400,
          'invalid_body',
        );
        await expectError(
          await post({
            configurationId: session.id,
            cardinality: -1,
            parentNodeId: chairNode('extras'),
          }),
          400,
          'invalid_body',
        );
        await expectError(
          await post({configurationId: missing, cardinality: 2, parentNodeId: chairNode('extras')}),
          404,
          'not_found',
        );
        await expectError(
          await post({configurationId: session.id, cardinality: 2, parentNodeId: missing}),
          404,
          'unknown_node',
        );
        await expectError(
          await post({
            configurationId: session.id,
            cardinality: 2,
            parentNodeId: chairNode('extras'),
          }),
          400,
          'not_linked_configuration',
        );
      });
    });
  }

  test('other versions answer 404 with a clear message', async () => {
    const error = await expectError(
      await service.call('/configurator/2/configurator/configurationmodels'),
      404,
      'not_found',
    );
    assert.match(error.message, /version "2".*1 or 3/);
  });
});
