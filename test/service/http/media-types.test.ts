// What a body declares about itself is honoured or refused, never misread: a charset other
// than UTF-8 and a language code sent as an image are 415; a path that exists for other
// methods is 405 with `Allow`. Over real HTTP, on the server `npm start` runs (the update's
// node:http fast path in front of the app).
import assert from 'node:assert/strict';
import type {AddressInfo} from 'node:net';
import {after, before, test} from 'node:test';
import {createApp} from '../../../service/app.js';
import {createServiceServer} from '../../../service/start.js';
import {chairNode} from '../../helpers/node/configurator.js';
import {requestDemoToken} from '../../helpers/demo-token.js';

const created = createApp();
const server = createServiceServer(created.app.fetch, created.fastUpdates, '127.0.0.1');
let url: string;
let token: string;
let session: {id: string};

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = (await requestDemoToken(url)).access_token;
  const started = await call('GET', '/api/3/configurator/new/Office%20Chair');
  assert.equal(started.status, 200);
  session = (await started.json()) as {id: string};
});
after(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await created.close();
});

function call(method: string, path: string, body?: BodyInit, type?: string) {
  const headers: Record<string, string> = {Authorization: `Bearer ${token}`};
  if (type) headers['Content-Type'] = type;
  return fetch(`${url}${path}`, {method, headers, body});
}

async function refused(answer: Response, status: number, code: string) {
  const text = await answer.text();
  assert.equal(answer.status, status, text);
  assert.equal((JSON.parse(text) as {code: string}).code, code, text);
}

const requirement = () => JSON.stringify({featureModelNodeId: chairNode('seat-width'), value: 70});

test('a JSON body declared in another charset is 415, not read as UTF-8', async () => {
  for (const charset of ['utf-16', 'UTF-16LE', '"iso-8859-1"', 'windows-1252']) {
    await refused(
      await call(
        'PUT',
        `/api/3/configurator/${session.id}`,
        requirement(),
        `application/json; charset=${charset}`,
      ),
      415,
      'unsupported_media_type',
    );
  }
  // UTF-8 and its ASCII subset are read, in any spelling.
  for (const charset of ['utf-8', 'UTF8', '"utf-8"', 'us-ascii']) {
    const answer = await call(
      'PUT',
      `/api/3/configurator/${session.id}`,
      requirement(),
      `application/json; charset=${charset}`,
    );
    assert.equal(answer.status, 200, `${charset}: ${await answer.text()}`);
  }
});

test('changelanguage with an image or another charset is 415; text and JSON still work', async () => {
  const path = `/api/3/configurator/${session.id}/changelanguage`;
  await refused(await call('PUT', path, 'nl', 'image/png'), 415, 'unsupported_media_type');
  await refused(
    await call('PUT', path, 'nl', 'application/x-www-form-urlencoded'),
    415,
    'unsupported_media_type',
  );
  await refused(
    await call('PUT', path, 'nl', 'text/plain; charset=utf-16'),
    415,
    'unsupported_media_type',
  );
  await refused(
    await call(
      'PUT',
      `/configurator/1/configurator/${session.id}/changelanguage`,
      'nl',
      'image/png',
    ),
    415,
    'unsupported_media_type',
  );
  assert.equal((await call('PUT', path, 'nl', 'text/plain')).status, 200);
  assert.equal((await call('PUT', path, '"de"', 'application/json')).status, 200);
  assert.equal((await call('PUT', path, 'en')).status, 200);
});

test('a path that exists for other methods is 405 with Allow', async () => {
  const answer = await call('DELETE', `/api/3/configurator/${session.id}`);
  assert.equal(answer.headers.get('allow'), 'PUT');
  await refused(answer, 405, 'method_not_allowed');
  const start = await call('POST', '/api/3/configurator/new/Office%20Chair');
  assert.equal(start.headers.get('allow'), 'GET, HEAD');
  await refused(start, 405, 'method_not_allowed');
  // In any letter case, as the path routes.
  await refused(
    await call('DELETE', `/API/3/Configurator/${session.id}/ChangeLanguage`),
    405,
    'method_not_allowed',
  );
  // A path that exists for no method is still 404.
  await refused(await call('GET', '/api/3/nothing/here'), 404, 'not_found');
});
