import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import type {Configuration} from '../../../src/wire/index.js';
import {
  acceptsGzip,
  chooseEncoding,
  minCompressedBytes,
} from '../../../service/configurator/configuration-response.js';
import {compileModel} from '../../../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../../../service/models/index.js';
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

describe('chooseEncoding', () => {
  test('prefers brotli at equal weight, follows weights, refuses q=0', () => {
    assert.equal(chooseEncoding(undefined), 'identity');
    assert.equal(chooseEncoding('identity'), 'identity');
    assert.equal(chooseEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
    assert.equal(chooseEncoding('br'), 'br');
    assert.equal(chooseEncoding('br;q=0.5, gzip'), 'gzip');
    assert.equal(chooseEncoding('br;q=1.0, GZIP;q=0.5'), 'br');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0.1'), 'gzip');
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('*;q=0.5, gzip'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0, *'), 'identity');
    assert.equal(chooseEncoding('br;q=nonsense, gzip'), 'gzip');
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

      const gzip = await raw(path, init, 'gzip, deflate');
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

      // Browsers send brotli and gzip at the same weight: brotli is served.
      const br = await raw(path, init, 'gzip, deflate, br, zstd');
      assert.equal(br.response.status, 200, name);
      assert.equal(br.response.headers.get('content-encoding'), 'br', name);
      assert.equal(br.response.headers.get('content-length'), String(br.bytes.length), name);
      assert.ok(br.bytes.length < plain.bytes.length / 3, name);
      const unpacked = JSON.parse(brotliDecompressSync(br.bytes).toString('utf8')) as Configuration;
      if (name.includes('start') || name.includes('new')) {
        assert.deepEqual({...unpacked, id: '', code: ''}, {...expected, id: '', code: ''}, name);
      } else {
        assert.deepEqual(unpacked, expected, name);
      }
    }
  });

  test('compressed answers: small ones plain, larger ones in the coding asked for', async () => {
    const put = (body: unknown): RequestInit => ({
      method: 'PUT',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    });
    // Switching on what is on already changes nothing: the smallest answer there is.
    const selection = {featureModelNodeId: chairNode('armrests'), value: 1, isSelection: true};
    const path = `/api/3/configurator/${session.id}?compress=true&ignoreConflicts=true`;
    await raw(path, put(selection), null);
    const small = await raw(path, put(selection), 'gzip, deflate, br');
    assert.equal(small.response.status, 200);
    const body = JSON.parse(small.bytes.toString('utf8')) as Record<string, unknown>;
    assert.ok('compressed' in body && !('featureModel' in body));
    assert.ok(small.bytes.length < minCompressedBytes);
    assert.equal(small.response.headers.get('content-encoding'), null);
    assert.equal(small.response.headers.get('content-length'), String(small.bytes.length));
    // A long text makes the answer larger than a segment: then it is compressed.
    for (const [accept, coding, unpack] of [
      ['gzip, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const text = {
        featureModelNodeId: chairNode('engraving-text'),
        textValue: `${coding} `.repeat(200),
      };
      const large = await raw(
        `/configurator/1/configurator/${session.id}/text?compress=true`,
        put(text),
        accept,
      );
      assert.equal(large.response.status, 200, accept);
      assert.equal(large.response.headers.get('content-encoding'), coding, accept);
      const answer = JSON.parse(unpack(large.bytes).toString('utf8')) as {
        textValues: Record<string, string | null>;
      };
      assert.ok('compressed' in answer);
      assert.equal(answer.textValues[chairNode('engraving-text')], text.textValue);
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
