import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {chairNode, startChair, valueOf} from '../../helpers/node/configurator.js';
import {startService, type RunningService} from '../../helpers/node/service.js';

describe('concurrent updates of one session', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  test('none is lost when many arrive at once', async () => {
    const session = await startChair(service);
    const keys = ['footring', 'seat-depth', 'floor-mat', 'assembly', 'arm-pads', 'coat-hanger'];
    const answers = await Promise.all(
      keys.map((key) =>
        service.call(`/api/3/configurator/${session.id}`, {
          method: 'PUT',
          json: {featureModelNodeId: chairNode(key), value: 1, isSelection: true},
        }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      keys.map(() => 200),
    );
    const final = (await (
      await service.call(`/configurator/1/configurator/open/${session.id}`)
    ).json()) as Configuration;
    for (const key of keys) assert.equal(valueOf(final, chairNode(key)), 1, key);
  });
});
