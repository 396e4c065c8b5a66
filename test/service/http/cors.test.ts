import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {parseAllowedOrigins} from '../../../service/http/index.js';
import {startService, type RunningService} from '../../helpers/node/service.js';

const path = '/api/3/configurator/new/anything';

describe('CORS with any origin allowed (the default)', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  test('answers a preflight for PUT with Authorization and Content-Type', async () => {
    const response = await fetch(`${service.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /PUT/);
    const headers = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    assert.match(headers, /authorization/);
    assert.match(headers, /content-type/);
  });

  test('error answers carry CORS headers so the page can read them', async () => {
    const response = await fetch(`${service.url}${path}`, {
      headers: {Origin: 'https://shop.example'},
    });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(
      (response.headers.get('access-control-expose-headers') ?? '').toLowerCase(),
      /www-authenticate/,
    );
  });
});

describe('CORS on answers of the configurator', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  test('success and engine errors alike carry the allow-origin header', async () => {
    const headers = {Origin: 'https://shop.example'};
    const started = await service.call('/api/3/configurator/new/Office%20Chair', {headers});
    assert.equal(started.status, 200);
    assert.equal(started.headers.get('access-control-allow-origin'), '*');
    const {id} = (await started.json()) as {id: string};
    const unknownNode = await service.call(`/api/3/configurator/${id}`, {
      method: 'PUT',
      headers,
      json: {featureModelNodeId: '00000000-0000-4000-8000-000000000000', value: 1},
    });
    assert.equal(unknownNode.status, 404);
    assert.equal(unknownNode.headers.get('access-control-allow-origin'), '*');
    const malformed = await service.call(`/api/3/configurator/${id}`, {
      method: 'PUT',
      headers: {...headers, 'Content-Type': 'application/json'},
      body: '{',
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.headers.get('access-control-allow-origin'), '*');
  });
});

describe('CORS with a list of allowed origins', () => {
  let service: RunningService;
  before(async () => (service = await startService({allowedOrigins: ['https://shop.example']})));
  after(() => service.close());

  test('echoes an allowed origin', async () => {
    const response = await fetch(`${service.url}/health`, {
      headers: {Origin: 'https://shop.example'},
    });
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.match(response.headers.get('vary') ?? '', /Origin/i);
  });

  test('refuses another origin with a 403 that page can read', async () => {
    // The preflight passes only so that the refusal itself reaches the page.
    const preflight = await fetch(`${service.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    assert.equal(preflight.status, 204);
    const refused = await fetch(`${service.url}${path}`, {
      headers: {Origin: 'https://evil.example', Authorization: 'Bearer anything'},
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.headers.get('access-control-allow-origin'), 'https://evil.example');
    assert.equal(((await refused.json()) as {code: string}).code, 'origin_not_allowed');
  });

  test("always allows the service's own origin (its demo pages)", async () => {
    const response = await fetch(`${service.url}/health`, {headers: {Origin: service.url}});
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), service.url);
  });
});

test("ALLOWED_ORIGINS unset means the service's own pages only, * any page", async () => {
  const {readConfig} = await import('../../../service/config.js');
  assert.deepEqual(readConfig({}).allowedOrigins, []);
  assert.deepEqual(readConfig({ALLOWED_ORIGINS: ' '}).allowedOrigins, []);
  assert.equal(readConfig({ALLOWED_ORIGINS: '*'}).allowedOrigins, '*');
  assert.deepEqual(readConfig({ALLOWED_ORIGINS: 'https://shop.example/'}).allowedOrigins, [
    'https://shop.example',
  ]);
});

test('ALLOWED_ORIGINS parses into a list or any origin', () => {
  assert.equal(parseAllowedOrigins(undefined), '*');
  assert.equal(parseAllowedOrigins(' * '), '*');
  assert.deepEqual(parseAllowedOrigins('https://a.example/, http://localhost:3000'), [
    'https://a.example',
    'http://localhost:3000',
  ]);
  // Written as the browser writes an Origin: lower-case host, no default port.
  assert.deepEqual(parseAllowedOrigins('http://LOCALHOST:3000,https://a.example:443'), [
    'http://localhost:3000',
    'https://a.example',
  ]);
});

test('an ALLOWED_ORIGINS entry that could never match a page stops the start, naming it', async () => {
  const {ConfigError, readConfig} = await import('../../../service/config.js');
  for (const entry of [
    'localhost:3000',
    'http://localhost:3003/shop',
    'https://*.shop.example',
    'ftp://files.example',
    'https://user@shop.example',
    'https://shop.example/?a=1',
  ]) {
    assert.throws(
      () => readConfig({ALLOWED_ORIGINS: `https://fine.example, ${entry}`}),
      (error: Error) =>
        error instanceof ConfigError &&
        error.message.startsWith('ALLOWED_ORIGINS: ') &&
        error.message.includes(`"${entry}"`),
      entry,
    );
  }
});
