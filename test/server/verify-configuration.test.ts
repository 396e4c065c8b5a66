// verifyConfiguration against a real service's statements: each way a statement can be
// forged or stale is refused with its code, and the key set is fetched once and then only for
// an unknown key id, never more than once a minute (the clock injected).
import assert from 'node:assert/strict';
import {generateKeyPairSync, sign} from 'node:crypto';
import {after, before, describe, test} from 'node:test';
import {
  ConfigurationKeys,
  ConfigurationVerificationError,
  verifyConfiguration,
  type VerifyConfigurationOptions,
} from '../../src/server/token-endpoint.js';
import type {Configuration} from '../../src/wire/index.js';
import {completeConfiguration} from '../helpers/node/complete-configuration.js';
import {json, startService, type RunningService} from '../helpers/node/service.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unb64 = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown;

/** A changed copy of a claim's value, of the same type. */
function tamper(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}x`;
  if (Array.isArray(value)) return value.length > 0 ? value.slice(1) : [{}];
  return {...(value as object), extra: 1};
}

describe('verifyConfiguration', () => {
  let service: RunningService;
  let jws: string;
  let options: VerifyConfigurationOptions;
  let clock = Date.now();
  let fetches = 0;
  const countingFetch: typeof fetch = (input, init) => {
    fetches++;
    return fetch(input, init);
  };
  const keys = () =>
    new ConfigurationKeys({
      jwksUrl: `${service.url}/.well-known/jwks.json`,
      fetch: countingFetch,
      now: () => clock,
    });

  before(async () => {
    service = await startService();
    const started = await service.call('/api/3/configurator/new/Standing%20Desk?lang=de');
    const done = await completeConfiguration(service, await json<Configuration>(started));
    jws = (await json<{jws: string}>(await service.call(`/api/3/configurator/${done.id}/signed`)))
      .jws;
    options = {jwksUrl: `${service.url}/.well-known/jwks.json`, issuer: service.url, keys: keys()};
  });
  after(() => service.close());

  const refused = async (statement: string, code: string, more: Partial<typeof options> = {}) => {
    await assert.rejects(verifyConfiguration(statement, {...options, ...more}), (error) => {
      assert.ok(error instanceof ConfigurationVerificationError, String(error));
      assert.equal(error.code, code, error.message);
      return true;
    });
  };

  test('accepts the service statement and returns its claims', async () => {
    const claims = await verifyConfiguration(jws, options);
    assert.equal(claims.iss, service.url);
    assert.equal(claims.lang, 'de');
    assert.ok(claims.totalInclVat > claims.totalExclVat);
  });

  test('every tampered claim is invalid_signature', async () => {
    const [header, payload, signature] = jws.split('.') as [string, string, string];
    const claims = unb64(payload) as Record<string, unknown>;
    const lines = claims.lines as Record<string, unknown>[];
    assert.ok(lines.length > 0);
    const variants: [string, Record<string, unknown>][] = Object.keys(claims).map((name) => [
      name,
      {...claims, [name]: tamper(claims[name])},
    ]);
    for (const field of Object.keys(lines[0]!)) {
      const changed = lines.map((line, i) =>
        i === 0 ? {...line, [field]: tamper(line[field])} : line,
      );
      variants.push([`lines[0].${field}`, {...claims, lines: changed}]);
    }
    assert.equal(variants.length, 14 + 5, 'every claim and every field of a line');
    for (const [name, variant] of variants) {
      await refused(`${header}.${b64(variant)}.${signature}`, 'invalid_signature').catch(
        (error: Error) => assert.fail(`${name}: ${error.message}`),
      );
    }
    // The signature itself, and the algorithm in the header, cannot be changed either.
    const flipped = Buffer.from(signature, 'base64url');
    flipped[5]! ^= 1;
    await refused(`${header}.${payload}.${flipped.toString('base64url')}`, 'invalid_signature');
    const es384 = b64({...(unb64(header) as object), alg: 'ES384'});
    await refused(`${es384}.${payload}.${signature}`, 'invalid_signature');
  });

  test('another key under the same key id is invalid_signature', async () => {
    const [header, payload] = jws.split('.') as [string, string];
    const {privateKey} = generateKeyPairSync('ec', {namedCurve: 'P-256'});
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    await refused(`${header}.${payload}.${signature.toString('base64url')}`, 'invalid_signature');
  });

  test('alg none is invalid_signature', async () => {
    const [header, payload] = jws.split('.') as [string, string];
    const none = b64({...(unb64(header) as object), alg: 'none'});
    await refused(`${none}.${payload}.`, 'invalid_signature');
  });

  test('an expired statement is expired; a wrong issuer is wrong_issuer', async () => {
    const {exp} = unb64(jws.split('.')[1]!) as {exp: number};
    await refused(jws, 'expired', {now: () => exp * 1000 + 1000});
    await verifyConfiguration(jws, {...options, now: () => exp * 1000 - 1000});
    await refused(jws, 'wrong_issuer', {issuer: 'https://configurator.example'});
  });

  test('garbage is malformed; an unknown key id is unknown_key', async () => {
    for (const garbage of ['', 'abc', 'a.b', 'a.b.c', '!!.??.**', `${jws}.x`]) {
      await refused(garbage, 'malformed');
    }
    const [header, payload, signature] = jws.split('.') as [string, string, string];
    await refused(`${header}.${b64('not claims')}.${signature}`, 'invalid_signature');
    const other = b64({...(unb64(header) as object), kid: 'someone-else'});
    await refused(`${other}.${payload}.${signature}`, 'unknown_key');
  });

  test('keys: fetched once, then offline; an unknown key id refetches at most once a minute', async () => {
    const cache = keys();
    const local = {...options, keys: cache};
    fetches = 0;
    await verifyConfiguration(jws, local);
    await verifyConfiguration(jws, local);
    assert.equal(fetches, 1);

    const [header, payload, signature] = jws.split('.') as [string, string, string];
    const forged = `${b64({...(unb64(header) as object), kid: 'forged'})}.${payload}.${signature}`;
    clock += 60_000;
    await refused(forged, 'unknown_key', local);
    assert.equal(fetches, 2, 'an unknown key id fetches the key set again');
    for (let i = 0; i < 5; i++) await refused(forged, 'unknown_key', local);
    clock += 59_000;
    await refused(forged, 'unknown_key', local);
    assert.equal(fetches, 2, 'not again within the minute');
    clock += 1_000;
    await refused(forged, 'unknown_key', local);
    assert.equal(fetches, 3, 'again after a minute');

    // Offline: a known key verifies with the service gone.
    await service.stop();
    try {
      await verifyConfiguration(jws, local);
      assert.equal(fetches, 3);
    } finally {
      await service.reopen();
    }
  });

  test('a key set fetch that fails on the network is tried once more, in the same fetch', async () => {
    let calls = 0;
    const cache = new ConfigurationKeys({
      jwksUrl: `${service.url}/.well-known/jwks.json`,
      now: () => clock,
      fetch: (input, init) =>
        ++calls === 1 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
    });
    const verified = await verifyConfiguration(jws, {...options, keys: cache});
    assert.equal(verified.iss, service.url);
    assert.deepEqual({calls, fetches: cache.fetches}, {calls: 2, fetches: 1});
  });

  test('a key set that cannot be fetched is unknown_key, with the reason', async () => {
    const cache = new ConfigurationKeys({
      jwksUrl: `${service.url}/no-such-keys`,
      now: () => clock,
    });
    await assert.rejects(verifyConfiguration(jws, {...options, keys: cache}), (error) => {
      assert.ok(error instanceof ConfigurationVerificationError);
      assert.equal(error.code, 'unknown_key');
      assert.match(error.message, /could not be fetched: status 40[14]/);
      return true;
    });
  });
});
