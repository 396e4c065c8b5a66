// The headless session against the real reference service over real HTTP: every request goes
// through `createApp()` served on 127.0.0.1. Nodes are found by name in the returned model.
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import type {SessionOptions} from '../../src/session/session-options.js';
import {ErrorCode} from '../../src/session/errors.js';
import {requestQuote} from '../../src/session/quote.js';
import type {SessionChangeEvent, SessionErrorEvent} from '../../src/session/session-events.js';
import {functionTokenSource} from '../../src/session/token-source.js';
import type {AppOptions} from '../../service/app.js';
import {
  nodeNamed,
  requestToken,
  serviceTokens,
  startService,
  type RunningService,
} from './helpers.js';
import {deferred, nextEvent, until} from './local-server.js';

const model = 'Office Chair';
let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function service(options: AppOptions = {}, port = 0): Promise<RunningService> {
  const running = await startService(options, port);
  cleanups.push(() => running.close());
  return running;
}

function session(svc: RunningService, options: Partial<SessionOptions> = {}) {
  const created = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: serviceTokens(svc.url),
    retry: {attempts: 2, baseDelayMs: 5, maxDelayMs: 50},
    // As the element does: compressed update answers, merged.
    loadMerge: () => import('../../src/session/merge-configuration.js'),
    ...options,
  });
  cleanups.push(() => created.dispose());
  return created;
}

type Intercept = (url: string, init: RequestInit) => Promise<Response | null>;

interface InstrumentedFetch {
  log: {method: string; url: string; body: string}[];
  maxInflight: number;
  /** Called before each request; may throw, hold, or answer instead of the service. */
  intercept: Intercept | null;
  fetch: typeof fetch;
  puts(): InstrumentedFetch['log'];
}

/** A fetch that counts what it sends and can be told to misbehave. */
function instrumentedFetch(): InstrumentedFetch {
  let inflight = 0;
  const wrapped: InstrumentedFetch = {
    log: [],
    maxInflight: 0,
    intercept: null,
    fetch: async (input, init = {}) => {
      const url = String(input);
      wrapped.log.push({method: init.method ?? 'GET', url, body: String(init.body ?? '')});
      inflight++;
      wrapped.maxInflight = Math.max(wrapped.maxInflight, inflight);
      try {
        const answer: Response | null | undefined = await wrapped.intercept?.(url, init);
        return answer ?? (await fetch(input, init));
      } finally {
        inflight--;
      }
    },
    puts: () => wrapped.log.filter((r) => r.method === 'PUT'),
  };
  return wrapped;
}

describe('session against the reference service', () => {
  test('starts a real model and applies select, setValue and setText', async () => {
    const svc = await service();
    const s = session(svc);
    const configuration = await s.start(model);
    assert.match(configuration.id, /^[0-9a-f-]{36}$/);
    assert.equal(s.snapshot.status, 'ready');
    assert.equal(s.lang, 'en');
    assert.equal(configuration.featureModel.name, model);

    const headrest = nodeNamed(configuration, 'Headrest');
    const highBack = nodeNamed(configuration, 'High back');
    const width = nodeNamed(configuration, 'Seat width');
    const engravingText = nodeNamed(configuration, 'Engraving name');
    assert.equal(s.snapshot.values.get(headrest.id), 0);

    const changes: SessionChangeEvent[] = [];
    s.addEventListener('change', (event) => changes.push(event));
    const selected = await s.select(headrest.id, true);
    assert.equal(s.snapshot.values.get(headrest.id), 1);
    // The rules switched the high back on too: both are reported.
    assert.ok(selected.changes.includes(headrest.id));
    assert.ok(selected.changes.includes(highBack.id));
    assert.equal(changes.length, 1);
    assert.equal(changes[0].source, 'user');

    await s.setValue(width.id, 52);
    assert.equal(s.snapshot.values.get(width.id), 52);

    const text = await s.setText(engravingText.id, 'Ada');
    assert.equal(s.snapshot.texts.get(engravingText.id), 'Ada');
    assert.ok(text.changes.includes(engravingText.id));

    // Selecting what is already on changes nothing: no event.
    const before = changes.length;
    assert.deepEqual((await s.select(headrest.id, true)).changes, []);
    assert.equal(changes.length, before);
    assert.ok(svc.requests.some((r) => r.path.startsWith('/configurator/3/configurator/')));
  });

  test('changes language, opens by code and requests a quote', async () => {
    const svc = await service();
    const s = session(svc, {lang: 'en'});
    const configuration = await s.start(model);
    const warranty = nodeNamed(configuration, '5 years');

    const nl = await s.changeLanguage('nl');
    assert.equal(nl.languageIso, 'nl');
    assert.equal(s.lang, 'nl');
    assert.equal(nodeNamed(configuration, 'Headrest').id, nodeNamed(nl, 'Hoofdsteun').id);
    assert.equal(s.snapshot.configuration?.languageIso, 'nl');
    assert.ok(svc.requests.some((r) => r.path.endsWith('/changelanguage') && r.status === 200));

    // The warranty is mandatory: no quote before it is answered.
    await assert.rejects(requestQuote(s, {email: 'ada@example.com'}), {
      code: ErrorCode.quoteBlocked,
    });
    await s.select(warranty.id, true);
    const code = s.code!;
    assert.match(code, /^[A-Z]{8}$/);

    const copy = session(svc, {lang: 'nl'});
    const opened = await copy.open(code);
    // A code copies the configuration into a new session.
    assert.notEqual(opened.id, s.id);
    assert.equal(copy.snapshot.values.get(warranty.id), 1);
    assert.deepEqual(copy.snapshot.values, s.snapshot.values);

    const quote = await requestQuote(
      s,
      {email: 'ada@example.com', firstName: 'Ada'},
      {quantity: 2},
    );
    assert.equal(typeof quote.quotationId, 'string');
    assert.ok((quote.quotationId ?? '').length > 0);
  });

  test('restart starts the same model anew', async () => {
    const svc = await service();
    const s = session(svc);
    const first = await s.start(model);
    await s.select(nodeNamed(first, 'Foot ring').id, true);
    const again = await s.restart();
    assert.notEqual(again.id, first.id);
    assert.equal(s.snapshot.values.get(nodeNamed(again, 'Foot ring').id), 0);
  });

  test('an unknown model is model_not_found', async () => {
    const svc = await service();
    const s = session(svc);
    const failed = nextEvent<SessionErrorEvent>(s, 'error');
    await assert.rejects(s.start('No Such Chair'), {code: ErrorCode.modelNotFound, status: 404});
    assert.equal((await failed).error.code, ErrorCode.modelNotFound);
    assert.equal(s.snapshot.status, 'error');
  });

  test('unknown nodes and sessions have their own codes', async () => {
    const svc = await service();
    const s = session(svc);
    const configuration = await s.start(model);
    await assert.rejects(s.select('00000000-0000-4000-8000-000000000000', true), {
      code: ErrorCode.notFound,
      status: 404,
    });
    // Refused inputs are dropped, not kept for a retry that cannot succeed.
    assert.equal(s.snapshot.pending.size, 0);
    await assert.rejects(session(svc).open('NOSUCHCD'), {code: ErrorCode.sessionNotFound});

    // A service that lost its sessions (a fresh one on the same port) no longer knows this one.
    const port = Number(new URL(svc.url).port);
    await svc.close();
    await service({}, port);
    const gone = nextEvent<SessionErrorEvent>(s, 'error');
    await assert.rejects(s.select(nodeNamed(configuration, 'Foot ring').id, true), {
      code: ErrorCode.sessionNotFound,
    });
    assert.equal((await gone).error.code, ErrorCode.sessionNotFound);
    // Starting anew recovers.
    const fresh = await s.restart();
    assert.notEqual(fresh.id, configuration.id);
  });

  test('coalesces 20 rapid values into far fewer PUTs; the last value wins', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    const width = nodeNamed(configuration, 'Seat width');
    const steps = Array.from({length: 20}, (_, i) => 44 + (i % 7) * 2);
    steps[19] = 54;
    const calls = steps.map((value) => s.setValue(width.id, value));
    const results = await Promise.all(calls);
    const puts = wire.puts().filter((r) => JSON.parse(r.body).featureModelNodeId === width.id);
    assert.ok(puts.length <= 3, `${puts.length} PUTs for 20 values`);
    assert.equal(JSON.parse(puts.at(-1)!.body).value, 54);
    assert.equal(s.snapshot.values.get(width.id), 54);
    assert.equal(results.at(-1)!.configuration.values[width.id], 54);
    assert.equal(wire.maxInflight, 1);
  });

  test('applies inputs in order, one at a time, never out of order', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    const names = ['White', 'Polished silver', 'Graphite', 'Black', 'White'];
    const colours = names.map((name) => nodeNamed(configuration, name).id);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    // The first answer is slow, so the rest queue up behind it.
    const slow = deferred();
    let held = false;
    wire.intercept = async (_url, init) => {
      if (init.method === 'PUT' && !held) {
        held = true;
        await slow.promise;
      }
      return null;
    };
    const calls = [
      ...colours.map((id) => s.select(id, true)),
      s.select(footRing, true),
      s.select(footRing, false),
      s.select(footRing, true),
    ];
    await until(s, 'snapshot', () => s.snapshot.pending.size > 0);
    assert.deepEqual(s.snapshot.pending.get(footRing), {on: true});
    slow.resolve();
    await Promise.all(calls);
    const sent = wire.puts().map((r) => JSON.parse(r.body));
    assert.deepEqual(
      sent.map((b) => [b.featureModelNodeId, b.value]),
      [...colours.map((id) => [id, 1]), [footRing, 1], [footRing, 0], [footRing, 1]],
    );
    assert.equal(wire.maxInflight, 1);
    assert.equal(s.snapshot.values.get(colours.at(-1)!), 1);
    assert.equal(s.snapshot.values.get(nodeNamed(configuration, 'Black').id), 0);
    assert.equal(s.snapshot.values.get(footRing), 1);
    assert.equal(s.snapshot.pending.size, 0);
  });

  test('dispose aborts the request in flight', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    const seen = deferred<AbortSignal>();
    wire.intercept = (_url, init) =>
      new Promise((_resolve, reject) => {
        const signal = init.signal!;
        seen.resolve(signal);
        signal.addEventListener('abort', () => reject(signal.reason), {once: true});
      });
    const pending = s.select(nodeNamed(configuration, 'Foot ring').id, true);
    const signal = await seen.promise;
    let events = 0;
    s.addEventListener('snapshot', () => events++);
    s.addEventListener('error', () => events++);
    s.dispose();
    assert.equal(signal.aborted, true);
    await assert.rejects(pending, {code: ErrorCode.aborted});
    assert.equal(s.snapshot.status, 'disposed');
    assert.equal(events, 0);
  });

  test("a caller's signal aborts its start or quote request; the session stays usable", async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const seen = deferred<AbortSignal>();
    wire.intercept = (url, init) =>
      url.includes('/new/')
        ? new Promise((_resolve, reject) => {
            const signal = init.signal!;
            seen.resolve(signal);
            signal.addEventListener('abort', () => reject(signal.reason), {once: true});
          })
        : Promise.resolve(null);
    const caller = new AbortController();
    const starting = s.start(model, {signal: caller.signal});
    const signal = await seen.promise;
    assert.equal(signal.aborted, false);
    caller.abort();
    assert.equal(signal.aborted, true);
    await assert.rejects(starting, {code: ErrorCode.aborted});

    wire.intercept = null;
    const configuration = await s.start(model, {signal: new AbortController().signal});
    assert.equal(s.snapshot.configuration?.id, configuration.id);
    await s.select(nodeNamed(configuration, '5 years').id, true);
    const sent = deferred<AbortSignal>();
    wire.intercept = (url, init) =>
      url.includes('/requestquote')
        ? new Promise((_resolve, reject) => {
            const signal = init.signal!;
            sent.resolve(signal);
            signal.addEventListener('abort', () => reject(signal.reason), {once: true});
          })
        : Promise.resolve(null);
    const quoting = new AbortController();
    const quote = requestQuote(s, {email: 'ada@example.com'}, {signal: quoting.signal});
    const quoteSignal = await sent.promise;
    quoting.abort();
    assert.equal(quoteSignal.aborted, true);
    await assert.rejects(quote, {code: ErrorCode.aborted});
    // Only the caller's request ended: the session and its configuration stay.
    assert.equal(s.snapshot.status, 'ready');
    assert.equal(s.snapshot.configuration?.id, s.id);
  });

  test('a 401 renews the token once and replays the request', async () => {
    const svc = await service();
    const real = await requestToken(svc.url);
    let handedOut = 0;
    // The first token is one the service never issued.
    const tokens = functionTokenSource(async () => {
      handedOut++;
      return handedOut === 1
        ? {accessToken: 'not-a-token-the-service-knows', expiresIn: 3600}
        : {accessToken: real.access_token, expiresIn: real.expires_in};
    });
    const s = session(svc, {tokenSource: tokens});
    const configuration = await s.start(model);
    assert.equal(handedOut, 2);
    const refused = svc.requests.filter((r) => r.status === 401);
    assert.equal(refused.length, 1);
    assert.match(refused[0].path, /^\/api\/3\/configurator\/new\//);
    await s.select(nodeNamed(configuration, 'Foot ring').id, true);
    assert.equal(handedOut, 2);
    assert.equal(svc.requests.filter((r) => r.status === 401).length, 1);
  });

  test('a token is renewed before it expires; an expired one once after a 401', async () => {
    // Two clocks: the service's may run ahead of the page's, as real clocks do.
    let serviceClock = Date.parse('2026-03-01T10:00:00Z');
    let pageClock = serviceClock;
    const svc = await service({now: () => serviceClock, tokenLifetimeSeconds: 600});
    const tokens = serviceTokens(svc.url, () => pageClock);
    const s = session(svc, {tokenSource: tokens});
    const configuration = await s.start(model);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    assert.equal(tokens.fetched, 1);

    // 595 s of 600: inside the renewal margin, so the next call gets a fresh token first.
    serviceClock += 595_000;
    pageClock += 595_000;
    await s.select(footRing, true);
    assert.equal(tokens.fetched, 2);
    assert.equal(svc.requests.filter((r) => r.status === 401).length, 0);

    // The service's clock jumps past the token's expiry; the page still trusts it.
    serviceClock += 700_000;
    const from = svc.requests.length;
    await s.select(footRing, false);
    const seen = svc.requests.slice(from).filter((r) => !r.path.startsWith('/connect/'));
    assert.deepEqual(
      seen.map((r) => r.status),
      [401, 200],
    );
    assert.equal(tokens.fetched, 3);
    assert.equal(s.snapshot.values.get(footRing), 0);
  });

  test('retries 503 and 429 with backoff, honouring Retry-After', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {
      fetch: wire.fetch,
      retry: {attempts: 3, baseDelayMs: 40, maxDelayMs: 2000},
    });
    const configuration = await s.start(model);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    let unavailable = 2;
    wire.intercept = async (_url, init) => {
      if (init.method !== 'PUT' || unavailable === 0) return null;
      unavailable--;
      return Response.json({code: 'unavailable', message: 'Busy'}, {status: 503});
    };
    let started = performance.now();
    await s.select(footRing, true);
    // Equal jitter: at least 20 ms, then at least 40 ms.
    assert.ok(performance.now() - started >= 55);
    assert.equal(wire.puts().length, 3);
    assert.equal(s.snapshot.values.get(footRing), 1);

    let limited = 1;
    wire.intercept = async (_url, init) => {
      if (init.method !== 'PUT' || limited === 0) return null;
      limited--;
      return Response.json(
        {code: 'rate_limited', message: 'Slow down'},
        {status: 429, headers: {'Retry-After': '1'}},
      );
    };
    started = performance.now();
    await s.select(footRing, false);
    assert.ok(performance.now() - started >= 990, 'waited for Retry-After: 1');
    assert.equal(s.snapshot.values.get(footRing), 0);
  });

  test('a service that fails N times: choices stay pending and are re-applied', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    const engraving = nodeNamed(configuration, 'Engraving name').id;
    let failures = 4;
    wire.intercept = async (_url, init) => {
      if (init.method === 'PUT' && failures > 0) {
        failures--;
        throw new TypeError('fetch failed');
      }
      return null;
    };
    let failed = nextEvent<SessionErrorEvent>(s, 'error');
    const first = s.select(footRing, true);
    const second = s.setText(engraving, 'Grace');
    assert.equal((await failed).error.code, ErrorCode.network);
    await assert.rejects(first, {code: ErrorCode.network, retryable: true});
    assert.equal(s.snapshot.status, 'ready');
    assert.equal(s.snapshot.error?.code, ErrorCode.network);
    assert.deepEqual(Object.fromEntries(s.snapshot.pending), {
      [footRing]: {on: true},
      [engraving]: {text: 'Grace'},
    });
    // The next input sends the kept ones first; they fail twice more and stay kept.
    const width = nodeNamed(configuration, 'Seat width').id;
    failed = nextEvent<SessionErrorEvent>(s, 'error');
    const third = s.setValue(width, 48);
    await failed;
    assert.equal(s.snapshot.pending.size, 3);
    // And the one after that carries everything through, in order.
    await s.setValue(width, 50);
    assert.equal((await third).configuration.values[width], 50);
    const delivered = wire.puts().slice(-3);
    assert.deepEqual(
      delivered.map((r) => JSON.parse(r.body).featureModelNodeId),
      [footRing, engraving, width],
    );
    await second;
    assert.equal(s.snapshot.values.get(footRing), 1);
    assert.equal(s.snapshot.texts.get(engraving), 'Grace');
    assert.equal(s.snapshot.values.get(width), 50);
    assert.equal(s.snapshot.error, null);
    assert.equal(s.snapshot.pending.size, 0);
  });

  test('a service stopped and restarted on the same port: retry() re-applies the choices', async () => {
    const svc = await service();
    const s = session(svc);
    const configuration = await s.start(model);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    const floorMat = nodeNamed(configuration, 'Floor protection mat').id;
    await svc.stop();

    const failed = nextEvent<SessionErrorEvent>(s, 'error');
    const first = s.select(footRing, true);
    const second = s.select(floorMat, true);
    assert.equal((await failed).error.code, ErrorCode.network);
    await assert.rejects(first, {code: ErrorCode.network});
    assert.deepEqual(Object.fromEntries(s.snapshot.pending), {
      [footRing]: {on: true},
      [floorMat]: {on: true},
    });
    await assert.rejects(s.retry(), {code: ErrorCode.network});

    await svc.reopen();
    await s.retry();
    await second;
    assert.equal(s.snapshot.values.get(footRing), 1);
    assert.equal(s.snapshot.values.get(floorMat), 1);
    assert.equal(s.snapshot.pending.size, 0);
    // The service holds them too.
    const check = session(svc);
    await check.open(s.id!);
    assert.equal(check.snapshot.values.get(floorMat), 1);
  });

  test("the browser's online event re-applies kept choices", async () => {
    const window = new EventTarget();
    const global = globalThis as {addEventListener?: unknown; removeEventListener?: unknown};
    global.addEventListener = window.addEventListener.bind(window);
    global.removeEventListener = window.removeEventListener.bind(window);
    cleanups.push(() => {
      delete global.addEventListener;
      delete global.removeEventListener;
    });
    const svc = await service();
    const s = session(svc);
    const configuration = await s.start(model);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    await svc.stop();
    await assert.rejects(s.select(footRing, true), {code: ErrorCode.network});
    await svc.reopen();
    window.dispatchEvent(new Event('online'));
    await until(s, 'snapshot', () => s.snapshot.values.get(footRing) === 1);
    assert.equal(s.snapshot.pending.size, 0);
  });

  test('a conflict pauses the queue until accepted or cancelled', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    const headrest = nodeNamed(configuration, 'Headrest').id;
    const coatHanger = nodeNamed(configuration, 'Coat hanger').id;
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    await s.select(headrest, true);

    // The coat hanger excludes the headrest the shopper chose: the service asks first.
    const conflict = nextEvent<Event & {conflicts: {feature: {id: string}}[]}>(s, 'conflict');
    const hanger = s.select(coatHanger, true);
    const event = await conflict;
    assert.equal(event.conflicts[0].feature.id, headrest);
    assert.equal(s.snapshot.conflict?.requirement.featureModelNodeId, coatHanger);
    const sent = wire.puts().length;
    const later = s.select(footRing, true);
    assert.equal(wire.puts().length, sent, 'paused while the conflict waits');
    await assert.rejects(requestQuote(s, {}), {code: ErrorCode.conflictPending});

    const cancelled = await s.resolveConflict(false);
    assert.equal(cancelled?.cancelled, true);
    assert.deepEqual((await hanger).changes, []);
    await later;
    assert.equal(s.snapshot.values.get(headrest), 1);
    assert.equal(s.snapshot.values.get(coatHanger), 0);
    assert.equal(s.snapshot.values.get(footRing), 1);

    const again = nextEvent(s, 'conflict');
    const retried = s.select(coatHanger, true);
    await again;
    const accepted = await s.resolveConflict(true);
    assert.deepEqual(accepted?.changes.sort(), [coatHanger, headrest].sort());
    assert.deepEqual((await retried).changes.sort(), [coatHanger, headrest].sort());
    assert.match(wire.puts().at(-1)!.url, /ignoreConflicts=true/);
    assert.equal(s.snapshot.values.get(headrest), 0);
    assert.equal(s.snapshot.values.get(coatHanger), 1);
    assert.equal(s.snapshot.conflict, null);
  });

  test('a failed quote request leaves no stale error once the shopper moves on or a quote succeeds', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    await s.select(nodeNamed(configuration, '5 years').id, true);
    let failQuote = true;
    wire.intercept = async (url) => {
      if (failQuote && url.endsWith('/requestquote')) {
        return new Response(JSON.stringify({code: 'invalid_request', message: 'refused'}), {
          status: 400,
          headers: {'Content-Type': 'application/json'},
        });
      }
      return null;
    };
    const failed = nextEvent<SessionErrorEvent>(s, 'error');
    await assert.rejects(requestQuote(s, {email: 'ada@example.com'}), {status: 400});
    assert.equal((await failed).error.status, 400);
    assert.equal(s.snapshot.error?.status, 400);

    // Going back to the steps: nothing waits to be re-sent, so the error can go.
    s.dismissError();
    assert.equal(s.snapshot.error, null);

    // Failing again, then succeeding: the success clears the earlier failure.
    await assert.rejects(requestQuote(s, {email: 'ada@example.com'}), {status: 400});
    assert.notEqual(s.snapshot.error, null);
    failQuote = false;
    const quote = await requestQuote(s, {email: 'ada@example.com'});
    assert.ok(quote.quotationId);
    assert.equal(s.snapshot.error, null);

    // retry() with nothing to re-send also forgets the error.
    failQuote = true;
    await assert.rejects(requestQuote(s, {email: 'ada@example.com'}));
    await s.retry();
    assert.equal(s.snapshot.error, null);
  });

  test('dismissError keeps an error whose inputs wait to be re-sent', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    const s = session(svc, {fetch: wire.fetch});
    const configuration = await s.start(model);
    const footRing = nodeNamed(configuration, 'Foot ring').id;
    wire.intercept = async (_url, init) => {
      if (init.method === 'PUT') throw new TypeError('fetch failed');
      return null;
    };
    await assert.rejects(s.select(footRing, true), {code: ErrorCode.network});
    s.dismissError();
    assert.equal(s.snapshot.error?.code, ErrorCode.network);
    assert.deepEqual(Object.fromEntries(s.snapshot.pending), {[footRing]: {on: true}});
    wire.intercept = null;
    await s.retry();
    assert.equal(s.snapshot.error, null);
    assert.equal(s.snapshot.values.get(footRing), 1);
  });

  test('a per-request timeout is a retryable timeout error', async () => {
    const svc = await service();
    const wire = instrumentedFetch();
    // The deadline also covers the start, which must fit in it on a busy machine; the two
    // timed-out attempts wait for the whole of it.
    const s = session(svc, {fetch: wire.fetch, timeoutMs: 3_000});
    const configuration = await s.start(model);
    wire.intercept = (_url, init) =>
      new Promise((_resolve, reject) => {
        if (init.method !== 'PUT') return _resolve(null);
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason), {once: true});
      });
    await assert.rejects(s.select(nodeNamed(configuration, 'Foot ring').id, true), {
      code: ErrorCode.timeout,
      retryable: true,
    });
    assert.equal(wire.puts().length, 2);
  });
});
