import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {gunzipSync} from 'node:zlib';
import type {Configuration} from '../../../src/session/wire.js';
import {acceptsGzip} from '../../../service/configurator/configuration-response.js';
import {compileModel, generateLargeModel, sampleModels} from '../../../service/engine/index.js';
import {chairNode, startChair} from '../../helpers/node/configurator.js';
import {startService, type RunningService} from '../../helpers/node/service.js';

describe('acceptsGzip', () => {
  test('reads Accept-Encoding lists, wildcards and q=0', () => {
    assert.equal(acceptsGzip(undefined), false);
    assert.equal(acceptsGzip(''), false);
    assert.equal(acceptsGzip('identity'), false);
    assert.equal(acceptsGzip('br'), false);
    assert.equal(acceptsGzip('gzip, deflate, br, zstd'), true);
    assert.equal(acceptsGzip('br;q=1.0, GZIP;q=0.5'), true);
    assert.equal(acceptsGzip('gzip;q=0'), false);
    assert.equal(acceptsGzip('*'), true);
    assert.equal(acceptsGzip('*;q=0, identity'), false);
    assert.equal(acceptsGzip('gzip;q=0, *'), false);
    assert.equal(acceptsGzip('x-gzip'), true);
  });
});

describe('configuration answers on every route', () => {
  let service: RunningService;
  let bearer: string;
  let session: Configuration;
  before(async () => {
    service = await startService();
    bearer = `Bearer ${await service.token()}`;
    session = await startChair(service);
  });
  after(() => service.close());

  // The raw answer (app.request does not decompress), so the bytes on the wire are checked.
  const raw = async (path: string, init: RequestInit, encoding: string | null) => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', bearer);
    if (encoding !== null) headers.set('Accept-Encoding', encoding);
    const response = await service.app.request(path, {...init, headers});
    const bytes = Buffer.from(await response.arrayBuffer());
    return {response, bytes};
  };

  const routes = (): [string, string, RequestInit][] => {
    const put = (body: unknown): RequestInit => ({
      method: 'PUT',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    });
    const selection = {featureModelNodeId: chairNode('armrests'), value: 1, isSelection: true};
    return [
      ['v3 start', '/api/3/configurator/new/Office%20Chair', {}],
      ['v3 update', `/api/3/configurator/${session.id}`, put(selection)],
      ['v3 changelanguage', `/api/3/configurator/${session.id}/changelanguage`, put('en')],
      ['v2 start', '/api/2/configurations/startnew/Office%20Chair', {}],
      ['v2 update', `/api/2/configurations/${session.id}`, put(selection)],
      ['versioned new', '/configurator/1/configurator/new/Office%20Chair', {}],
      ['versioned open', `/configurator/3/configurator/open/${session.id}`, {}],
      ['versioned update', `/configurator/1/configurator/${session.id}`, put(selection)],
    ];
  };

  test('send gzip only when asked, and the same JSON either way', async () => {
    for (const [name, path, init] of routes()) {
      const plain = await raw(path, init, null);
      assert.equal(plain.response.status, 200, name);
      assert.equal(plain.response.headers.get('content-type'), 'application/json', name);
      assert.equal(plain.response.headers.get('content-encoding'), null, name);
      assert.equal(plain.response.headers.get('content-length'), String(plain.bytes.length), name);
      assert.match(plain.response.headers.get('vary') ?? '', /Accept-Encoding/, name);
      const expected = JSON.parse(plain.bytes.toString('utf8')) as Configuration;

      const gzip = await raw(path, init, 'gzip, deflate, br');
      assert.equal(gzip.response.status, 200, name);
      assert.equal(gzip.response.headers.get('content-encoding'), 'gzip', name);
      assert.equal(gzip.response.headers.get('content-length'), String(gzip.bytes.length), name);
      const inflated = JSON.parse(gunzipSync(gzip.bytes).toString('utf8')) as Configuration;
      if (name.includes('start') || name.includes('new')) {
        // Each start is a new session: compare all but its identity.
        assert.deepEqual({...inflated, id: '', code: ''}, {...expected, id: '', code: ''}, name);
      } else {
        assert.deepEqual(inflated, expected, name);
      }
    }
  });

  test('errors stay plain JSON', async () => {
    const {response, bytes} = await raw('/api/3/configurator/new/Sofa', {}, 'gzip');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('content-encoding'), null);
    assert.equal((JSON.parse(bytes.toString('utf8')) as {code: string}).code, 'not_found');
  });
});

describe('configuration answers of a large model', () => {
  const large = compileModel(generateLargeModel({nodes: 600, seed: 5}));
  let service: RunningService;
  before(async () => (service = await startService({models: [...sampleModels(), large]})));
  after(() => service.close());

  test('leave the cached model pieces intact, answer after answer', async () => {
    const bearer = `Bearer ${await service.token()}`;
    const get = (path: string, encoding: string) =>
      service.app.request(path, {headers: {Authorization: bearer, 'Accept-Encoding': encoding}});
    const started = await get(`/api/3/configurator/new/${large.id}`, 'identity');
    const first = Buffer.from(await started.arrayBuffer());
    const id = (JSON.parse(first.toString('utf8')) as Configuration).id;
    // Answers share the model's cached bytes: a consumer that took them over would empty
    // them for the next answer.
    for (const encoding of ['identity', 'gzip', 'identity', 'gzip']) {
      const response = await get(`/configurator/1/configurator/open/${id}`, encoding);
      const bytes = Buffer.from(await response.arrayBuffer());
      const json = encoding === 'gzip' ? gunzipSync(bytes) : bytes;
      assert.equal(json.length, first.length, encoding);
      assert.deepEqual(JSON.parse(json.toString('utf8')), JSON.parse(first.toString('utf8')));
    }
    // And over a socket, where fetch reads the stream.
    for (let i = 0; i < 2; i++) {
      const response = await service.call(`/configurator/1/configurator/open/${id}`);
      assert.equal((await response.arrayBuffer()).byteLength, first.length);
    }
  });
});
