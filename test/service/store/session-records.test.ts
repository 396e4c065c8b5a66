// Session records written before schema 4 held the whole state, keyed by node GUID; from
// version 4 the service writes them by node position (docs/decisions/0048), and from version 9
// in the slot of the session's revision, not in its record (docs/decisions/0108). A database of
// version 3 opens, its sessions answer exactly as before, and each is written compact once it
// changes; both forms read back after a restart.
import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import Database from 'better-sqlite3';
import type {Configuration} from '../../../src/wire/index.js';
import {
  applyRequirement,
  initialState,
  isStoredState,
  nodeIdByKey,
  pictureKey,
  renderConfiguration,
  type SessionState,
} from '../../../service/engine/index.js';
import {databaseFile, migrate, openStore, schemaVersion} from '../../../service/store/index.js';
import {chair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const folders: string[] = [];
const services: RunningService[] = [];
after(async () => {
  // A test that fails half-way leaves its service open; closed here, the file still ends.
  await Promise.all(services.map((service) => service.close()));
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const start = async (options: Parameters<typeof startService>[0]) => {
  const service = await startService(options);
  services.push(service);
  return service;
};

const model = chair();
const require = (state: SessionState, key: string, value: number, isSelection = true) =>
  applyRequirement(
    model,
    state,
    {featureModelNodeId: nodeIdByKey(model, key), value, isSelection},
    {ignoreConflicts: true},
  ).state;

/** The answer the engine gives for a state, as the service serves it. */
const rendered = (state: SessionState, id: string, code: string, lang = 'en', revision = 0) => ({
  ...renderConfiguration(model, state, {id, code, lang, conflicts: null}),
  linkedConfigurationModels: [],
  revision,
  pictureKey: pictureKey(model, state),
});

const storedDoc = (dir: string, id: string) => {
  const db = new Database(join(dir, databaseFile), {readonly: true});
  try {
    const doc = db.prepare('SELECT doc FROM sessions WHERE id = ?').pluck().get(id) as string;
    return {
      doc: JSON.parse(doc) as {state: unknown},
      version: db.pragma('user_version', {simple: true}),
    };
  } finally {
    db.close();
  }
};

test('a version 3 session record answers as before and is written compact when it changes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'session-records-'));
  folders.push(dir);
  // What the service wrote up to schema 3: the record with its whole state.
  let state = initialState(model);
  state = require(state, 'headrest', 1);
  state = require(state, 'seat-width', 52, false);
  state = require(state, 'frame-white', 1);
  assert.ok(state.requirements.length >= 3);
  const id = randomUUID();
  const code = 'OLDFORMA';
  const db = new Database(join(dir, databaseFile));
  assert.equal(migrate(db, 3), 3);
  const at = new Date().toISOString();
  db.prepare('INSERT INTO sessions (id, doc, p_code) VALUES (?, ?, ?)').run(
    id,
    JSON.stringify({id, code, modelId: model.id, lang: 'nl', state, createdAt: at, updatedAt: at}),
    code,
  );
  db.close();

  let service = await start({store: openStore(dir)});
  const opened = await service.call(`/configurator/1/configurator/open/${id}`);
  assert.equal(opened.status, 200);
  assert.deepStrictEqual(await json<Configuration>(opened), rendered(state, id, code, 'nl'));
  const copied = await json<Configuration>(
    await service.call(`/configurator/1/configurator/open/${code}`),
  );
  assert.notEqual(copied.id, id);
  assert.deepStrictEqual(copied, rendered(state, copied.id, copied.code, 'nl'));
  // Read only: the record keeps its form until the session changes.
  const sessions = () => service.store.collection<{id: string; state: unknown}>('sessions');
  assert.equal(isStoredState(sessions().get(id)!.state), false);

  const original = state;
  const update = await service.call(`/api/3/configurator/${id}?ignoreConflicts=true`, {
    method: 'PUT',
    json: {featureModelNodeId: nodeIdByKey(model, 'armrests'), value: 0, isSelection: true},
  });
  assert.equal(update.status, 200);
  state = require(state, 'armrests', 0);
  assert.deepStrictEqual(await json<Configuration>(update), rendered(state, id, code, 'nl', 1));
  // From schema 9 the state is in the slot of its revision, compact (docs/decisions/0108).
  const slot = (session: string, revision: number) =>
    service.store
      .collection<{id: string; revision: number; state: unknown}>('sessionrevisions')
      .get(`${session}:${revision}`);
  assert.equal(sessions().get(id)!.state, undefined, 'the record keeps no state');
  assert.ok(isStoredState(slot(id, 1)?.state), 'written compact');
  assert.ok(isStoredState(slot(id, 0)?.state), 'the state it left, compact');
  assert.ok(isStoredState(slot(copied.id, 0)?.state), 'a new session is compact');
  await service.close();

  const written = storedDoc(dir, id);
  assert.equal(written.version, schemaVersion);
  assert.equal(schemaVersion, 9);
  assert.equal(written.doc.state, undefined);

  // A restarted service reads the compact records from the database (nothing in memory).
  service = await start({store: openStore(dir)});
  const reopened = await service.call(`/configurator/1/configurator/open/${id}`);
  assert.deepStrictEqual(await json<Configuration>(reopened), rendered(state, id, code, 'nl', 1));
  const copy = await service.call(`/configurator/1/configurator/open/${copied.id}`);
  // The copy was made from the record as it was before the update.
  assert.deepStrictEqual(
    await json<Configuration>(copy),
    rendered(original, copied.id, copied.code, 'nl'),
  );
  await service.close();
});

test('a session whose model is no longer offered still answers 404 model_unavailable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'session-records-'));
  folders.push(dir);
  let service = await start({store: openStore(dir)});
  const started = await json<Configuration>(
    await service.call('/api/3/configurator/new/Office%20Chair'),
  );
  await service.close();
  service = await start({store: openStore(dir), models: []});
  const response = await service.call(`/configurator/1/configurator/open/${started.id}`);
  assert.equal(response.status, 404);
  assert.equal((await json<{code: string}>(response)).code, 'model_unavailable');
  await service.close();
});
