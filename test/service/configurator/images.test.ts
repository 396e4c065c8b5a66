import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {startService, type RunningService} from '../../helpers/node/service.js';

describe('GET /images/{name}', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  test('serves a model picture publicly, cacheable, with a strict policy', async () => {
    const response = await fetch(`${service.url}/images/office-chair.svg`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(response.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(await response.text(), /<svg/);
    const etag = response.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${service.url}/images/office-chair.svg`, {
      headers: {'If-None-Match': etag},
    });
    assert.equal(again.status, 304);
  });

  test('every imageUrl of the model lists resolves', async () => {
    const models = (await (
      await service.call('/configurator/1/configurator/configurationmodels')
    ).json()) as {imageUrl: string | null}[];
    for (const {imageUrl} of models) {
      if (imageUrl) assert.equal((await fetch(`${service.url}${imageUrl}`)).status, 200, imageUrl);
    }
  });

  test('cannot leave the images folder', async () => {
    for (const path of [
      '/images/..%2F..%2Fapp.ts',
      '/images/%2e%2e%2fcatalog.ts',
      '/images/../engine/index.ts',
      '/images/..%5Cindex.ts',
      '/images/.hidden.svg',
      '/images/office-chair.ts',
      '/images/nope.svg',
    ]) {
      const response = await fetch(`${service.url}${path}`);
      assert.ok([401, 404].includes(response.status), `${path}: ${response.status}`);
      assert.doesNotMatch(await response.text(), /import|export/, path);
    }
  });
});
