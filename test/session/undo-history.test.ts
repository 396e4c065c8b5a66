// Undo outside the session core, against the real reference service over real HTTP: the
// history's copies are taken between inputs (never of a later state), and each undo restores
// exactly the state the service had before the change.
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {UndoHistory} from '../../src/session/undo-history.js';
import {nodeNamed, serviceTokens, startService} from './helpers.js';
import {until} from './local-server.js';

const model = 'Office Chair';
let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** `withoutKeptCopies`: the service answers its copy route 404, as one without it does. */
async function started({withoutKeptCopies = false} = {}) {
  const svc = await startService({});
  cleanups.push(() => svc.close());
  const log: {method: string; url: string}[] = [];
  const session = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: serviceTokens(svc.url),
    fetch: async (input, init = {}) => {
      log.push({method: init.method ?? 'GET', url: String(input)});
      if (withoutKeptCopies && String(input).includes('/copy/')) {
        return Response.json({code: 'not_found', message: 'No such route'}, {status: 404});
      }
      return fetch(input, init);
    },
  });
  cleanups.push(() => session.dispose());
  const configuration = await session.start(model);
  return {session, configuration, log};
}

const opens = (log: {url: string}[]) => log.filter((r) => r.url.includes('/open/')).length;
const copies = (log: {method: string; url: string}[]) =>
  log.filter((r) => r.method === 'POST' && r.url.includes('/copy/')).length;

const state = (session: ConfiguratorSession) => ({
  values: Object.fromEntries(session.snapshot.values),
  texts: Object.fromEntries(session.snapshot.texts),
});

describe('UndoHistory', () => {
  for (const withoutKeptCopies of [false, true]) {
    test(`takes back the shopper's changes, each to exactly the earlier state${withoutKeptCopies ? ', from copies opened whole where the service keeps none' : ''}`, async () => {
      const {session, configuration, log} = await started({withoutKeptCopies});
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
      // Wait for the background copy of the latest state before undoing.
      await session.select(id('High back'), true);
      assert.equal(history.canUndo, true);

      // Each change cost a copy the service keeps; no configuration came back but the changes'.
      if (withoutKeptCopies) assert.ok(opens(log) >= 3);
      else {
        assert.equal(opens(log), 0);
        assert.ok(copies(log) >= 3, `${copies(log)} copies kept`);
      }

      const first = session.id;
      await history.undo();
      assert.deepEqual(state(session), s1);
      assert.notEqual(session.id, first);
      await history.undo();
      assert.deepEqual(state(session), s0);
      assert.equal(history.canUndo, false);
      // Nothing left: undo answers the configuration as it is.
      assert.equal((await history.undo())?.id, session.id);
      // Only the undos opened a whole configuration.
      if (!withoutKeptCopies) assert.equal(opens(log), 2);
    });
  }

  test("a host's API calls cost no copy, and a new start forgets the history", async () => {
    const {session, configuration, log} = await started();
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
