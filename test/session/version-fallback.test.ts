// The versioned API under version 3 first, version 1 where a service answers 3 with 404: the
// headless session against the reference service over real HTTP, once as it is and once behind
// a fetch that sends version 3 calls to a version the service does not serve (its genuine 404).
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {ErrorCode} from '../../src/session/errors.js';
import {requestQuote} from '../../src/session/quote.js';
import {nodeNamed, serviceTokens, startService, type RunningService} from './helpers.js';

const model = 'Office Chair';
let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function service(): Promise<RunningService> {
  const running = await startService();
  cleanups.push(() => running.close());
  return running;
}

/** A service without version 3: its calls reach the reference service as version 9. */
const withoutVersion3: typeof fetch = (input, init) =>
  fetch(
    String(input).replace('/configurator/3/configurator/', '/configurator/9/configurator/'),
    init,
  );

function session(svc: RunningService, fetchImpl?: typeof fetch) {
  const created = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: serviceTokens(svc.url),
    retry: {attempts: 1},
    ...(fetchImpl ? {fetch: fetchImpl} : {}),
  });
  cleanups.push(() => created.dispose());
  return created;
}

/** The versioned calls the service saw, with the version segment and status. */
const versioned = (svc: RunningService) =>
  svc.requests
    .filter((r) => r.path.startsWith('/configurator/'))
    .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}|[A-Z]{8}/g, '{id}')} ${r.status}`);

describe('versioned API fallback', () => {
  test('falls back to version 1 once version 3 answers 404, then stays there', async () => {
    const svc = await service();
    const s = session(svc, withoutVersion3);
    const configuration = await s.start(model);
    await s.setText(nodeNamed(configuration, 'Engraving name').id, 'Ada');
    assert.equal(s.snapshot.texts.get(nodeNamed(configuration, 'Engraving name').id), 'Ada');
    await s.select(nodeNamed(configuration, '5 years').id, true);
    const quote = await requestQuote(s, {email: 'ada@example.com'});
    assert.match(quote.quotationId ?? '', /^[0-9a-f-]{36}$/);

    // A new session (a new client) learns it again: open by code.
    const copy = session(svc, withoutVersion3);
    const opened = await copy.open(s.code!);
    assert.notEqual(opened.id, configuration.id);
    assert.deepEqual(versioned(svc), [
      'PUT /configurator/9/configurator/{id}/text 404',
      'PUT /configurator/1/configurator/{id}/text 200',
      'POST /configurator/1/configurator/requestquote 200',
      'GET /configurator/9/configurator/open/{id}?lang=en 404',
      'GET /configurator/1/configurator/open/{id}?lang=en 200',
    ]);
  });

  test('keeps version 3 where it is served; a 404 from both versions is still not found', async () => {
    const svc = await service();
    const s = session(svc);
    const configuration = await s.start(model);
    await s.setText(nodeNamed(configuration, 'Engraving name').id, 'Ada');
    const stranger = session(svc);
    await assert.rejects(stranger.open('ZZZZZZZZ'), {code: ErrorCode.sessionNotFound});
    assert.deepEqual(versioned(svc), [
      'PUT /configurator/3/configurator/{id}/text 200',
      'GET /configurator/3/configurator/open/{id}?lang=en 404',
      'GET /configurator/1/configurator/open/{id}?lang=en 404',
    ]);
  });
});
