// The publishable key's token source against the reference service over real HTTP. Node's
// fetch sends no Origin of its own; the wrapper sends the one a page on the shop would.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {ConfiguratorError} from '../../src/session/index.js';
import {publishableKeyTokenSource} from '../../src/session/publishable-key-source.js';
import {startService, type RunningService} from '../helpers/node/service.js';

const shop = 'https://shop.example';

describe('publishableKeyTokenSource', () => {
  let service: RunningService;
  let publishableKey = '';
  before(async () => {
    service = await startService();
    const created = await service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'Shop', allowedOrigins: [shop]},
    });
    publishableKey = ((await created.json()) as {publishableKey: string}).publishableKey;
  });
  after(() => service.close());

  /** A page's fetch from `origin`, counting the token requests it sends. */
  const pageFetch = (origin: string) => {
    const sent: {contentType: string | null}[] = [];
    const fetchFrom: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Origin', origin);
      sent.push({contentType: headers.get('content-type')});
      return fetch(input, {...init, headers});
    };
    return {fetchFrom, sent};
  };

  test('gets a shopper token, shares it, renews it before expiry and after a 401', async () => {
    let now = Date.now();
    const {fetchFrom, sent} = pageFetch(shop);
    const source = publishableKeyTokenSource(`${service.url}/`, publishableKey, {
      fetch: fetchFrom,
      now: () => now,
    });
    assert.equal(
      publishableKeyTokenSource(service.url, publishableKey, {fetch: fetchFrom}),
      source,
      'one source per service and key',
    );
    const [a, b] = await Promise.all([source.get(), source.get()]);
    assert.equal(a, b);
    assert.equal(sent.length, 1, 'one request for both');
    assert.equal(sent[0]!.contentType, 'text/plain;charset=UTF-8', 'a CORS simple request');
    const started = await service.call('/api/3/configurator/new/Office%20Chair', {token: a});
    assert.equal(started.status, 200);
    // 15 minutes, renewed 30 s before they end.
    now += 15 * 60_000 - 29_000;
    const renewed = await source.get();
    assert.notEqual(renewed, a);
    assert.equal(sent.length, 2);
    const replaced = await source.renew(renewed);
    assert.notEqual(replaced, renewed);
    assert.equal(sent.length, 3);
  });

  test('an origin the key does not list: origin_not_allowed, not retryable', async () => {
    const {fetchFrom} = pageFetch('https://evil.example');
    const source = publishableKeyTokenSource(service.url, publishableKey, {fetch: fetchFrom});
    await assert.rejects(source.get(), (error: ConfiguratorError) => {
      assert.equal(error.code, 'origin_not_allowed');
      assert.equal(error.retryable, false);
      assert.deepEqual(error.details, {refusedBy: 'publishable-key'});
      return true;
    });
  });

  test('an unknown key: invalid_publishable_key, not retryable', async () => {
    const {fetchFrom} = pageFetch(shop);
    const source = publishableKeyTokenSource(service.url, 'pk_unknown', {fetch: fetchFrom});
    await assert.rejects(source.get(), (error: ConfiguratorError) => {
      assert.equal(error.code, 'invalid_publishable_key');
      assert.equal(error.status, 401);
      assert.equal(error.retryable, false);
      return true;
    });
  });
});
