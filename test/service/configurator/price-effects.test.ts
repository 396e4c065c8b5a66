import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {nodeIdByKey} from '../../../service/engine/index.js';
import {sampleModels} from '../../../service/models/index.js';
import type {Configuration} from '../../../src/wire/index.js';
import {expectError, putRequirement} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const bike = () => sampleModels().find((model) => model.key === 'e-bike')!;
const bikeNode = (key: string) => nodeIdByKey(bike(), key);

interface Effect {
  featureModelNodeId: string;
  totalPriceExVAT: number;
  totalPriceIncVAT: number;
  conflicts: boolean;
}

describe('POST /api/3/configurator/{id}/effects', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  const startBike = async () =>
    json<Configuration>(await service.call('/api/3/configurator/new/E-Bike'));
  const effects = (id: string, body: unknown) =>
    service.call(`/api/3/configurator/${id}/effects`, {method: 'POST', json: body});

  test('answers the totals each choice would give, as applying it gives them, and saves nothing', async () => {
    const start = await startBike();
    // The second battery requires the mid motor: choosing it brings the motor along.
    const asked = [
      {featureModelNodeId: bikeNode('second-battery'), value: 1, isSelection: true},
      {featureModelNodeId: bikeNode('motor-mid'), value: 1, isSelection: true},
    ];
    const response = await effects(start.id, asked);
    assert.equal(response.status, 200);
    const body = await json<{effects: Effect[]}>(response);
    assert.equal(body.effects.length, 2);
    // The session did not change.
    const reopened = await json<Configuration>(
      await service.call(`/api/3/configurator/${start.id}`, {
        method: 'PUT',
        json: {featureModelNodeId: bikeNode('motor-hub'), value: 1, isSelection: true},
      }),
    );
    assert.equal(reopened.totalPriceIncVAT, start.totalPriceIncVAT);
    // Each effect equals the totals the update itself answers.
    for (const [i, requirement] of asked.entries()) {
      const fresh = await startBike();
      const applied = await json<Configuration>(
        await putRequirement(service, fresh.id, requirement),
      );
      assert.equal(body.effects[i]!.totalPriceIncVAT, applied.totalPriceIncVAT);
      assert.equal(body.effects[i]!.totalPriceExVAT, applied.totalPriceExVAT);
      assert.equal(body.effects[i]!.conflicts, false);
    }
    assert.ok(body.effects[0]!.totalPriceExVAT - start.totalPriceExVAT > 549);
  });

  test('a choice that conflicts is priced as accepting it would be, and says so', async () => {
    const start = await startBike();
    await putRequirement(service, start.id, {
      featureModelNodeId: bikeNode('motor-hub'),
      value: 1,
      isSelection: true,
    });
    const requirement = {
      featureModelNodeId: bikeNode('second-battery'),
      value: 1,
      isSelection: true,
    };
    const [effect] = (await json<{effects: Effect[]}>(await effects(start.id, [requirement])))
      .effects;
    assert.equal(effect!.conflicts, true);
    const accepted = await json<Configuration>(
      await putRequirement(service, start.id, requirement, '?ignoreConflicts=true'),
    );
    assert.equal(effect!.totalPriceIncVAT, accepted.totalPriceIncVAT);
  });

  test('a refused requirement has no effect (null); bad bodies are 4xx with a code', async () => {
    const start = await startBike();
    const unknown = {
      featureModelNodeId: '00000000-0000-4000-8000-000000000000',
      value: 1,
      isSelection: true,
    };
    const body = await json<{effects: (Effect | null)[]}>(await effects(start.id, [unknown]));
    assert.deepEqual(body.effects, [null]);
    await expectError(await effects(start.id, {featureModelNodeId: 'x'}), 400, 'invalid_body');
    await expectError(await effects(start.id, [{value: 1}]), 400, 'invalid_body');
    const many = Array.from({length: 201}, () => unknown);
    await expectError(await effects(start.id, many), 413, 'too_many_items');
    await expectError(await effects('00000000-0000-4000-8000-000000000000', []), 404, 'not_found');
  });
});
