// Revisions: each change of a session's values or texts advances its revision, the service keeps
// the state each change left (the last 20), and `copy/{code}?revision=N` makes a new session in
// exactly that state; a revision not kept is a 404 with its own code, a malformed one a 400.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {CompressedConfiguration, Configuration} from '../../../src/wire/index.js';
import {keptRevisions} from '../../../service/configurator/session-revisions.js';
import {
  chairNode,
  expectError,
  putRequirement,
  startChair,
  valueOf,
} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

let service: RunningService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const select = async (id: string, key: string, value = 1, query = '?ignoreConflicts=true') => {
  const response = await putRequirement(
    service,
    id,
    {featureModelNodeId: chairNode(key), value, isSelection: true},
    query,
  );
  assert.equal(response.status, 200);
  return json<Configuration>(response);
};

const copyOf = (code: string, revision?: string | number) =>
  service.call(
    `/configurator/3/configurator/copy/${code}${revision === undefined ? '' : `?revision=${revision}`}`,
    {method: 'POST'},
  );

/** Opens the copy of that revision: the whole configuration it was made in. */
async function openedCopy(code: string, revision: number): Promise<Configuration> {
  const response = await copyOf(code, revision);
  assert.equal(response.status, 201, await response.clone().text());
  const {id} = await json<{id: string}>(response);
  return json<Configuration>(await service.call(`/configurator/1/configurator/open/${id}`));
}

/** What a revision is: values, texts and language (not the session's identity). */
const state = (c: Configuration) => ({
  values: c.values,
  textValues: c.textValues,
  languageIso: c.languageIso,
  totalPrice: c.totalPrice,
});

describe('session revisions', () => {
  test('each change advances the revision; a copy of each kept revision is exactly that state', async () => {
    const start = await startChair(service);
    assert.equal(start.revision, 0);
    const seen = [start];
    // The headrest requires the high back: the rules change another value with it.
    const headrest = await select(start.id, 'headrest');
    assert.equal(valueOf(headrest, chairNode('back-high')), 1);
    assert.notEqual(valueOf(start, chairNode('back-high')), 1);
    seen.push(headrest);
    // A text (the engraving switches on with it), through the versioned text route.
    const text = await service.call(`/configurator/1/configurator/${start.id}/text`, {
      method: 'PUT',
      json: {featureModelNodeId: chairNode('engraving-text'), textValue: 'Ada'},
    });
    assert.equal(text.status, 200);
    seen.push(await json<Configuration>(text));
    // A compressed answer carries the revision too.
    const compressed = await putRequirement(
      service,
      start.id,
      {featureModelNodeId: chairNode('headrest'), value: 0, isSelection: true},
      '?ignoreConflicts=true&compress=true',
    );
    const changes = await json<CompressedConfiguration>(compressed);
    assert.ok(changes.compressed, 'a compressed answer');
    assert.equal(changes.revision, 3);
    seen.push(
      await json<Configuration>(
        await service.call(`/configurator/1/configurator/open/${start.id}`),
      ),
    );
    assert.deepEqual(
      seen.map((c) => c.revision),
      [0, 1, 2, 3],
    );

    // A language change is no change of values: the revision stays, and the state it leaves
    // is kept in the language it had then.
    const dutch = await service.call(`/api/3/configurator/${start.id}/changelanguage`, {
      method: 'PUT',
      body: 'nl',
      headers: {'Content-Type': 'text/plain'},
    });
    assert.equal((await json<Configuration>(dutch)).revision, 3);
    const last = await select(start.id, 'coat-hanger');
    assert.equal(last.revision, 4);

    for (const [revision, expected] of seen.entries()) {
      const copy = await openedCopy(start.code, revision);
      assert.notEqual(copy.id, start.id);
      // A new session, at its own first revision.
      assert.equal(copy.revision, 0);
      assert.deepEqual(state(copy), {
        ...state(expected),
        languageIso: revision === 3 ? 'nl' : 'en',
      });
    }
    // The current revision is the session as it is; no revision asked is that too.
    assert.deepEqual(state(await openedCopy(start.code, 4)), state(last));
    const plain = await copyOf(start.code);
    assert.equal(plain.status, 201);
  });

  test('a conflict refused changes nothing: the revision stays', async () => {
    const start = await startChair(service);
    const coat = await select(start.id, 'coat-hanger');
    assert.equal(coat.revision, 1);
    const refused = await select(start.id, 'headrest', 1, '');
    assert.ok(refused.conflicts && refused.conflicts.length > 0);
    assert.equal(refused.revision, 1);
  });

  test(`the last ${keptRevisions} revisions are kept; older and later ones are revision_not_kept (404)`, async () => {
    const start = await startChair(service);
    let last = start;
    for (let i = 0; i < keptRevisions + 2; i++) {
      last = await select(start.id, 'coat-hanger', i % 2 === 0 ? 1 : 0);
    }
    assert.equal(last.revision, keptRevisions + 2);
    const oldest = last.revision! - keptRevisions;
    assert.equal((await copyOf(start.code, oldest)).status, 201);
    for (const revision of [0, oldest - 1, last.revision! + 1, 1e15]) {
      const body = await expectError(await copyOf(start.code, revision), 404, 'revision_not_kept');
      assert.deepEqual(body.details, {revision, current: last.revision});
    }
    // The oldest kept one is still exactly its state: the slot a later change took is not it.
    const copy = await openedCopy(start.code, oldest);
    assert.equal(valueOf(copy, chairNode('coat-hanger')), oldest % 2 === 1 ? 1 : 0);
  });

  test('a malformed revision is invalid_query (400); an unknown code is not_found (404)', async () => {
    const start = await startChair(service);
    for (const revision of ['abc', '-1', '1.5', '1e3', '0x1', '99999999999999999999']) {
      await expectError(await copyOf(start.code, revision), 400, 'invalid_query');
    }
    await expectError(await copyOf('ZZZZZZZZ', 0), 404, 'not_found');
    await expectError(await copyOf('not-a-code', 0), 404, 'not_found');
  });

  test('an expired session takes its kept revisions with it', async () => {
    let wall = Date.parse('2026-01-01T00:00:00Z');
    const expiring = await startService({
      now: () => wall,
      sessionExpiryDays: 30,
      tokenLifetimeSeconds: 400 * 86_400,
    });
    try {
      const start = async () =>
        json<Configuration>(await expiring.call('/api/3/configurator/new/Office%20Chair'));
      const idle = await start();
      for (const value of [1, 0, 1]) {
        await putRequirement(
          expiring,
          idle.id,
          {featureModelNodeId: chairNode('coat-hanger'), value, isSelection: true},
          '?ignoreConflicts=true',
        );
      }
      const kept = () =>
        expiring.store
          .collection<{id: string; sessionId: string}>('sessionrevisions')
          .list()
          .filter((r) => r.sessionId === idle.id).length;
      // Its three earlier states and its current one.
      assert.equal(kept(), 4);
      wall += 31 * 86_400_000;
      // A hundred starts run an expiry.
      for (let i = 0; i < 100; i++) await start();
      assert.equal(expiring.store.collection('sessions').get(idle.id), undefined);
      assert.equal(kept(), 0);
    } finally {
      await expiring.close();
    }
  });
});
