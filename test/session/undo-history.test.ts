// Undo outside the session core, against the real reference service over real HTTP: where the
// answers carry a revision, a journey costs no request but its changes and each undo copies the
// revision before its change; without revisions the history's copies are taken between inputs
// (never of a later state). Either way each undo restores exactly the state the service had
// before the change.
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {ConfiguratorError} from '../../src/session/errors.js';
import {UndoHistory} from '../../src/session/undo-history.js';
import {keptRevisions} from '../../service/configurator/session-revisions.js';
import {nodeNamed, serviceTokens, startService} from './helpers.js';
import {until} from './local-server.js';

const model = 'Office Chair';
let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
  revisionsStripped = 0;
});

/**
 * `withoutRevisions`: the answers carry no `revision`, as an older service's or the real one's.
 * `withoutKeptCopies`: the service answers its copy route 404, as one without it does.
 * `failCopies`: how many copy requests to answer 500 before the service answers them.
 */
async function started({withoutRevisions = false, withoutKeptCopies = false, failCopies = 0} = {}) {
  const svc = await startService({});
  cleanups.push(() => svc.close());
  const log: {method: string; url: string}[] = [];
  const session = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: serviceTokens(svc.url),
    fetch: async (input, init = {}) => {
      log.push({method: init.method ?? 'GET', url: String(input)});
      if (String(input).includes('/copy/')) {
        if (withoutKeptCopies) {
          return Response.json({code: 'not_found', message: 'No such route'}, {status: 404});
        }
        if (failCopies > 0) {
          failCopies--;
          return Response.json({code: 'internal_error', message: 'Failed'}, {status: 500});
        }
      }
      const response = await fetch(input, init);
      if (!withoutRevisions || !response.ok || !String(input).includes('/configurator/')) {
        return response;
      }
      const body = (await response.json()) as Record<string, unknown>;
      if (typeof body.revision === 'number') revisionsStripped++;
      delete body.revision;
      return Response.json(body, {status: response.status});
    },
  });
  cleanups.push(() => session.dispose());
  const configuration = await session.start(model);
  return {session, configuration, log, svc};
}

/** Answers whose `revision` the fetch took out (`withoutRevisions`). */
let revisionsStripped = 0;

const opens = (log: {url: string}[]) => log.filter((r) => r.url.includes('/open/')).length;
const copies = (log: {method: string; url: string}[]) =>
  log.filter((r) => r.method === 'POST' && r.url.includes('/copy/')).length;

const state = (session: ConfiguratorSession) => ({
  values: Object.fromEntries(session.snapshot.values),
  texts: Object.fromEntries(session.snapshot.texts),
});

describe('UndoHistory', () => {
  const journeys = [
    {name: 'with revisions: no request per change, a copy of the revision only to undo'},
    {name: 'without revisions: a copy kept after each change', withoutRevisions: true},
    {
      name: 'without revisions or kept copies: copies opened whole',
      withoutRevisions: true,
      withoutKeptCopies: true,
    },
  ];
  for (const options of journeys) {
    test(`takes back the shopper's changes, each to exactly the earlier state, ${options.name}`, async () => {
      const revisions = !options.withoutRevisions;
      const {session, configuration, log} = await started(options);
      const history = new UndoHistory(session, 20);
      const id = (name: string) => nodeNamed(configuration, name).id;
      assert.equal(history.canUndo, false);
      const s0 = state(session);
      await session.select(id('High back'), true);
      const s1 = state(session);
      // Typing the engraving also switches the engraving on: more than one value changes.
      await session.setText(id('Engraving name'), 'Ada');
      const s2 = state(session);
      assert.notDeepEqual(s2.values, s1.values);
      // The headrest asks for the high back, which the first change chose; the coat hanger
      // excludes the headrest: accepting it changes another value than the shopper's.
      await session.select(id('Headrest'), true);
      const s3 = state(session);
      const coat = session.select(id('Coat hanger'), true);
      await until(session, 'conflict', () => session.snapshot.conflict !== null);
      session.resolveConflict(true);
      await coat;
      const s4 = state(session);
      assert.notEqual(s4.values[id('Headrest')], s3.values[id('Headrest')]);
      // Wait for the background copy of the latest state before undoing.
      await session.select(id('Coat hanger'), true);
      assert.equal(history.canUndo, true);

      // The service's answers carried revisions; the fetch took them out here.
      if (!revisions) assert.ok(revisionsStripped >= 5, `${revisionsStripped} stripped`);
      if (revisions) {
        // Not one request but the changes' own: no copy, no open.
        assert.equal(copies(log), 0);
        assert.equal(opens(log), 0);
      } else if (options.withoutKeptCopies) assert.ok(opens(log) >= 4);
      else {
        // Each change cost a copy the service keeps; no configuration came back but the changes'.
        assert.equal(opens(log), 0);
        assert.ok(copies(log) >= 4, `${copies(log)} copies kept`);
      }
      const copiesBefore = copies(log);

      const first = session.id;
      for (const earlier of [s3, s2, s1, s0]) {
        await history.undo();
        assert.deepEqual(state(session), earlier);
      }
      assert.notEqual(session.id, first);
      assert.equal(history.canUndo, false);
      // Nothing left: undo answers the configuration as it is.
      assert.equal((await history.undo())?.id, session.id);
      // Only the undos opened a whole configuration; with revisions each asked for one copy.
      if (!options.withoutKeptCopies) assert.equal(opens(log), 4);
      if (revisions) assert.equal(copies(log) - copiesBefore, 4);
    });
  }

  test('a revision the service no longer keeps forgets the history rather than skip it', async () => {
    const {session, configuration, log, svc} = await started();
    const history = new UndoHistory(session, 20);
    const id = (name: string) => nodeNamed(configuration, name).id;
    await session.select(id('High back'), true);
    await session.select(id('Headrest'), true);
    const held = state(session);
    // Another client moves the same session on by more changes than the service keeps, back
    // to the values this one holds (so its next update merges).
    const token = `Bearer ${await svc.token()}`;
    const armrests = held.values[id('Armrests')] ?? 0;
    for (let i = 0; i < keptRevisions; i++) {
      const response = await fetch(`${svc.url}/api/3/configurator/${session.id}`, {
        method: 'PUT',
        headers: {authorization: token, 'content-type': 'application/json'},
        body: JSON.stringify({
          featureModelNodeId: id('Armrests'),
          value: i % 2 === 0 ? 1 - Number(armrests) : Number(armrests),
          isSelection: true,
        }),
      });
      assert.equal(response.status, 200);
    }
    assert.equal(history.canUndo, true);
    await assert.rejects(history.undo(), (error: ConfiguratorError) => {
      assert.equal(error.status, 404);
      assert.equal(error.code, 'session_not_found');
      return true;
    });
    // Only the revision before the last change was asked for (under each API version).
    const asked = log.filter((r) => r.url.includes('/copy/'));
    assert.ok(asked.length >= 1);
    for (const r of asked) assert.match(r.url, /\/copy\/[A-Z]{8}\?revision=1$/);
    assert.equal(opens(log), 0);
    // Forgotten whole: no undo would now skip to a state before the one that is gone.
    assert.equal(history.canUndo, false);
    assert.deepEqual(state(session), held);
    // A new change starts a new history.
    await session.select(id('White'), true);
    assert.equal(history.canUndo, true);
  });

  test('a copy that fails keeps its change to undo: asked again, it restores', async () => {
    const {session, configuration, log} = await started({failCopies: 1});
    const history = new UndoHistory(session, 20);
    const s0 = state(session);
    await session.select(nodeNamed(configuration, 'High back').id, true);
    const s1 = state(session);
    await assert.rejects(history.undo());
    assert.deepEqual(state(session), s1);
    assert.equal(history.canUndo, true);
    await history.undo();
    assert.deepEqual(state(session), s0);
    assert.equal(copies(log), 2);
  });

  test("a host's API calls cost no copy, and a new start forgets the history", async () => {
    const {session, configuration, log} = await started({withoutRevisions: true});
    const history = new UndoHistory(session);
    await session.select(nodeNamed(configuration, 'High back').id, true, {source: 'api'});
    assert.equal(copies(log), 0);
    assert.equal(history.canUndo, false);
    await session.select(nodeNamed(configuration, 'Standard back').id, true);
    // One copy of the state before the change, one of the state after it (in the background).
    // Its settling renders again (a snapshot event).
    await until(session, 'snapshot', () => copies(log) >= 2 && history.canUndo);
    assert.equal(copies(log), 2);
    assert.equal(opens(log), 0);
    assert.equal(history.canUndo, true);
    await session.restart();
    assert.equal(history.canUndo, false);
    history.detach();
    assert.equal(session.between, null);
  });
});
