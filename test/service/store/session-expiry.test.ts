// Sessions that were never quoted and not touched for the configured days are deleted, a batch
// at a time through their index; quoted ones and recent ones stay.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import {openStore} from '../../../service/store/index.js';
import type {SqliteStore} from '../../../service/store/sqlite-store.js';
import {chairNode} from '../../helpers/node/configurator.js';
import {json, startService} from '../../helpers/node/service.js';

const dir = mkdtempSync(join(tmpdir(), 'session-expiry-'));
after(() => rmSync(dir, {recursive: true, force: true}));

const day = 86_400_000;

test('idle unquoted sessions expire after the configured days; quoted and recent ones stay', async () => {
  let wall = Date.parse('2026-01-01T00:00:00Z');
  const store = openStore(dir) as SqliteStore;
  // Tokens outlive the days the test moves through.
  const service = await startService({
    store,
    now: () => wall,
    sessionExpiryDays: 30,
    tokenLifetimeSeconds: 400 * 86_400,
  });
  try {
    const start = async () =>
      json<{id: string; code: string}>(
        await service.call('/api/3/configurator/new/Office%20Chair'),
      );
    const idle = await start();
    const quoted = await start();
    const touched = await start();
    // A quote names `quoted`: its warranty first, then the request.
    await service.call(`/api/3/configurator/${quoted.id}`, {
      method: 'PUT',
      json: {featureModelNodeId: chairNode('warranty-5'), value: 1, isSelection: true},
    });
    const quote = await service.call('/configurator/1/configurator/requestquote', {
      method: 'POST',
      json: {quotationRequest: {email: 'a@example.com'}, configurationIds: [quoted.id]},
    });
    assert.equal(quote.status, 200, await quote.clone().text());

    wall += 20 * day;
    await service.call(`/api/3/configurator/${touched.id}/changelanguage`, {
      method: 'PUT',
      body: 'nl',
      headers: {'Content-Type': 'text/plain'},
    });
    wall += 11 * day;
    const sessions = store.collection<{id: string; quotedAt?: string}>('sessions');
    assert.equal(sessions.list().length, 3);

    // A hundred starts run an expiry: the idle one goes, the quoted one is marked and kept.
    for (let i = 0; i < 100; i++) await start();
    assert.equal(sessions.get(idle.id), undefined, 'idle for 31 days');
    assert.ok(sessions.get(quoted.id)?.quotedAt, 'quoted: kept and marked');
    assert.ok(sessions.get(touched.id), 'changed 11 days ago');
    const opened = await service.call(`/configurator/1/configurator/open/${idle.id}`);
    assert.equal(opened.status, 404);
    assert.equal(
      (await service.call(`/configurator/1/configurator/open/${quoted.id}`)).status,
      200,
    );
  } finally {
    await service.close();
  }
  // The run reads the unquoted sessions by last change through the index, not the table.
  const db = (await import('better-sqlite3')).default(join(dir, 'data.db'), {readonly: true});
  try {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT doc FROM "sessions" WHERE json_extract(doc, '$.quotedAt') IS NULL ORDER BY json_extract(doc, '$.updatedAt') ASC, ord ASC LIMIT 100`,
      )
      .all()
      .map((row) => (row as {detail: string}).detail)
      .join('; ');
    assert.match(plan, /sessions_expiry/);
    assert.doesNotMatch(plan, /TEMP B-TREE/);
  } finally {
    db.close();
  }
});
