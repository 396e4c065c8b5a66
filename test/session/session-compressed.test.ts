// The session asks for compressed update answers and merges them: against the real reference
// service over real HTTP, the configuration it holds after each update equals the whole
// configuration the service sends when asked for it, field for field.
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {ErrorCode} from '../../src/session/errors.js';
import {ConfigurationMergeError} from '../../src/session/merge-configuration.js';
import type {Configuration} from '../../src/wire/index.js';
import {nodeNamed, serviceTokens, startService, type RunningService} from './helpers.js';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A fetch that logs update URLs and the size of each answer. */
function loggingFetch() {
  const log: {url: string; bytes: number}[] = [];
  const logged: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    if (init?.method === 'PUT') log.push({url: String(input), bytes: text.length});
    return response;
  };
  return {log, fetch: logged};
}

async function setUp() {
  const svc: RunningService = await startService();
  cleanups.push(() => svc.close());
  const logging = loggingFetch();
  const session = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: serviceTokens(svc.url),
    fetch: logging.fetch,
    loadMerge,
  });
  cleanups.push(() => session.dispose());
  return {svc, session, log: logging.log};
}

/** The whole configuration of a session, as the service sends it to whoever opens it. */
async function whole(svc: RunningService, id: string): Promise<Configuration> {
  const reader = new ConfiguratorSession({apiUrl: svc.url, tokenSource: serviceTokens(svc.url)});
  cleanups.push(() => reader.dispose());
  return reader.open(id);
}

const loadMerge = () => import('../../src/session/merge-configuration.js');

describe('compressed update answers', () => {
  test('asks compress=true on every v3 update and holds what a whole answer holds', async () => {
    const {svc, session, log} = await setUp();
    const started = await session.start('Office Chair');
    const pick = (name: string) => nodeNamed(session.snapshot.configuration ?? started, name).id;
    await session.select(pick('White'), true);
    await session.setValue(pick('Seat width'), 52);
    await session.select(pick('Headrest'), true).catch(() => {});
    if (session.snapshot.conflict) await session.resolveConflict(true);
    await session.select(pick('High back'), true);

    const updates = log.filter((r) => /\/api\/3\/configurator\/[^/?]+\?/.test(r.url));
    assert.ok(updates.length >= 4);
    for (const r of updates) assert.match(r.url, /[?&]compress=true\b/);
    // Only what changed came over the wire: far less than a whole answer.
    const full = await whole(svc, session.id!);
    const wholeBytes = JSON.stringify(full).length;
    for (const r of updates) assert.ok(r.bytes < wholeBytes / 2, `${r.bytes} of ${wholeBytes}`);

    const held = session.snapshot.configuration!;
    assert.deepEqual(held.values, full.values);
    assert.deepEqual(held.textValues ?? {}, full.textValues ?? {});
    assert.deepEqual(held.featureModel, full.featureModel);
    assert.equal(held.totalPriceIncVATLabel, full.totalPriceIncVATLabel);
    assert.deepEqual(held.unansweredMandatories, full.unansweredMandatories);
  });

  test('takes the whole configuration instead when an answer was missed', async () => {
    const {svc, session, log} = await setUp();
    await session.start('Office Chair');
    // Another client changes the session: the next compressed answer has another base.
    const other = new ConfiguratorSession({apiUrl: svc.url, tokenSource: serviceTokens(svc.url)});
    cleanups.push(() => other.dispose());
    await other.open(session.id!);
    const config = other.snapshot.configuration!;
    await other.select(nodeNamed(config, 'White').id, true);
    await other.setValue(nodeNamed(config, 'Seat width').id, 50);

    await session.setValue(nodeNamed(config, 'Seat width').id, 54);
    const full = await whole(svc, session.id!);
    const held = session.snapshot.configuration!;
    assert.deepEqual(held.values, full.values);
    assert.deepEqual(held.featureModel, full.featureModel);
    // One compressed attempt, then the same update asking for a whole answer.
    const mine = log.filter((r) => /\/api\/3\/configurator\/[^/?]+\?/.test(r.url));
    assert.equal(mine.length, 2);
    assert.match(mine[0]!.url, /compress=true/);
    assert.doesNotMatch(mine[1]!.url, /compress=true/);
  });

  test('asks for whole answers without a merge, or while it cannot be loaded', async () => {
    const svc: RunningService = await startService();
    cleanups.push(() => svc.close());
    for (const options of [{}, {loadMerge: () => Promise.reject(new Error('offline'))}]) {
      const logging = loggingFetch();
      const session = new ConfiguratorSession({
        apiUrl: svc.url,
        tokenSource: serviceTokens(svc.url),
        fetch: logging.fetch,
        ...options,
      });
      cleanups.push(() => session.dispose());
      const seatWidth = nodeNamed(await session.start('Office Chair'), 'Seat width').id;
      await session.setValue(seatWidth, 52);
      const updates = logging.log.filter((r) => /\/api\/3\/configurator\/[^/?]+\?/.test(r.url));
      assert.equal(updates.length, 1);
      assert.doesNotMatch(updates[0]!.url, /compress=/);
      assert.equal(session.snapshot.values.get(seatWidth), 52);
    }
  });

  test('refuses a compressed answer of the wrong shape as bad_response, with its status', async () => {
    const svc: RunningService = await startService();
    cleanups.push(() => svc.close());
    // The service's compressed answer with a value that is not a number.
    const breaking: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'PUT' || !/compress=true/.test(String(input))) return response;
      const body = (await response.json()) as {values?: Record<string, unknown>};
      body.values = {...body.values, broken: 'wide'};
      return Response.json(body, {status: response.status});
    };
    const session = new ConfiguratorSession({
      apiUrl: svc.url,
      tokenSource: serviceTokens(svc.url),
      fetch: breaking,
      retry: {attempts: 1},
      recovery: false,
      loadMerge,
    });
    cleanups.push(() => session.dispose());
    const seatWidth = nodeNamed(await session.start('Office Chair'), 'Seat width').id;
    await loadMerge();
    const error = await session.setValue(seatWidth, 52).then(
      () => assert.fail('the update should fail'),
      (failure: unknown) => failure as {code: string; status: number | null; cause: unknown},
    );
    assert.equal(error.code, ErrorCode.badResponse);
    assert.equal(error.status, 200);
    assert.ok(error.cause instanceof ConfigurationMergeError);
  });
});

describe('a change’s price effects in its answer (docs/decisions/0109)', () => {
  test('the session adds what `_query` gives to a change, and holds the merged effects', async () => {
    const {session, log} = await setUp();
    const started = await session.start('Office Chair');
    await loadMerge();
    const step = started.featureModel.steps[0]!.id;
    const white = nodeNamed(started, 'White').id;
    // Read anew each time: what the session holds changes with every answer.
    const held = () => session.snapshot.configuration!.stepEffects;
    // Without the hook a change is sent as it always was.
    await session.select(white, true);
    assert.doesNotMatch(log.at(-1)!.url, /effectsOf/);
    assert.equal(held(), undefined);

    session._query = () => ({effectsOf: step});
    await session.select(nodeNamed(started, 'Black').id, true);
    assert.match(log.at(-1)!.url, /[?&]compress=true\b/);
    assert.equal(new URL(log.at(-1)!.url).searchParams.get('effectsOf'), step);
    assert.equal(held()?.stepId, step);
    assert.ok(held()!.effects.some((e) => e.featureModelNodeId === white));
    // A text asks for them too; a language change does not.
    await session.select(nodeNamed(started, 'Engraving').id, true);
    await session.setText(nodeNamed(started, 'Engraving name').id, 'Ada');
    assert.match(log.at(-1)!.url, /\/text\?effectsOf=/);
    assert.equal(held()?.stepId, step);
    await session.changeLanguage('nl');
    assert.doesNotMatch(log.at(-1)!.url, /effectsOf/);
    assert.equal(held(), undefined);
  });
});
