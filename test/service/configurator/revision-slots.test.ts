// A session's state lives in the slot of its revision (docs/decisions/0108): an update writes
// its state, language and time into the next slot, one statement, and nothing else. A database of decision
// 105's layout (the state in the record, the states left in 20 slots) reads as it was written,
// and a session's first change moves its kept states into the ring, so undo reaches as far back
// as before.
import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import Database from 'better-sqlite3';
import type {Configuration} from '../../../src/wire/index.js';
import {
  applyText,
  encodeState,
  initialState,
  nodeIdByKey,
  type SessionState,
} from '../../../service/engine/index.js';
import {Sessions} from '../../../service/configurator/sessions.js';
import {
  keptRevisions,
  revisionSlots,
  revisionsCollection,
} from '../../../service/configurator/session-revisions.js';
import {
  MemoryStore,
  databaseFile,
  migrate,
  openStore,
  type SqliteStore,
} from '../../../service/store/index.js';
import {collectionTable} from '../../../service/store/schema.js';
import {chair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const folders: string[] = [];
after(() => {
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'revision-slots-'));
  folders.push(dir);
  return dir;
};

const model = chair();
const engraving = nodeIdByKey(model, 'engraving-text');
/** A state told apart from every other by its engraving. */
const engraved = (state: SessionState, text: string) =>
  applyText(model, state, {featureModelNodeId: engraving, textValue: text}).state;

interface Row {
  id: string;
  state?: unknown;
  revision?: number;
  updatedAt: string;
}
interface Slot {
  id: string;
  sessionId: string;
  revision: number;
  lang: string;
  state: unknown;
  updatedAt?: string;
}

test('an update is one write: its state into the slot of its revision', async () => {
  const held: Array<() => void> = [];
  const store = openStore(tempDir(), {
    groupCommits: true,
    scheduleCommit: (commit) => held.push(commit),
  }) as SqliteStore;
  let wall = Date.parse('2026-03-01T00:00:00Z');
  const sessions = new Sessions(
    store,
    () => wall,
    () => model,
  );
  const rows = store.collection<Row>('sessions');
  const slots = store.collection<Slot>(revisionsCollection);
  // The first write opens the group: what follows is the writes alone.
  let record = sessions.create(model.id, 'en', initialState(model));
  const made = rows.get(record.id)!;
  const cost = (write: () => void) => {
    const before = {
      statements: store.statements,
      rows: store.writes('sessions'),
      slots: store.writes(revisionsCollection),
    };
    write();
    return {
      statements: store.statements - before.statements,
      rows: store.writes('sessions') - before.rows,
      slots: store.writes(revisionsCollection) - before.slots,
    };
  };
  let state = record.state;
  for (let revision = 1; revision <= revisionSlots + 2; revision++) {
    state = engraved(state, `change ${revision}`);
    const next = state;
    wall += 1000;
    // The slot, a new one, then one taken over: one statement, the record untouched.
    assert.deepEqual(
      cost(() => (record = sessions.change(record, next))),
      {statements: 1, rows: 0, slots: 1},
    );
    assert.equal(record.revision, revision);
    assert.deepEqual(rows.get(record.id), made);
    assert.equal(made.state, undefined, 'the record keeps no state');
    const slot = slots.get(`${record.id}:${revision % revisionSlots}`)!;
    assert.equal(slot.revision, revision);
    assert.equal(slot.updatedAt, new Date(wall).toISOString());
    assert.deepEqual(slot.state, encodeState(model, next));
  }
  // A language change is no revision: the slot of the current one takes the language (a copy of
  // that revision, once left, has it), with the same compact state.
  assert.deepEqual(
    cost(() => (record = sessions.save({...record, lang: 'nl'}))),
    {statements: 1, rows: 0, slots: 1},
  );
  assert.equal(slots.get(`${record.id}:${record.revision! % revisionSlots}`)!.lang, 'nl');
  held.splice(0).forEach((commit) => commit());

  // Read back from the database, not from memory: the latest slot's state, language and time.
  const fresh = new Sessions(
    store,
    () => wall,
    () => model,
  );
  const read = fresh.get(record.id)!;
  assert.deepEqual(read, record);
  assert.equal(read.lang, 'nl');
  for (let revision = record.revision! - keptRevisions; revision < record.revision!; revision++) {
    assert.deepEqual(
      fresh.at(read, revision)?.state.texts,
      engraved(initialState(model), `change ${revision}`).texts,
      `revision ${revision}`,
    );
  }
  assert.equal(fresh.at(read, record.revision! - keptRevisions - 1), undefined);
  held.splice(0).forEach((commit) => commit());
  await store.close();
});

test("expiry goes by a session's last change, which the slot of its revision holds", () => {
  const day = 86_400_000;
  let wall = Date.parse('2026-01-01T00:00:00Z');
  const store = new MemoryStore();
  const rows = store.collection<Row>('sessions');
  const slots = store.collection<Slot>(revisionsCollection);
  const before = new Sessions(
    store,
    () => wall,
    () => model,
  );
  const idle = before.create(model.id, 'en', initialState(model));
  let busy = before.create(model.id, 'en', initialState(model));
  wall += 29 * day;
  busy = before.change(busy, engraved(busy.state, 'late'));
  assert.equal(rows.get(busy.id)!.updatedAt, idle.updatedAt, 'the record was not written');
  wall += 2 * day;
  // A service that holds neither session in memory reads the last change from the slots.
  const sessions = new Sessions(
    store,
    () => wall,
    () => model,
  );
  sessions.expireAfter(30);
  assert.equal(sessions.expire(), 1);
  assert.equal(sessions.get(idle.id), undefined);
  assert.equal(slots.list().filter((slot) => slot.sessionId === idle.id).length, 0);
  assert.deepEqual(sessions.get(busy.id), busy);
  // Brought forward: the next runs read past it until it is idle for 30 days.
  assert.equal(rows.get(busy.id)!.updatedAt, busy.updatedAt);
  wall += 27 * day;
  assert.equal(sessions.expire(), 0);
  wall += 2 * day;
  assert.equal(sessions.expire(), 1);
  assert.equal(sessions.get(busy.id), undefined);
  assert.equal(slots.list().length, 0);
});

/** The text of a configuration's engraving. */
const engravingOf = (configuration: Configuration) => configuration.textValues[engraving];

async function copyAt(
  service: RunningService,
  code: string,
  revision: number,
): Promise<Configuration | number> {
  const response = await service.call(
    `/configurator/3/configurator/copy/${code}?revision=${revision}`,
    {method: 'POST'},
  );
  if (response.status !== 201) return response.status;
  const {id} = await json<{id: string}>(response);
  return json<Configuration>(await service.call(`/configurator/1/configurator/open/${id}`));
}

/** Every revision in `[from, to]` copies to its own engraving and language; the ones beside are 404. */
async function expectKept(
  service: RunningService,
  code: string,
  from: number,
  to: number,
  langOf: (revision: number) => string,
) {
  for (let revision = from; revision <= to; revision++) {
    const copy = await copyAt(service, code, revision);
    assert.ok(typeof copy === 'object', `revision ${revision}: ${String(copy)}`);
    assert.equal(engravingOf(copy), `revision ${revision}`, `revision ${revision}`);
    assert.equal(copy.languageIso, langOf(revision), `revision ${revision}`);
  }
  assert.equal(await copyAt(service, code, from - 1), 404);
  assert.equal(await copyAt(service, code, to + 1), 404);
}

test("a database of decision 105's layout reads as written; a session's first change moves its kept states into the ring", async () => {
  const dir = tempDir();
  const id = randomUUID();
  const code = 'RINGFORM';
  const current = 25;
  const states: SessionState[] = [initialState(model)];
  for (let revision = 1; revision <= current + 1; revision++) {
    states.push(engraved(states[revision - 1]!, `revision ${revision}`));
  }
  // The states a change left were kept in German at revision 10 (a language change then).
  const langOf = (revision: number) => (revision === 10 ? 'de' : 'en');
  const db = new Database(join(dir, databaseFile));
  assert.equal(migrate(db, 8), 8);
  db.exec(collectionTable(revisionsCollection));
  const at = new Date().toISOString();
  db.prepare('INSERT INTO sessions (id, doc, p_code) VALUES (?, ?, ?)').run(
    id,
    JSON.stringify({
      id,
      code,
      modelId: model.id,
      lang: 'en',
      state: encodeState(model, states[current]!),
      revision: current,
      createdAt: at,
      updatedAt: at,
    }),
    code,
  );
  const keep = db.prepare(
    `INSERT INTO ${revisionsCollection} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
  );
  // Decision 105 kept revisions 0 to 24 in 20 slots, the revision modulo 20: 5 to 24 are left.
  for (let revision = 0; revision < current; revision++) {
    const slot = `${id}:${revision % keptRevisions}`;
    const doc = JSON.stringify({
      id: slot,
      sessionId: id,
      revision,
      lang: langOf(revision),
      state: encodeState(model, states[revision]!),
    });
    keep.run(slot, doc);
  }
  db.close();

  let service = await startService({store: openStore(dir, {groupCommits: true})});
  try {
    const opened = await json<Configuration>(
      await service.call(`/configurator/1/configurator/open/${id}`),
    );
    assert.equal(opened.revision, current);
    assert.equal(engravingOf(opened), `revision ${current}`);
    await expectKept(service, code, current - keptRevisions, current, langOf);

    // The first change: the kept states move into the ring's slots, the current one too.
    const changed = await service.call(`/configurator/1/configurator/${id}/text`, {
      method: 'PUT',
      json: {featureModelNodeId: engraving, textValue: `revision ${current + 1}`},
    });
    assert.equal(changed.status, 200);
    assert.equal((await json<Configuration>(changed)).revision, current + 1);
    const row = service.store.collection<Row>('sessions').get(id)!;
    assert.equal(row.state, undefined, 'the record keeps no state from now on');
    const slots = service.store.collection<Slot>(revisionsCollection);
    for (let revision = current + 1 - keptRevisions; revision <= current + 1; revision++) {
      assert.equal(slots.get(`${id}:${revision % revisionSlots}`)?.revision, revision);
    }
    await expectKept(service, code, current + 1 - keptRevisions, current + 1, langOf);
  } finally {
    await service.close();
  }

  // A restarted service reads the session from its slot.
  service = await startService({store: openStore(dir, {groupCommits: true})});
  try {
    const reopened = await json<Configuration>(
      await service.call(`/configurator/1/configurator/open/${id}`),
    );
    assert.equal(reopened.revision, current + 1);
    assert.equal(engravingOf(reopened), `revision ${current + 1}`);
    await expectKept(service, code, current + 1 - keptRevisions, current + 1, langOf);
  } finally {
    await service.close();
  }
});
