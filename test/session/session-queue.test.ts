// The session's ordering, coalescing, conflict and failure rules against a small fake service
// whose answers each test can hold and release.
import assert from 'node:assert/strict';
import {afterEach, beforeEach, describe, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import type {SessionOptions} from '../../src/session/session-options.js';
import type {SessionSnapshot} from '../../src/session/session-snapshot.js';
import {ErrorCode} from '../../src/session/errors.js';
import {requestQuote} from '../../src/session/quote.js';
import type {
  SessionChangeEvent,
  SessionConflictEvent,
  SessionErrorEvent,
} from '../../src/session/session-events.js';
import {functionTokenSource} from '../../src/session/token-source.js';
import {startFakeConfigurator, type FakeConfigurator} from './fake-configurator.js';
import {deferred, nextEvent, until} from './local-server.js';

let fake: FakeConfigurator;
let sessions: ConfiguratorSession[] = [];

beforeEach(async () => {
  fake = await startFakeConfigurator();
});
afterEach(async () => {
  for (const session of sessions) session.dispose();
  sessions = [];
  await fake.close();
});

/** A token source that the fake knows: its tokens come from the fake's token endpoint. */
function tokensFor(f: FakeConfigurator) {
  return functionTokenSource(async () => {
    const response = await fetch(`${f.url}/token`, {method: 'POST'});
    const body = await response.json();
    return {accessToken: body.access_token, expiresIn: body.expires_in};
  });
}

function newSession(options: Partial<SessionOptions> = {}) {
  const session = new ConfiguratorSession({
    apiUrl: fake.url,
    tokenSource: tokensFor(fake),
    retry: {attempts: 2, baseDelayMs: 1, maxDelayMs: 5},
    ...options,
  });
  sessions.push(session);
  return session;
}

/** Holds every update until the test releases it; answers how many are waiting. */
function holdUpdates() {
  let release = deferred();
  let waiting = 0;
  const arrived: (() => void)[] = [];
  fake.gate = async () => {
    waiting++;
    for (const notify of arrived.splice(0)) notify();
    await release.promise;
    waiting--;
  };
  return {
    /** Resolves once `n` updates are being held. */
    arrived: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (waiting >= n ? resolve() : arrived.push(check));
        check();
      }),
    release: () => {
      release.resolve();
      release = deferred();
    },
    open: () => {
      fake.gate = null;
      release.resolve();
    },
  };
}

describe('ConfiguratorSession against a fake service', () => {
  test('starts, applies inputs and reports what changed', async () => {
    const session = newSession();
    assert.equal(session.snapshot.status, 'idle');
    const configuration = await session.start('Fake');
    assert.equal(configuration.id, 'session-1');
    assert.equal(session.id, 'session-1');
    assert.equal(session.code, 'ABCDEFGH');
    assert.equal(session.snapshot.status, 'ready');
    assert.equal(session.snapshot.values.get('root'), 1);

    const changes: SessionChangeEvent[] = [];
    session.addEventListener('change', (event) => changes.push(event));
    const result = await session.select('eco', true);
    assert.deepEqual(result.changes, ['eco']);
    assert.equal(session.snapshot.values.get('eco'), 1);
    assert.deepEqual(
      changes.map((e) => [e.changes, e.source]),
      [[['eco'], 'user']],
    );
    assert.deepEqual(changes[0].detail.changes, ['eco']);

    // Nothing changed: no event.
    assert.deepEqual((await session.select('eco', true)).changes, []);
    assert.equal(changes.length, 1);

    await session.setText('engraving', 'Hi', {source: 'api'});
    assert.equal(session.snapshot.texts.get('engraving'), 'Hi');
    assert.deepEqual(changes[1].changes, ['engraving']);
    assert.equal(changes[1].source, 'api');

    const [select, value, text] = fake.updates();
    assert.equal(select.path, '/api/3/configurator/session-1');
    assert.equal(select.query.get('ignoreConflicts'), 'false');
    assert.deepEqual(JSON.parse(select.body), {
      featureModelNodeId: 'eco',
      value: 1,
      isSelection: true,
    });
    assert.ok(value);
    assert.equal(text.path, '/configurator/3/configurator/session-1/text');
    assert.deepEqual(JSON.parse(text.body), {featureModelNodeId: 'engraving', textValue: 'Hi'});

    await session.setValue('width', 140);
    const last = fake.updates().at(-1)!;
    assert.deepEqual(JSON.parse(last.body), {
      featureModelNodeId: 'width',
      value: 140,
      isSelection: false,
    });
  });

  test('every change is a new snapshot: busy and pending while in flight, then confirmed', async () => {
    const session = newSession();
    await session.start('Fake');
    const seen: SessionSnapshot[] = [];
    session.addEventListener('snapshot', (event) => {
      assert.equal(event.snapshot, session.snapshot);
      seen.push(event.snapshot);
    });
    const before = session.snapshot;
    await session.select('a', true);
    assert.notEqual(session.snapshot, before);
    assert.equal(new Set(seen).size, seen.length, 'a new object per change');
    const inflight = seen.find((s) => s.busy && s.pending.has('a'));
    assert.ok(inflight, 'an optimistic snapshot while the request was in flight');
    assert.equal(inflight.values.get('a'), undefined);
    const last = seen.at(-1)!;
    assert.equal(last.busy, false);
    assert.equal(last.pending.size, 0);
    assert.equal(last.values.get('a'), 1);
    // Reading twice without a change gives the same object (cheap for renderers to compare).
    assert.equal(session.snapshot, session.snapshot);
  });

  test('changes language with a plain-text body', async () => {
    const session = newSession({lang: 'en'});
    await session.start('Fake');
    assert.equal(fake.server.requests.at(-1)!.query.get('lang'), 'en');
    const configuration = await session.changeLanguage('nl');
    assert.equal(configuration.languageIso, 'nl');
    assert.equal(session.lang, 'nl');
    const request = fake.updates().at(-1)!;
    assert.equal(request.path, '/api/3/configurator/session-1/changelanguage');
    assert.equal(request.headers['content-type'], 'text/plain');
    assert.equal(request.body, 'nl');
  });

  test('reads the {selected, value} shape', async () => {
    fake.valueShape = 'object';
    const session = newSession();
    await session.start('Fake');
    await session.setValue('width', 150);
    await session.select('eco', true);
    await session.select('eco', false);
    assert.equal(session.snapshot.values.get('width'), 150);
    assert.equal(session.snapshot.values.get('eco'), 0);
    assert.equal(session.snapshot.values.get('root'), 1);
  });

  test('coalesces rapid values per node: the latest wins, few requests', async () => {
    const session = newSession();
    await session.start('Fake');
    const hold = holdUpdates();
    const calls = Array.from({length: 20}, (_, i) => session.setValue('width', 110 + i * 5));
    await hold.arrived(1);
    assert.deepEqual(session.snapshot.pending.get('width'), {value: 205});
    assert.equal(session.snapshot.busy, true);
    hold.open();
    const results = await Promise.all(calls);
    const puts = fake.updates().filter((r) => JSON.parse(r.body).featureModelNodeId === 'width');
    assert.equal(puts.length, 2);
    assert.equal(JSON.parse(puts[1].body).value, 205);
    assert.equal(session.snapshot.values.get('width'), 205);
    assert.equal(results.at(-1)!.configuration.values.width, 205);
    assert.equal(session.snapshot.pending.size, 0);
    assert.equal(session.snapshot.busy, false);
  });

  test('keeps the order of inputs; one request in flight at a time', async () => {
    const session = newSession();
    await session.start('Fake');
    const hold = holdUpdates();
    const done = Promise.all([
      session.select('a', true),
      session.select('b', true),
      session.select('a', false),
      session.setText('t', 'x'),
    ]);
    await hold.arrived(1);
    assert.deepEqual(Object.fromEntries(session.snapshot.pending), {
      a: {on: false},
      b: {on: true},
      t: {text: 'x'},
    });
    for (let i = 1; i < 4; i++) {
      hold.release();
      await hold.arrived(1);
    }
    hold.open();
    await done;
    const order = fake.updates().map((r) => JSON.parse(r.body));
    assert.deepEqual(
      order.map((b) => [b.featureModelNodeId, b.value ?? b.textValue]),
      [
        ['a', 1],
        ['b', 1],
        ['a', 0],
        ['t', 'x'],
      ],
    );
    assert.equal(session.snapshot.values.get('a'), 0);
  });

  test('a conflict pauses the queue; cancel drops it and continues', async () => {
    const session = newSession();
    await session.start('Fake');
    await session.select('eco', true);
    const conflict = nextEvent<SessionConflictEvent>(session, 'conflict');
    const turbo = session.select('turbo', true);
    const event = await conflict;
    assert.equal(event.requirement.featureModelNodeId, 'turbo');
    assert.equal(event.conflicts[0].feature.id, 'eco');
    assert.equal(session.snapshot.conflict?.conflicts.length, 1);
    const sent = fake.updates().length;
    const later = session.select('x', true);
    // Paused: `x` waits behind the conflict.
    assert.equal(fake.updates().length, sent);
    assert.deepEqual(session.snapshot.pending.get('x'), {on: true});

    const cancelled = await session.resolveConflict(false);
    assert.equal(cancelled?.cancelled, true);
    assert.deepEqual((await turbo).changes, []);
    await later;
    assert.equal(session.snapshot.values.get('turbo') ?? 0, 0);
    assert.equal(session.snapshot.values.get('eco'), 1);
    assert.equal(session.snapshot.values.get('x'), 1);
    assert.equal(session.snapshot.conflict, null);
    assert.equal(await session.resolveConflict(true), null);
  });

  test('accepting a conflict re-sends with ignoreConflicts=true', async () => {
    const session = newSession();
    await session.start('Fake');
    await session.select('eco', true);
    const conflict = nextEvent(session, 'conflict');
    const turbo = session.select('turbo', true);
    await conflict;
    const accepted = await session.resolveConflict(true);
    assert.deepEqual(accepted?.changes.sort(), ['eco', 'turbo']);
    assert.deepEqual((await turbo).changes.sort(), ['eco', 'turbo']);
    assert.equal(fake.updates().at(-1)!.query.get('ignoreConflicts'), 'true');
    assert.equal(session.snapshot.values.get('eco'), 0);
  });

  test('dispose aborts what is in flight and fires nothing more', async () => {
    const session = newSession();
    await session.start('Fake');
    const hold = holdUpdates();
    const pending = session.select('a', true);
    await hold.arrived(1);
    let events = 0;
    for (const type of ['snapshot', 'change', 'error', 'conflict']) {
      session.addEventListener(type, () => events++);
    }
    session.dispose();
    await assert.rejects(pending, {code: ErrorCode.aborted});
    hold.open();
    await assert.rejects(session.select('b', true), {code: ErrorCode.aborted});
    assert.equal(session.snapshot.status, 'disposed');
    assert.equal(events, 0);
  });

  test('a failure keeps the inputs pending; retry() re-applies them in order', async () => {
    const session = newSession();
    await session.start('Fake');
    const hold = holdUpdates();
    const first = session.select('a', true);
    await hold.arrived(1);
    const second = session.select('b', true);
    // Both attempts of `a` fail; `b` waits behind it.
    fake.failures.push({status: 503, body: ''}, {status: 503, body: ''});
    const failed = nextEvent<SessionErrorEvent>(session, 'error');
    hold.open();
    assert.equal((await failed).error.code, ErrorCode.serviceUnavailable);
    await assert.rejects(first, {code: ErrorCode.serviceUnavailable});
    const snapshot = session.snapshot;
    assert.equal(snapshot.status, 'ready');
    assert.equal(snapshot.error?.code, ErrorCode.serviceUnavailable);
    assert.deepEqual(Object.fromEntries(snapshot.pending), {a: {on: true}, b: {on: true}});

    await session.retry();
    await second;
    assert.equal(session.snapshot.values.get('a'), 1);
    assert.equal(session.snapshot.values.get('b'), 1);
    assert.equal(session.snapshot.error, null);
    assert.equal(session.snapshot.pending.size, 0);
  });

  test('the next input re-applies kept inputs first', async () => {
    let failuresLeft = 2;
    const flaky: typeof fetch = (input, init) => {
      if (init?.method === 'PUT' && failuresLeft > 0) {
        failuresLeft--;
        return Promise.reject(new TypeError('fetch failed'));
      }
      return fetch(input, init);
    };
    const session = newSession({fetch: flaky});
    await session.start('Fake');
    await assert.rejects(session.setValue('width', 120), {code: ErrorCode.network});
    assert.deepEqual(session.snapshot.pending.get('width'), {value: 120});
    await session.select('eco', true);
    await until(session, 'snapshot', () => session.snapshot.pending.size === 0);
    const order = fake.updates().map((r) => JSON.parse(r.body).featureModelNodeId);
    assert.deepEqual(order, ['width', 'eco']);
    assert.equal(session.snapshot.values.get('width'), 120);
  });

  test('an input the service refuses is dropped, the queue goes on', async () => {
    const session = newSession();
    await session.start('Fake');
    const missing = session.select('missing', true);
    const next = session.select('a', true);
    await assert.rejects(missing, {code: ErrorCode.notFound, retryable: false});
    await next;
    assert.equal(session.snapshot.pending.size, 0);
    assert.equal(session.snapshot.error, null);
  });

  test('an unknown model is model_not_found; status error until retried', async () => {
    const session = newSession();
    await assert.rejects(session.start('Nope'), {code: ErrorCode.modelNotFound});
    assert.equal(session.snapshot.status, 'error');
    await assert.rejects(session.select('a', true), {code: ErrorCode.notStarted});
    fake.failures.push({status: 503, body: ''}, {status: 503, body: ''});
    await assert.rejects(session.start('Fake'), {code: ErrorCode.serviceUnavailable});
    assert.equal(session.snapshot.status, 'error');
    await session.retry();
    assert.equal(session.snapshot.status, 'ready');
  });

  test('opens by code, restarts, and requests a quote', async () => {
    const session = newSession();
    const opened = await session.open('ABCDEFGH');
    assert.equal(opened.id, 'session-1');
    assert.equal(fake.server.requests.at(-1)!.path, '/configurator/3/configurator/open/ABCDEFGH');
    await assert.rejects(requestQuote(session, {email: 'a@b.c'}), {code: ErrorCode.quoteBlocked});
    await session.setValue('size', 2);
    const result = await requestQuote(session, {email: 'a@b.c'}, {quantity: 3});
    assert.deepEqual(result, {quotationId: 'q-1', quotationNumber: null, debtorId: 'd-1'});
    const quote = fake.server.requests.at(-1)!;
    assert.deepEqual(JSON.parse(quote.body), {
      quotationRequest: {languageIso: 'en', email: 'a@b.c'},
      configurationIds: ['session-1'],
      quantities: {'session-1': 3},
    });
    await session.restart();
    assert.equal(fake.server.requests.at(-1)!.path, '/api/3/configurator/new/model-1');
  });

  test('a load superseded by another never applies', async () => {
    const session = newSession();
    const started = session.start('Fake');
    const opened = session.open('ABCDEFGH');
    await assert.rejects(started, {code: ErrorCode.aborted});
    await opened;
    assert.equal(session.snapshot.status, 'ready');
    assert.equal(fake.server.requests.at(-1)!.path, '/configurator/3/configurator/open/ABCDEFGH');
  });

  test('restart drops waiting inputs; no old answer is applied', async () => {
    const session = newSession();
    await session.start('Fake');
    const hold = holdUpdates();
    const inflight = session.select('a', true);
    await hold.arrived(1);
    const restarted = session.start('Fake');
    await assert.rejects(inflight, {code: ErrorCode.aborted});
    hold.open();
    await restarted;
    assert.equal(session.snapshot.values.get('a'), undefined);
  });
});
