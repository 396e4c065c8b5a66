import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {maxLargeModelNodes, servedModels} from '../../../service/models/index.js';
import {requestDemoToken} from '../../helpers/demo-token.js';
import {failedStart, startServiceProcess} from '../../helpers/node/service-process.js';

describe('LARGE_MODEL_NODES', () => {
  test('adds a generated model named "Large Model N" after the samples', () => {
    const samples = servedModels({});
    const served = servedModels({LARGE_MODEL_NODES: '300'});
    assert.equal(served.length, samples.length + 1);
    assert.deepEqual(served.slice(0, -1), samples);
    const large = served.at(-1)!;
    assert.equal(large.name, 'Large Model 300');
    assert.equal(large.nodes.length, 300);
    assert.deepEqual(servedModels({LARGE_MODEL_NODES: ' '}), samples);
  });

  test('refuses what is not a whole number of nodes in range', () => {
    for (const raw of ['abc', '2e3', '-5', '9', '1.5', '0x100', String(maxLargeModelNodes + 1)]) {
      assert.throws(() => servedModels({LARGE_MODEL_NODES: raw}), /LARGE_MODEL_NODES must be/, raw);
    }
  });

  test('npm start serves it (demo/server/main.ts)', async () => {
    const service = await startServiceProcess({entry: 'demo', env: {LARGE_MODEL_NODES: '400'}});
    try {
      const url = service.url;
      const token = (await requestDemoToken(url)).access_token;
      const headers = {Authorization: `Bearer ${token}`};
      const list = await fetch(`${url}/configurator/1/configurator/configurationmodels`, {headers});
      const names = ((await list.json()) as {identifier: string}[]).map((m) => m.identifier);
      assert.ok(names.includes('Large Model 400'), names.join(', '));
      const started = await fetch(`${url}/api/3/configurator/new/Large%20Model%20400`, {headers});
      assert.equal(started.status, 200);
      assert.equal(Object.keys(((await started.json()) as Configuration).values).length, 400);
    } finally {
      await service.stop();
    }
  });

  test('npm start stops on a bad value, saying why', async () => {
    const {code, stderr: output} = await failedStart({
      entry: 'demo',
      env: {LARGE_MODEL_NODES: 'many'},
    });
    assert.notEqual(code, 0);
    assert.match(output, /LARGE_MODEL_NODES must be a whole number/);
  });
});
