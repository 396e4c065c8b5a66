// The widget's files as the reference service serves them: brotli or gzip as the client
// accepts, each coding a representation with its own tag, and the caching they had before.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {staticFiles} from '../../../service/http/static-files.js';

describe('static files', () => {
  let root: string;
  let serve: ReturnType<typeof staticFiles>;
  // Text that compresses well, as a minified script does; large enough to be worth it.
  const script = Array.from({length: 400}, (_, i) => `export const v${i} = ${i};`).join('\n');

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'static-files-'));
    mkdirSync(join(root, 'chunks'));
    writeFileSync(join(root, 'widget.js'), script);
    writeFileSync(join(root, 'chunks', 'view-abcdefgh.js'), script);
    writeFileSync(join(root, 'small.css'), 'a{color:red}');
    writeFileSync(join(root, 'picture.png'), Buffer.alloc(4096, 7));
    serve = staticFiles({root, crossOrigin: true, hashed: (path) => path.startsWith('chunks/')});
  });
  after(() => rmSync(root, {recursive: true, force: true}));

  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const answer = await serve(new Request(`http://127.0.0.1${path}`, {method, headers}));
    assert.ok(answer, `${path} is served`);
    return answer;
  };
  const bytes = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

  test('brotli where accepted: the same bytes, smaller, with their own tag', async () => {
    const answer = await get('/widget.js', {'accept-encoding': 'gzip, deflate, br'});
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-encoding'), 'br');
    assert.equal(answer.headers.get('vary'), 'accept-encoding');
    assert.match(answer.headers.get('etag')!, /-br"$/);
    assert.equal(answer.headers.get('cache-control'), 'no-cache');
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    const body = await bytes(answer);
    assert.equal(Number(answer.headers.get('content-length')), body.length);
    assert.ok(body.length < script.length / 3, `${body.length} of ${script.length} bytes`);
    assert.equal(brotliDecompressSync(body).toString(), script);
  });

  test('gzip for a client that refuses brotli or knows only gzip', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const answer = await get('/widget.js', {'accept-encoding': accepted});
      assert.equal(answer.headers.get('content-encoding'), 'gzip', accepted);
      assert.match(answer.headers.get('etag')!, /-gzip"$/);
      assert.equal(gunzipSync(await bytes(answer)).toString(), script);
    }
  });

  test('plain for a client that accepts no coding, and for what does not compress', async () => {
    const plain = await get('/widget.js');
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal((await bytes(plain)).toString(), script);
    const tags = new Set([plain.headers.get('etag')]);
    tags.add((await get('/widget.js', {'accept-encoding': 'br'})).headers.get('etag'));
    tags.add((await get('/widget.js', {'accept-encoding': 'gzip'})).headers.get('etag'));
    assert.equal(tags.size, 3, 'one tag per representation');
    for (const path of ['/small.css', '/picture.png']) {
      const answer = await get(path, {'accept-encoding': 'br, gzip'});
      assert.equal(answer.headers.get('content-encoding'), null, path);
    }
    assert.equal((await get('/picture.png', {'accept-encoding': 'br'})).headers.get('vary'), null);
  });

  test('revalidation and HEAD answer for the coding asked for', async () => {
    const first = await get('/widget.js', {'accept-encoding': 'br'});
    const etag = first.headers.get('etag')!;
    const again = await get('/widget.js', {'accept-encoding': 'br', 'if-none-match': etag});
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('vary'), 'accept-encoding');
    // The brotli tag does not validate the gzip representation.
    const other = await get('/widget.js', {'accept-encoding': 'gzip', 'if-none-match': etag});
    assert.equal(other.status, 200);
    const head = await get('/widget.js', {'accept-encoding': 'br'}, 'HEAD');
    assert.equal(head.headers.get('content-length'), first.headers.get('content-length'));
    assert.equal(head.headers.get('content-encoding'), 'br');
    assert.equal((await bytes(head)).length, 0);
  });

  test('a hashed chunk stays immutable, compressed', async () => {
    const answer = await get('/chunks/view-abcdefgh.js', {'accept-encoding': 'br'});
    assert.equal(answer.headers.get('content-encoding'), 'br');
    assert.match(answer.headers.get('cache-control')!, /immutable/);
  });

  test('a file rewritten in place is compressed anew, never served stale', async () => {
    const old = await get('/widget.js', {'accept-encoding': 'br'});
    await bytes(old);
    const changed = script.replace('v0 = 0', 'v0 = 10');
    writeFileSync(join(root, 'widget.js'), changed);
    // A later modification time, whatever the clock's resolution.
    utimesSync(join(root, 'widget.js'), new Date(), new Date(Date.now() + 5000));
    const fresh = await get('/widget.js', {'accept-encoding': 'br'});
    assert.notEqual(fresh.headers.get('etag'), old.headers.get('etag'));
    assert.equal(brotliDecompressSync(await bytes(fresh)).toString(), changed);
  });
});
