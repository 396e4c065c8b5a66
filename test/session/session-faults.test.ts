// A hostile or broken service: answers of the wrong shape, broken JSON, a token source that
// hangs, a 401 that outlives a renewal, an outage, a quote answered without a body. Each ends
// in an error with a stable code, keeps the shopper's inputs and recovers.
import assert from 'node:assert/strict';
import {afterEach, beforeEach, describe, test} from 'node:test';
import {readConfiguration} from '../../src/session/answers.js';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import type {SessionOptions} from '../../src/session/session-options.js';
import {ErrorCode} from '../../src/session/errors.js';
import {readQuoteRequested, requestQuote} from '../../src/session/quote.js';
import type {SessionErrorEvent} from '../../src/session/session-events.js';
import {
  endpointTokenSource,
  functionTokenSource,
  parseTokenAnswer,
} from '../../src/session/token-source.js';
import {startFakeConfigurator, type FakeConfigurator} from './fake-configurator.js';
import {deferred, nextEvent, startLocalServer, until} from './local-server.js';

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

function tokensFor(f: FakeConfigurator, counter = {calls: 0}) {
  return functionTokenSource(async () => {
    counter.calls++;
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
    // Off unless a test is about it, so each test decides when things are sent again.
    recovery: false,
    ...options,
  });
  sessions.push(session);
  return session;
}

const wrongShapes: [string, unknown][] = [
  ['an id and an empty feature model', {id: 'x', featureModel: {}}],
  ['an array', []],
  ['null', null],
  ['an empty body', undefined],
  ['a string', 'not json at all {'],
];

describe('answers of the wrong shape', () => {
  for (const [what, body] of wrongShapes) {
    test(`a start answered with ${what} is bad_response, and Retry recovers`, async () => {
      const s = newSession();
      fake.failures.push({status: 200, body});
      const error = nextEvent<SessionErrorEvent>(s, 'error');
      await assert.rejects(s.start('Fake'), {code: ErrorCode.badResponse, status: 200});
      assert.equal((await error).error.retryable, true);
      assert.equal(s.snapshot.status, 'error');
      assert.equal(s.snapshot.configuration, null);
      assert.equal(s.snapshot.canRetry, true);
      await s.retry();
      assert.equal(s.snapshot.status, 'ready');
      assert.equal(s.snapshot.error, null);
    });
  }

  test('a configuration without prices is refused, naming what is missing', async () => {
    const s = newSession();
    const good = await s.start('Fake');
    const {totalPriceIncVATLabel: _dropped, ...withoutTotal} = good;
    fake.failures.push({body: withoutTotal});
    await assert.rejects(s.select('size', true), (error: Error & {code: string}) => {
      assert.equal(error.code, ErrorCode.badResponse);
      assert.match(error.message, /totalPriceIncVATLabel/);
      return true;
    });
    // The confirmed configuration stays what the service last sent in a usable answer.
    assert.equal(s.snapshot.configuration, good);
  });

  test('every field the views read is checked, down the feature tree', () => {
    const node = (extra: Record<string, unknown> = {}) => ({
      id: 'n',
      name: 'N',
      type: 0,
      featureType: 0,
      displayType: 0,
      price: 0,
      priceLabel: '',
      priceIncVATLabel: '',
      features: [],
      ...extra,
    });
    const labels = Object.fromEntries(
      ['base', 'additional', 'total'].flatMap((k) =>
        ['IncVAT', 'ExVAT'].map((v) => [`${k}Price${v}Label`, '€ 1']),
      ),
    );
    const answer = (features: unknown[]) => ({
      id: 'c',
      languageIso: 'en',
      values: {},
      ...labels,
      featureModel: {name: 'M', steps: [{id: 's', title: 'S', features}]},
    });
    assert.doesNotThrow(() => readConfiguration(answer([node({features: [node()]})])));
    const deep = node({features: [node({features: [node({price: undefined})]})]});
    assert.throws(() => readConfiguration(answer([deep])), {
      code: ErrorCode.badResponse,
      message: /featureModel\.steps\[0\]\.features\[0\]\.features\[0\]\.features\[0\]\.price/,
    });
    assert.throws(() => readConfiguration(answer([node({features: null})])), {
      code: ErrorCode.badResponse,
    });
    assert.throws(() => readConfiguration({...answer([]), conflicts: [{type: 1}]}), {
      code: ErrorCode.badResponse,
      message: /conflicts\[0\]/,
    });
    assert.throws(() => readConfiguration(answer([node(), 'node'])), {
      code: ErrorCode.badResponse,
      message: /featureModel\.steps\[0\]\.features\[1\] is not an object/,
    });
    assert.throws(() => readConfiguration({...answer([]), featureModel: []}), {
      code: ErrorCode.badResponse,
      message: /: featureModel is not an object/,
    });
    assert.throws(() => readConfiguration(null), {
      code: ErrorCode.badResponse,
      message: /the answer is not an object/,
    });
    assert.throws(() => readConfiguration({...answer([]), id: ''}), {
      code: ErrorCode.badResponse,
      message: /: id is missing or wrong/,
    });
    // A tree far deeper than any call stack is walked without recursion, and so is the path of
    // what is wrong at its bottom.
    let tree = node();
    for (let i = 0; i < 20_000; i++) tree = node({features: [tree]});
    assert.doesNotThrow(() => readConfiguration(answer([tree])));
    let broken = node({name: 7});
    for (let i = 0; i < 20_000; i++) broken = node({features: [broken]});
    assert.throws(() => readConfiguration(answer([broken])), {
      code: ErrorCode.badResponse,
      message:
        /^The service's answer is unusable: featureModel\.steps\[0\](\.features\[0\]){20001}\.name is missing or wrong$/,
    });
  });
});

describe('broken answers to updates keep the input', () => {
  test('malformed JSON: the choice stays pending and is applied on retry', async () => {
    const s = newSession();
    await s.start('Fake');
    fake.failures.push({status: 200, body: '{"id": "session-1", "values": {'});
    await assert.rejects(s.select('size', true), {code: ErrorCode.badResponse, status: 200});
    assert.deepEqual(Object.fromEntries(s.snapshot.pending), {size: {on: true}});
    assert.equal(s.snapshot.canRetry, true);
    await s.retry();
    assert.equal(s.snapshot.values.get('size'), 1);
    assert.equal(s.snapshot.pending.size, 0);
    assert.equal(s.snapshot.error, null);
  });

  test('inputs queued behind a broken answer keep their order', async () => {
    const s = newSession();
    await s.start('Fake');
    fake.failures.push({status: 200, body: []});
    const first = s.setValue('width', 120);
    const second = s.select('size', true);
    await assert.rejects(first, {code: ErrorCode.badResponse});
    assert.deepEqual([...s.snapshot.pending.keys()], ['width', 'size']);
    await s.retry();
    await second;
    assert.equal(s.snapshot.values.get('width'), 120);
    assert.equal(s.snapshot.values.get('size'), 1);
  });
});

describe('a 401 that outlives the renewal', () => {
  test('keeps the input; retry renews the token and replays it', async () => {
    const tokens = {calls: 0};
    let denying = false;
    const s = newSession({
      tokenSource: tokensFor(fake, tokens),
      // Every token is refused for a while, the renewed one too.
      fetch: (input, init) =>
        denying
          ? Promise.resolve(
              Response.json({code: 'token_invalid', message: 'Unknown token'}, {status: 401}),
            )
          : fetch(input, init),
    });
    await s.start('Fake');
    denying = true;
    await assert.rejects(s.select('size', true), {code: ErrorCode.unauthorized, status: 401});
    assert.equal(tokens.calls, 2, 'one renewal, then the refusal is reported');
    assert.equal(s.snapshot.canRetry, true);
    assert.deepEqual(Object.fromEntries(s.snapshot.pending), {size: {on: true}});
    // The issuer is fixed; the tokens it handed out before stay refused.
    denying = false;
    fake.tokens.clear();
    await s.retry();
    assert.equal(s.snapshot.values.get('size'), 1);
    assert.equal(s.snapshot.error, null);
    assert.equal(tokens.calls, 3, 'the retry renewed the refused token and replayed');
  });
});

describe('a token source that never answers', () => {
  test('fetchToken that never settles fails in time as retryable token_failed', async () => {
    let calls = 0;
    const s = newSession({
      tokenSource: functionTokenSource(
        () => {
          calls++;
          return new Promise(() => {});
        },
        {timeoutMs: 50},
      ),
    });
    await assert.rejects(s.start('Fake'), {code: ErrorCode.tokenFailed, retryable: true});
    assert.equal(s.snapshot.status, 'error');
    // A hang is not repeated at once: the shopper has waited long enough already.
    assert.equal(calls, 1);
  });

  test('a token endpoint that never answers is aborted, and the next try can succeed', async () => {
    let hang = true;
    const released = deferred();
    const endpoint = await startLocalServer(async () => {
      if (hang) await released.promise;
      const response = await fetch(`${fake.url}/token`, {method: 'POST'});
      return {body: await response.json()};
    });
    try {
      // Long enough that the second try (a local endpoint asking the fake service) fits in it
      // on a busy machine (the 600 ms it was did not); the first try waits for the whole of it.
      const source = endpointTokenSource(`${endpoint.url}/never`, {
        timeoutMs: 5_000,
        fetch: (input, init) => fetch(input, init),
      });
      const s = newSession({tokenSource: source});
      await assert.rejects(s.start('Fake'), {code: ErrorCode.tokenFailed, retryable: true});
      hang = false;
      released.resolve();
      await s.retry();
      assert.equal(s.snapshot.status, 'ready');
    } finally {
      released.resolve();
      await endpoint.close();
    }
  });
});

describe('token answers', () => {
  test('a token that could not travel in a header is refused at once', () => {
    for (const token of ['two\nlines', 'spa ce', 'ü', '', 'x'.repeat(8193)]) {
      assert.throws(() => parseTokenAnswer({access_token: token, expires_in: 60}, 0), {
        code: ErrorCode.tokenFailed,
        retryable: false,
      });
    }
    assert.equal(
      parseTokenAnswer({accessToken: 'a.b-c_d~e+f/g=', expiresIn: 1}, 0).accessToken,
      'a.b-c_d~e+f/g=',
    );
  });
});

describe('recovery without the shopper', () => {
  test('an outage ends by itself: background retries with backoff re-send the inputs', async () => {
    let down = false;
    const attempts: number[] = [];
    const s = newSession({
      recovery: {baseDelayMs: 20, maxDelayMs: 200},
      retry: {attempts: 1},
      fetch: (input, init) => {
        if (down && String(input).includes('/api/3/')) {
          attempts.push(Date.now());
          return Promise.reject(new TypeError('fetch failed'));
        }
        return fetch(input, init);
      },
    });
    await s.start('Fake');
    down = true;
    const failed = s.select('size', true);
    await assert.rejects(failed, {code: ErrorCode.network});
    assert.ok(s.snapshot.retryAt !== null, 'a background retry is planned');
    // Let a few background retries fail, then bring the service back.
    await until(s, 'error', () => attempts.length >= 4);
    down = false;
    await until(s, 'snapshot', () => s.snapshot.values.get('size') === 1);
    assert.equal(s.snapshot.error, null);
    assert.equal(s.snapshot.retryAt, null);
    assert.equal(s.snapshot.pending.size, 0);
    // The waits grow (equal jitter: each at least half its backoff of 20, 40, 80 ms).
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    assert.ok(gaps[2]! >= 35, `gaps ${gaps.join(', ')}`);
  });

  test('a failed start is retried in the background too', async () => {
    const s = newSession({recovery: {baseDelayMs: 10, maxDelayMs: 50}});
    fake.failures.push({status: 503, body: ''}, {status: 503, body: ''});
    const ready = until(s, 'snapshot', () => s.snapshot.status === 'ready');
    await assert.rejects(s.start('Fake'), {code: ErrorCode.serviceUnavailable});
    await ready;
    assert.equal(s.snapshot.error, null);
  });

  test('a refusal is not retried: nothing is planned and the input is dropped', async () => {
    const s = newSession({recovery: {baseDelayMs: 10, maxDelayMs: 50}});
    await s.start('Fake');
    await assert.rejects(s.select('missing', true), {code: ErrorCode.notFound});
    assert.equal(s.snapshot.retryAt, null);
    assert.equal(s.snapshot.canRetry, false);
    assert.equal(s.snapshot.pending.size, 0);
  });
});

describe('a quote answered without a body', () => {
  test('is a requested quote; the result says what is known', async () => {
    const s = newSession();
    await s.start('Fake');
    await s.select('size', true);
    fake.failures.push({status: 200});
    const result = await requestQuote(s, {email: 'ada@example.com'});
    assert.deepEqual(result, {quotationId: null, quotationNumber: null, debtorId: null});
    assert.equal(s.snapshot.error, null);
    // And a body with the names, or names of the wrong type.
    assert.deepEqual(readQuoteRequested({quotationId: 'q', debtorId: 7, number: 'Q-1'}), {
      quotationId: 'q',
      quotationNumber: null,
      debtorId: null,
      number: 'Q-1',
    });
    assert.equal(readQuoteRequested({quotationNumber: 12}).quotationNumber, null);
    assert.equal(readQuoteRequested({quotationNumber: 'Q-000012'}).quotationNumber, 'Q-000012');
    assert.deepEqual(readQuoteRequested([1, 2]), {
      quotationId: null,
      quotationNumber: null,
      debtorId: null,
    });
  });

  test('a body that is not JSON does not turn an accepted quote into a failure', async () => {
    const s = newSession();
    await s.start('Fake');
    await s.select('size', true);
    fake.failures.push({status: 200, body: 'OK'});
    // The status said yes: reporting a failure would invite a second quotation.
    const result = await requestQuote(s, {email: 'ada@example.com'});
    assert.deepEqual(result, {quotationId: null, quotationNumber: null, debtorId: null});
  });
});
