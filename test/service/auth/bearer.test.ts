import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {MemoryStore} from '../../../service/store/index.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const protectedPath = '/configurator/1/configurator/configurationmodels';

describe('bearer tokens', () => {
  let service: RunningService;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  before(
    async () =>
      (service = await startService({
        tokenLifetimeSeconds: 60,
        loginTokenLifetimeMs: 1000,
        now: () => clock,
      })),
  );
  after(() => service.close());

  const expectUnauthorized = async (response: Response, code: string) => {
    assert.equal(response.status, 401);
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal((await json(response)).code, code);
  };

  test('a call without a token is token_missing', async () => {
    await expectUnauthorized(await service.call(protectedPath, {token: null}), 'token_missing');
  });

  test('an unknown token is token_invalid', async () => {
    await expectUnauthorized(
      await service.call(protectedPath, {token: 'made-up'}),
      'token_invalid',
    );
  });

  test('another scheme than Bearer is token_invalid', async () => {
    const response = await service.call(protectedPath, {
      token: null,
      headers: {Authorization: 'Basic ZGVtbzpkZW1v'},
    });
    await expectUnauthorized(response, 'token_invalid');
  });

  test('a token is accepted until its lifetime ends, then token_expired', async () => {
    const token = await service.token();
    clock += 59_000;
    assert.equal((await service.call(protectedPath, {token})).status, 200);
    clock += 1_000;
    await expectUnauthorized(await service.call(protectedPath, {token}), 'token_expired');
  });

  test('a scheme 2 token expires after its lifetime in milliseconds', async () => {
    const login = await fetch(`${service.url}/api/2/auth/serviceconnectlogin`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({clientId: 'demo-client', secret: 'demo-secret'}),
    });
    const {accessToken, expiresIn} = (await login.json()) as {
      accessToken: string;
      expiresIn: number;
    };
    assert.equal(expiresIn, 1000);
    assert.equal((await service.call(protectedPath, {token: accessToken})).status, 200);
    clock += 1000;
    await expectUnauthorized(
      await service.call(protectedPath, {token: accessToken}),
      'token_expired',
    );
  });

  test('health, token operations and images need no token', async () => {
    assert.equal((await fetch(`${service.url}/health`)).status, 200);
    const image = await fetch(`${service.url}/images/does-not-exist.svg`);
    assert.equal(image.status, 404);
  });
});

describe('tokens in the store', () => {
  test('a token issued by one app instance is honoured by another on the same store', async () => {
    const store = new MemoryStore();
    const first = await startService({store});
    const second = await startService({store});
    try {
      const token = await first.token();
      assert.equal(store.collection('tokens').list().length, 1);
      assert.equal(
        JSON.stringify(store.collection('tokens').list()).includes(token),
        false,
        'the store keeps only a digest of the token',
      );
      assert.equal((await second.call(protectedPath, {token})).status, 200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
