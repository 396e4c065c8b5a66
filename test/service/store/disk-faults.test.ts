import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test, type TestContext} from 'node:test';
import {databaseFile, openStore} from '../../../service/store/index.js';
import {
  failedStart,
  startServiceProcess,
  type ServiceProcess,
} from '../../helpers/node/service-process.js';

type Item = Record<string, unknown> & {id: string};

const folders: string[] = [];
const mounts: string[] = [];
const running: ServiceProcess[] = [];
after(async () => {
  for (const service of running) await service.kill();
  for (const mount of mounts.reverse()) {
    try {
      execFileSync('umount', [mount], {stdio: 'ignore'});
    } catch {
      // Already gone.
    }
  }
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-faults-'));
  folders.push(dir);
  return dir;
};
const started = async (dir: string, env?: Record<string, string>) => {
  const service = await startServiceProcess({dataDir: dir, env});
  running.push(service);
  return service;
};

/**
 * A small tmpfs, as a full disk needs. CI runs as root; where mounting is refused (no root, no
 * privilege in a container) the test is skipped with the reason printed.
 */
function mountTmpfs(t: TestContext, options: string): string | undefined {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], {stdio: 'pipe'});
  } catch (error) {
    const reason = `mounting a tmpfs was refused (${String((error as {stderr?: Buffer}).stderr ?? error).trim()})`;
    console.log(`skipped: ${reason}`);
    t.skip(reason);
    return undefined;
  }
  mounts.push(dir);
  return dir;
}

const description = (i: number) => `${i} `.padEnd(100 * 1024, 'x');

describe('a full disk', () => {
  test('refuses writes with 507, keeps earlier ones, serves reads, restarts full, recovers without a restart', async (t) => {
    const disk = mountTmpfs(t, 'size=3m');
    if (!disk) return;
    // Room to give back later, as an operator freeing space would: enough for the restart
    // below to fold the write-ahead log into the database and still issue a token (640 KB was
    // too tight once the schema gained two indexes).
    writeFileSync(join(disk, 'ballast'), Buffer.alloc(1024 * 1024));
    const dir = join(disk, 'data');
    const service = await started(dir);
    await service.token();

    const kept: Item[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const response = await service.call('/api/2/categories', {
        method: 'POST',
        json: {name: `Category ${i}`, description: description(i)},
      });
      if (response.status === 201) kept.push((await response.json()) as Item);
      else refused = response;
    }
    assert.ok(refused, 'the disk never filled up');
    assert.ok(kept.length >= 3, `only ${kept.length} writes before the disk was full`);
    assert.equal(refused.status, 507);
    assert.equal(refused.headers.get('retry-after'), '5');
    const body = (await refused.json()) as {code: string; message: string};
    assert.equal(body.code, 'storage_full');
    assert.match(body.message, /nothing was changed/);

    // Still full: refused again, and nothing half-written shows up.
    const again = await service.call('/api/2/categories', {
      method: 'POST',
      json: {name: 'Still no room', description: description(999)},
    });
    assert.equal(again.status, 507);

    // Reads are served: every acknowledged write, a filtered and ordered list, one by id.
    const listed = (await (
      await service.call('/api/2/categories?limit=1000&orderby=name&descending=true')
    ).json()) as Item[];
    assert.deepEqual(listed.map((c) => c.id).sort(), kept.map((c) => c.id).sort());
    const one = await service.call(`/api/2/categories/${kept[0]!.id}`);
    assert.equal(one.status, 200);
    assert.equal(((await one.json()) as Item).description, description(0));

    // Stopped while full, it starts again on the full disk and serves what it kept (the
    // token of the first run still works: issuing a new one is a write).
    const token = await service.token();
    await service.stop();
    const restarted = await started(dir);
    const withOldToken = (path: string, init: RequestInit = {}) =>
      fetch(`${restarted.url}${path}`, {
        ...init,
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
      });
    const whileFull = (await (await withOldToken('/api/2/categories?limit=1000')).json()) as Item[];
    assert.deepEqual(whileFull.map((c) => c.id).sort(), kept.map((c) => c.id).sort());
    const stillFull = await withOldToken('/api/2/categories', {
      method: 'POST',
      body: JSON.stringify({name: 'No room yet', description: description(1000)}),
    });
    assert.equal(stillFull.status, 507);

    // Space comes back: the next write works, on the same process.
    rmSync(join(disk, 'ballast'));
    const recovered = await withOldToken('/api/2/categories', {
      method: 'POST',
      body: JSON.stringify({name: 'After the space came back'}),
    });
    assert.equal(recovered.status, 201);
    kept.push((await recovered.json()) as Item);
    assert.match(restarted.stderr(), /SQLITE_FULL/);
    assert.match(restarted.stderr(), /writes work again/);

    // And a restart on the folder finds every acknowledged write.
    await restarted.stop();
    const second = await started(dir);
    const afterRestart = (await (
      await second.call('/api/2/categories?limit=1000')
    ).json()) as Item[];
    assert.deepEqual(afterRestart.map((c) => c.id).sort(), kept.map((c) => c.id).sort());
  });
});

describe('an I/O error', () => {
  test('refuses writes with 503 storage_unavailable and recovers once it clears', async (t) => {
    const dir = tempDir();
    const service = await started(dir);
    await service.token();
    const first = await service.call('/api/2/vats', {
      method: 'POST',
      json: {name: 'High', percentage: 21},
    });
    assert.equal(first.status, 201);
    // The file size limit of the running process, at what its files hold now: the next write
    // that grows a file fails with EFBIG, an I/O error to SQLite.
    try {
      execFileSync('prlimit', ['--pid', String(service.pid), '--fsize=4096:unlimited'], {
        stdio: 'pipe',
      });
    } catch (error) {
      const reason = `setting a file size limit was refused (${String(error).trim()})`;
      console.log(`skipped: ${reason}`);
      t.skip(reason);
      return;
    }
    const refused = await service.call('/api/2/vats', {
      method: 'POST',
      json: {name: 'Low', percentage: 9, countryIso: 'x'.repeat(64 * 1024)},
    });
    assert.equal(refused.status, 503);
    assert.equal(((await refused.json()) as {code: string}).code, 'storage_unavailable');
    const reads = (await (await service.call('/api/2/vats')).json()) as Item[];
    assert.deepEqual(
      reads.map((vat) => vat.name),
      ['High'],
    );

    execFileSync('prlimit', ['--pid', String(service.pid), '--fsize=unlimited:unlimited']);
    const recovered = await service.call('/api/2/vats', {
      method: 'POST',
      json: {name: 'Low', percentage: 9},
    });
    assert.equal(recovered.status, 201);
    await service.kill();
    const second = await started(dir);
    const names = ((await (await second.call('/api/2/vats')).json()) as Item[]).map((v) => v.name);
    assert.deepEqual(names, ['High', 'Low']);
  });
});

describe('a DATA_DIR that cannot serve stops start-up in one sentence', () => {
  const oneSentence = (stderr: string, pattern: RegExp) => {
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    assert.equal(lines.length, 1, `more than one line:\n${stderr}`);
    assert.match(lines[0]!, /^Cannot start: DATA_DIR /);
    assert.match(lines[0]!, pattern);
    assert.doesNotMatch(stderr, /\n\s+at /);
  };

  test('not a folder', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const {code, stderr} = await failedStart({dataDir: file});
    assert.equal(code, 1);
    oneSentence(stderr, new RegExp(`DATA_DIR ${file} is not a folder\\.$`));
  });

  test('held by another process', async () => {
    const dir = tempDir();
    await started(dir);
    const {code, stderr} = await failedStart({dataDir: dir});
    assert.equal(code, 1);
    oneSentence(stderr, /is in use by another process/);
  });

  test('read-only', async (t) => {
    const disk = mountTmpfs(t, 'size=1m');
    if (!disk) return;
    // A folder with data in it, then the file system turns read-only.
    const dir = join(disk, 'data');
    mkdirSync(dir);
    const store = openStore(dir);
    store.collection('vats').put({id: 'x'});
    await store.close();
    execFileSync('mount', ['-o', 'remount,ro', disk]);
    const {code, stderr} = await failedStart({dataDir: dir});
    assert.equal(code, 1);
    oneSentence(stderr, /is on a read-only file system\.$/);
  });

  test('a data.db that is not a database', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, databaseFile), 'not a database'.repeat(400));
    const {code, stderr} = await failedStart({dataDir: dir});
    assert.equal(code, 1);
    oneSentence(stderr, /holds a data\.db that is not a readable SQLite database/);
  });
});
