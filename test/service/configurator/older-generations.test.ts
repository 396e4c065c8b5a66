import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {chair, chairNode, expectError, valueOf} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

describe('older generations over HTTP', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  describe('version segment 1 (older generation)', () => {
    test('lists models, starts by featureModelId, updates with ignoreConflicts', async () => {
      const models = await json<{featureModelId: string}[]>(
        await service.call('/configurator/1/configurator/configurationmodels'),
      );
      const featureModelId = models[0]!.featureModelId;
      const started = await service.call(`/configurator/1/configurator/new/${featureModelId}`);
      assert.equal(started.status, 200);
      const session = await json<Configuration>(started);
      assert.equal(session.featureModelId, featureModelId);
      const updated = await service.call(
        `/configurator/1/configurator/${session.id}?ignoreConflicts=false`,
        {
          method: 'PUT',
          json: {featureModelNodeId: chairNode('footring'), value: 1, isSelection: true},
        },
      );
      assert.equal(updated.status, 200);
      assert.equal(valueOf(await json<Configuration>(updated), chairNode('footring')), 1);
    });
  });

  describe('version segment 2', () => {
    test('GET /api/2/featuremodels leaves RootFeature out unless included', async () => {
      const plain = await json<Record<string, unknown>[]>(
        await service.call('/api/2/featuremodels'),
      );
      const model = plain.find((m) => m.id === chair().id);
      assert.ok(model);
      assert.equal(model.rootFeature, undefined);

      const included = await json<Record<string, unknown>[]>(
        await service.call('/api/2/featuremodels?include=RootFeature'),
      );
      const withRoot = included.find((m) => m.id === chair().id)!;
      const root = withRoot.rootFeature as Record<string, unknown>;
      assert.equal(root.name, 'Office Chair');
      assert.equal(root.price, 249);
      assert.match(String(root.imageUrl), /\.svg$/);
    });

    test('startnew and PUT with compress returns only the changed values', async () => {
      const started = await service.call(`/api/2/configurations/startnew/${chair().id}`);
      assert.equal(started.status, 200);
      const session = await json<Configuration>(started);
      const all = Object.keys(session.values).length;
      assert.ok(all > 10);

      const body = {
        featureModelNodeId: chairNode('upholstery-leather'),
        value: 1,
        isSelection: true,
      };
      const compressed = await json<Configuration>(
        await service.call(
          `/api/2/configurations/${session.id}?compress=true&ignoreConflicts=true`,
          {
            method: 'PUT',
            json: body,
          },
        ),
      );
      const changed = Object.keys(compressed.values);
      assert.ok(changed.length > 0 && changed.length < all, `${changed.length} of ${all}`);
      assert.equal(compressed.values[chairNode('upholstery-leather')], 1);
      assert.equal(compressed.values[chairNode('upholstery-fabric')], 0);
      // Leather excludes the mesh back, which was only a default: it gives way silently.
      assert.equal(compressed.values[chairNode('back-mesh')], 0);
      assert.equal(compressed.values[chairNode('frame-black')], undefined);

      const full = await json<Configuration>(
        await service.call(`/api/2/configurations/${session.id}?compress=false`, {
          method: 'PUT',
          json: {featureModelNodeId: chairNode('footring'), value: 1, isSelection: true},
        }),
      );
      assert.equal(Object.keys(full.values).length, all);
      await expectError(
        await service.call(`/api/2/configurations/${session.id}?compress=perhaps`, {
          method: 'PUT',
          json: body,
        }),
        400,
        'invalid_query',
      );
    });

    test('startnew answers an unknown model with 404', async () => {
      await expectError(
        await service.call('/api/2/configurations/startnew/00000000-0000-4000-8000-000000000000'),
        404,
        'not_found',
      );
    });
  });

  describe('GET /data/1/features', () => {
    test('lists every node of the models, flattened', async () => {
      const features = await json<Record<string, unknown>[]>(
        await service.call('/data/1/features'),
      );
      const ids = new Set(features.map((f) => f.id));
      assert.ok(ids.has(chairNode('headrest')));
      assert.ok(ids.has(chair().nodes[0]!.id), 'the root too');
      const headrest = features.find((f) => f.id === chairNode('headrest'))!;
      assert.equal(headrest.price, 55);
      assert.equal(headrest.featureModelId, chair().id);
      assert.equal(typeof headrest.featureId, 'string');
      const silver = features.find((f) => f.id === chairNode('frame-silver'))!;
      assert.equal(silver.articleCode, 'OC-FR-SI');
      assert.equal(silver.parentId, chairNode('frame-colour'));
    });

    test('is read-only: other methods are 405', async () => {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await service.call('/data/1/features', {method, json: {}});
        await expectError(response, 405, 'method_not_allowed');
        assert.match(response.headers.get('allow') ?? '', /GET/);
      }
    });
  });
});
