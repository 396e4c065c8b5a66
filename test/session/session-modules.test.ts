// The modules beside the headless session, each a function taking the session: the picture
// (`image`), undo's frozen copies (`copy`) and the quote request (`requestQuote`), against the
// reference service over real HTTP. They send through the session: its token, its retries, and
// its abort when the session is reset or disposed.
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {abortable} from '../../src/session/abort.js';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {ConfiguratorError, ErrorCode} from '../../src/session/errors.js';
import {image} from '../../src/session/image.js';
import {requestQuote} from '../../src/session/quote.js';
import {copy} from '../../src/session/undo-history.js';
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

interface Made {
  session: ConfiguratorSession;
  log: {method: string; url: string; auth: string | null}[];
  /** Answers instead of the service when it returns a response. */
  answer: ((url: string) => Response | null) | null;
}

/** A session whose requests are logged, with their Authorization header; `answer` may stand in. */
function session(svc: RunningService): Made {
  const made: Made = {log: [], answer: null, session: null!};
  made.session = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: serviceTokens(svc.url),
    retry: {attempts: 2, baseDelayMs: 5, maxDelayMs: 50},
    fetch: async (input, init = {}) => {
      const url = String(input);
      made.log.push({
        method: init.method ?? 'GET',
        url,
        auth: new Headers(init.headers).get('Authorization'),
      });
      return made.answer?.(url) ?? fetch(input, init);
    },
  });
  cleanups.push(() => made.session.dispose());
  return made;
}

describe('the modules beside the session', () => {
  test('image() draws the configured product with the session token', async () => {
    const svc = await service();
    const {session: s, log} = session(svc);
    await assert.rejects(image(s), {code: ErrorCode.notStarted});
    const configuration = await s.start(model);
    const step = configuration.featureModel.steps[0]!.id;

    const picture = await image(s, {size: 160, stepId: step});
    assert.ok(picture instanceof Blob);
    assert.match(picture.type, /^image\/svg\+xml/);
    assert.match(await picture.text(), /<svg/);
    const asked = log.at(-1)!;
    const url = new URL(asked.url);
    assert.equal(asked.method, 'GET');
    assert.equal(url.pathname, `/configurator/3/configurator/${configuration.id}/image`);
    assert.equal(url.searchParams.get('size'), '160');
    assert.equal(url.searchParams.get('stepId'), step);
    assert.match(asked.auth ?? '', /^Bearer \S+$/);
    // Not an input: it changes nothing the session holds.
    assert.equal(s.snapshot.busy, false);
    assert.equal(s.snapshot.configuration, configuration);
  });

  test('image() is aborted by its signal and when the session is disposed', async () => {
    const svc = await service();
    const {session: s} = session(svc);
    await s.start(model);
    const caller = new AbortController();
    caller.abort();
    await assert.rejects(image(s, {signal: caller.signal}), {code: ErrorCode.aborted});
    const byDispose = image(s);
    s.dispose();
    await assert.rejects(byDispose, {code: ErrorCode.aborted});
  });

  test('copy() makes a frozen copy of the current state and leaves the session as it is', async () => {
    const svc = await service();
    const {session: s, log} = session(svc);
    await assert.rejects(copy(s), {code: ErrorCode.notStarted});
    const configuration = await s.start(model);
    const headrest = nodeNamed(configuration, 'Headrest');
    await s.select(headrest.id, true);
    const current = s.snapshot.configuration;

    const frozen = await copy(s);
    assert.notEqual(frozen.id, s.id);
    assert.deepEqual(frozen.values, current!.values);
    assert.equal(s.snapshot.configuration, current);
    const asked = new URL(log.at(-1)!.url);
    assert.equal(asked.pathname, `/configurator/3/configurator/open/${s.code}`);
    assert.equal(asked.searchParams.get('lang'), 'en');
    // The copy is a session of its own: changing this one leaves it as it was.
    await s.select(headrest.id, false);
    const reopened = new ConfiguratorSession({
      apiUrl: svc.url,
      tokenSource: serviceTokens(svc.url),
    });
    cleanups.push(() => reopened.dispose());
    assert.deepEqual((await reopened.open(frozen.id)).values, frozen.values);
  });

  test('copy() checks the answer like every configuration, and is not sent twice', async () => {
    const svc = await service();
    let answer: 'broken' | 'lost' | null = null;
    const sent: string[] = [];
    const s = new ConfiguratorSession({
      apiUrl: svc.url,
      tokenSource: serviceTokens(svc.url),
      retry: {attempts: 3, baseDelayMs: 1, maxDelayMs: 5},
      fetch: async (input, init) => {
        const url = String(input);
        if (url.includes('/open/')) {
          sent.push(url);
          if (answer === 'broken') return Response.json({id: 'x', featureModel: {}});
          if (answer === 'lost') throw new TypeError('connection reset');
        }
        return fetch(input, init);
      },
    });
    cleanups.push(() => s.dispose());
    await s.start(model);
    answer = 'broken';
    await assert.rejects(copy(s), {code: ErrorCode.badResponse});
    answer = 'lost';
    sent.length = 0;
    await assert.rejects(copy(s), {code: ErrorCode.network});
    // It creates a session: a lost answer is not asked again.
    assert.equal(sent.length, 1);
  });

  test('requestQuote() shows as busy and reports its failure as the session error', async () => {
    const svc = await service();
    const made = session(svc);
    const s = made.session;
    const configuration = await s.start(model);
    await s.select(nodeNamed(configuration, '5 years').id, true);
    const busy: boolean[] = [];
    const errors: ConfiguratorError[] = [];
    s.addEventListener('snapshot', () => busy.push(s.snapshot.busy));
    s.addEventListener('error', (e) => errors.push(e.error));

    const quote = await requestQuote(s, {email: 'ada@example.com'});
    assert.equal(typeof quote.quotationId, 'string');
    assert.ok(busy.includes(true));
    assert.equal(s.snapshot.busy, false);

    // A refused quote request: the session's error says so, with nothing kept to send again.
    made.answer = (url) =>
      url.endsWith('/requestquote')
        ? Response.json({code: 'invalid_request', message: 'No email'}, {status: 400})
        : null;
    const refused = await requestQuote(s, {email: 'ada@example.com'}).catch((e: unknown) => e);
    assert.ok(refused instanceof ConfiguratorError);
    assert.equal(errors.at(-1), refused);
    assert.equal(s.snapshot.error, refused);
    assert.equal(s.snapshot.canRetry, false);
  });
});

describe('abortable', () => {
  test('follows the work even when the signal was aborted before, so its failure is handled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const controller = new AbortController();
      controller.abort();
      let fail!: (error: Error) => void;
      const work = new Promise<never>((_, reject) => (fail = reject));
      await assert.rejects(abortable(work, controller.signal), {code: ErrorCode.aborted});
      fail(new Error('the work failed later'));
      // Unhandled rejections are reported after the microtasks of this turn.
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
