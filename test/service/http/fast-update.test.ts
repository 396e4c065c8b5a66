// The update route's node:http fast path (docs/decisions/0050) answers every request byte for
// byte as the Hono app does: the same requests go to the service as `npm start` serves it and
// to the app alone, and the answers' status lines, headers and bodies are compared.
import {serve} from '@hono/node-server';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import type {Server} from 'node:http';
import {connect, type AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {createApp, type AppOptions} from '../../../service/app.js';
import {createServiceServer} from '../../../service/start.js';
import {openStore} from '../../../service/store/index.js';
import type {SqliteStoreOptions} from '../../../service/store/sqlite-store.js';
import {chair, chairNode} from '../../helpers/node/configurator.js';
import {requestDemoToken} from '../../helpers/demo-token.js';

const folders: string[] = [];
after(() => {
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fast-update-'));
  folders.push(dir);
  return dir;
};

/** Every request names this host, so a same-origin page is the same for both servers. */
const host = 'service.test';
const shop = 'https://shop.example';

/** The app on a store committing in groups, served both ways. */
async function both(options: AppOptions = {}, storeOptions: SqliteStoreOptions = {}) {
  const created = createApp({
    store: openStore(tempDir(), {groupCommits: true, ...storeOptions}),
    ...options,
  });
  const fast = createServiceServer(created.app.fetch, created.fastUpdates, '127.0.0.1');
  await new Promise<void>((resolve) => fast.listen(0, '127.0.0.1', resolve));
  const hono = await new Promise<Server>((resolve) => {
    const server = serve({fetch: created.app.fetch, port: 0, hostname: '127.0.0.1'}, () =>
      resolve(server as Server),
    );
  });
  const port = (server: Server) => (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port(hono)}`;
  return {
    ...created,
    fastPort: port(fast),
    honoPort: port(hono),
    url,
    async stop() {
      for (const server of [fast, hono]) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      await created.close();
    },
  };
}

/** One answer as it came off the socket: the status line, headers in order, the body. */
interface RawAnswer {
  status: string;
  headers: [string, string][];
  body: Buffer;
}

/** Sends `head` (CRLF lines, without the blank line) and `body`, and reads the whole answer. */
function send(port: number, head: string, body: Buffer | string = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const lines = all.subarray(0, end).toString('latin1').split('\r\n');
      resolve({
        status: lines[0]!,
        headers: lines.slice(1).map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon), line.slice(colon + 1).trim()];
        }),
        body: all.subarray(end + 4),
      });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
    socket.write(body);
  });
}

interface Sent {
  method?: string;
  /** The path and query; `{id}` stands for the session. */
  target: string;
  headers?: [string, string][];
  body?: string | Buffer;
  /** Sent as chunks without a length. */
  chunked?: boolean;
}

function request({method = 'PUT', target, headers = [], body = '', chunked}: Sent, id: string) {
  const lines = [`${method} ${target.replaceAll('{id}', id)} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  if (chunked) {
    lines.push('Transfer-Encoding: chunked');
    const bytes = Buffer.from(body);
    const half = Math.floor(bytes.length / 2);
    const chunk = (part: Buffer) =>
      part.length === 0 ? '' : `${part.length.toString(16)}\r\n${part.toString('latin1')}\r\n`;
    return {
      head: lines.join('\r\n'),
      body: Buffer.from(
        chunk(bytes.subarray(0, half)) + chunk(bytes.subarray(half)) + '0\r\n\r\n',
        'latin1',
      ),
    };
  }
  if (method !== 'OPTIONS' || body !== '') {
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return {head: lines.join('\r\n'), body: typeof body === 'string' ? Buffer.from(body) : body};
}

/** The body as text, decoded from its content coding. */
function bodyText(answer: RawAnswer): string {
  const coding = answer.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
  if (coding === 'gzip') return gunzipSync(answer.body).toString();
  if (coding === 'br') return brotliDecompressSync(answer.body).toString();
  return answer.body.toString();
}

/**
 * Asserts that two answers to the same request for two sessions (ids and codes `a` and `b`)
 * are the same: status line, every header but `Date` in order, and the body with `b`'s id and
 * code read as `a`'s. A compressed body is compared decoded (the session id changes its
 * compressed bytes and length); its length header is checked against its own body.
 */
function assertSame(
  fast: RawAnswer,
  hono: RawAnswer,
  a: {id: string; code: string},
  b: {id: string; code: string},
  what: string,
) {
  assert.equal(fast.status, hono.status, what);
  const text = (answer: RawAnswer, from: {id: string; code: string}) =>
    bodyText(answer).replaceAll(from.id, '<id>').replaceAll(from.code, '<code>');
  assert.equal(text(fast, a), text(hono, b), `${what}: body`);
  const coded = fast.headers.some(([name]) => name.toLowerCase() === 'content-encoding');
  const comparable = (answer: RawAnswer) =>
    answer.headers.filter(
      ([name]) => name !== 'Date' && !(coded && name.toLowerCase() === 'content-length'),
    );
  assert.deepEqual(comparable(fast), comparable(hono), `${what}: headers`);
  for (const answer of [fast, hono]) {
    const length = answer.headers.find(([name]) => name.toLowerCase() === 'content-length');
    if (length) assert.equal(Number(length[1]), answer.body.length, `${what}: length`);
  }
}

const json = (value: unknown) => JSON.stringify(value);
const select = (key: string, value = 1) =>
  json({featureModelNodeId: chairNode(key), value, isSelection: true});
const update = '/api/3/configurator/{id}';
const compressed = `${update}?ignoreConflicts=true&compress=true`;
const plainJson: [string, string] = ['Content-Type', 'application/json'];
/** A step of the chair, for `effectsOf` (docs/decisions/0109). */
const chairStep = () => chair().steps[1]!.id;

/** Every kind of request the update route meets, plain and otherwise. */
function cases(token: string, shopperToken: string): [string, Sent][] {
  const bearer: [string, string] = ['Authorization', `Bearer ${token}`];
  const put = (target: string, body: string, headers: [string, string][] = []): Sent => ({
    target,
    body,
    headers: [bearer, plainJson, ...headers],
  });
  return [
    ['a compressed update', put(compressed, select('frame-white'))],
    ['the same again', put(compressed, select('frame-white'))],
    ['brotli accepted', put(compressed, select('frame-silver'), [['Accept-Encoding', 'br']])],
    ['gzip accepted', put(compressed, select('spare-castors'), [['Accept-Encoding', 'gzip']])],
    ['a full answer', put(`${update}?ignoreConflicts=true`, select('frame-graphite'))],
    [
      'a full answer, gzip',
      put(update, select('frame-white'), [['Accept-Encoding', 'gzip, deflate']]),
    ],
    [
      'a full answer, brotli',
      put(update, select('frame-silver'), [['Accept-Encoding', 'gzip;q=0.5, br']]),
    ],
    ['a refused encoding', put(update, select('frame-white'), [['Accept-Encoding', 'br;q=0']])],
    ['no query', put(update, select('frame-graphite'))],
    ['an empty query', put(`${update}?`, select('frame-white'))],
    [
      'flags in other cases',
      put(`${update}?COMPRESS=TRUE&IgnoreConflicts=1`, select('frame-silver')),
    ],
    ['empty flags', put(`${update}?compress=&ignoreConflicts=`, select('frame-white'))],
    ['empty parts', put(`${update}?&compress=0&&`, select('frame-graphite'))],
    ['a flag twice', put(`${update}?compress=true&compress=false`, select('frame-white'))],
    ['a bad flag', put(`${update}?compress=yes`, select('frame-white'))],
    ['another parameter', put(`${update}?compress=true&lang=nl`, select('frame-silver'))],
    ['an encoded parameter', put(`${update}?compress=%74rue`, select('frame-white'))],
    [
      'a value conflict refused',
      put(
        `${update}?compress=true`,
        json({featureModelNodeId: chairNode('seat-width'), value: 70}),
      ),
    ],
    [
      'a value conflict accepted',
      put(compressed, json({featureModelNodeId: chairNode('seat-width'), value: 70})),
    ],
    ['a rule conflict refused', put(`${update}?compress=true`, select('back-standard'))],
    ['the rule conflict', put(`${update}?compress=true`, select('headrest'))],
    [
      'fields in another case',
      put(compressed, json({FeatureModelNodeID: chairNode('headrest'), VALUE: 1})),
    ],
    ['malformed JSON', put(compressed, '{"featureModelNodeId": ')],
    ['an empty body', put(compressed, '')],
    ['a blank body', put(compressed, '  \n')],
    ['a deep body', put(compressed, '['.repeat(40) + ']'.repeat(40))],
    ['a body that is no object', put(compressed, '[1, 2]')],
    ['a missing field', put(compressed, json({value: 1}))],
    ['a bad GUID', put(compressed, json({featureModelNodeId: 'seat', value: 1}))],
    ['an unknown node', put(compressed, select('frame-white').replace(/[0-9a-f]{4}"/, 'ffff"'))],
    [
      'a bad value',
      put(compressed, json({featureModelNodeId: chairNode('seat-width'), value: 'x'})),
    ],
    ['invalid UTF-8', {...put(compressed, ''), body: Buffer.from('{"value": "\xff"}', 'latin1')}],
    [
      'a large body',
      put(compressed, `${select('frame-silver').slice(0, -1)}, "pad": "${'x'.repeat(20_000)}"}`),
    ],
    ['a body sent in chunks', {...put(compressed, select('frame-white')), chunked: true}],
    [
      'text/plain',
      {
        target: compressed,
        body: select('frame-graphite'),
        headers: [bearer, ['Content-Type', 'text/plain;charset=UTF-8']],
      },
    ],
    ['no content type', {target: compressed, body: select('frame-silver'), headers: [bearer]}],
    [
      'a +json type',
      {
        target: compressed,
        body: select('frame-white'),
        headers: [bearer, ['Content-Type', 'application/merge-patch+json']],
      },
    ],
    [
      'another type',
      {
        target: compressed,
        body: select('frame-white'),
        headers: [bearer, ['Content-Type', 'text/xml']],
      },
    ],
    ['two content types', put(compressed, select('frame-white'), [['Content-Type', 'text/plain']])],
    [
      'an unknown session',
      {
        ...put(compressed, select('frame-white')),
        target: `/api/3/configurator/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}?compress=true`,
      },
    ],
    [
      'an id that is no GUID',
      {
        ...put(compressed, select('frame-white')),
        target: '/api/3/configurator/ABCDEFGH?compress=true',
      },
    ],
    [
      'the id in capitals',
      {
        ...put(compressed, select('frame-silver')),
        target: '/api/3/configurator/{ID}?compress=true',
      },
    ],
    [
      'the path in capitals',
      {...put(compressed, select('frame-white')), target: '/API/3/Configurator/{id}?compress=true'},
    ],
    [
      'a trailing slash',
      {
        ...put(compressed, select('frame-white')),
        target: '/api/3/configurator/{id}/?compress=true',
      },
    ],
    [
      'a double slash',
      {
        ...put(compressed, select('frame-white')),
        target: '/api/3//configurator/{id}?compress=true',
      },
    ],
    ['POST', {...put(compressed, select('frame-white')), method: 'POST'}],
    ['no token', {target: compressed, body: select('frame-white'), headers: [plainJson]}],
    [
      'not a bearer token',
      {
        target: compressed,
        body: select('frame-white'),
        headers: [['Authorization', 'Basic ZGVtbzpkZW1v'], plainJson],
      },
    ],
    [
      'an unknown token',
      {
        target: compressed,
        body: select('frame-white'),
        headers: [['Authorization', 'Bearer nope'], plainJson],
      },
    ],
    [
      'a lower-case scheme',
      {
        target: compressed,
        body: select('frame-silver'),
        headers: [['Authorization', `bearer ${token}`], plainJson],
      },
    ],
    [
      'a shopper token',
      {
        target: compressed,
        body: select('frame-white'),
        headers: [['Authorization', `Bearer ${shopperToken}`], plainJson],
      },
    ],
    ['two tokens', put(compressed, select('frame-white'), [['Authorization', `Bearer ${token}`]])],
    ['an allowed origin', put(compressed, select('frame-graphite'), [['Origin', shop]])],
    [
      'another origin',
      put(compressed, select('frame-white'), [['Origin', 'https://elsewhere.example']]),
    ],
    ['the service itself', put(compressed, select('frame-silver'), [['Origin', `http://${host}`]])],
    [
      'two origins',
      put(compressed, select('frame-white'), [
        ['Origin', shop],
        ['Origin', shop],
      ]),
    ],
    [
      'a preflight',
      {
        method: 'OPTIONS',
        target: compressed,
        headers: [
          ['Origin', shop],
          ['Access-Control-Request-Method', 'PUT'],
        ],
      },
    ],
    ['a long query', put(`${compressed}${'&'.repeat(9000)}`, select('frame-white'))],
    ['effects of a step', put(`${compressed}&effectsOf=${chairStep()}`, select('frame-silver'))],
    ['effects, a full answer', put(`${update}?effectsOf=${chairStep()}`, select('frame-white'))],
    [
      'effects, the step in capitals',
      put(`${update}?EFFECTSOF=${chairStep().toUpperCase()}`, select('frame-graphite')),
    ],
    [
      'effects of a node',
      put(`${compressed}&effectsOf=${chairNode('headrest')}`, select('frame-white')),
    ],
    ['effects of no GUID', put(`${compressed}&effectsOf=seat`, select('frame-white'))],
    ['effects of nothing', put(`${compressed}&effectsOf=`, select('frame-silver'))],
    [
      'effects twice',
      put(`${compressed}&effectsOf=${chairStep()}&effectsOf=${chairStep()}`, select('frame-white')),
    ],
  ];
}

for (const allowedOrigins of ['*', [shop]] as const) {
  describe(`the update's fast path, origins ${json(allowedOrigins)}`, () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    let service: Awaited<ReturnType<typeof both>>;
    let token: string;
    let shopperToken: string;
    const sessions: {id: string; code: string}[] = [];
    before(async () => {
      service = await both({allowedOrigins, now: () => clock});
      token = (await requestDemoToken(service.url)).access_token;
      shopperToken = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
      for (let i = 0; i < 2; i++) {
        const started = await fetch(`${service.url}/api/3/configurator/new/Office%20Chair`, {
          headers: {Authorization: `Bearer ${token}`},
        });
        sessions.push((await started.json()) as {id: string; code: string});
      }
    });
    after(() => service.stop());

    /** Sends `sent` to both servers, each for its own session, and compares the answers. */
    async function compare(what: string, sent: Sent) {
      const [a, b] = sessions as [{id: string; code: string}, {id: string; code: string}];
      const upper = (s: {id: string}) => (target: string) =>
        target.replaceAll('{ID}', s.id.toUpperCase());
      const forA = request({...sent, target: upper(a)(sent.target)}, a.id);
      const forB = request({...sent, target: upper(b)(sent.target)}, b.id);
      const fast = await send(service.fastPort, forA.head, forA.body);
      const hono = await send(service.honoPort, forB.head, forB.body);
      assertSame(fast, hono, a, b, what);
      return fast;
    }

    test('answers every request as the app does', async () => {
      const answeredBefore = service.fastUpdates.answered;
      const statuses = new Set<string>();
      for (const [what, sent] of cases(token, shopperToken)) {
        statuses.add((await compare(what, sent)).status);
      }
      // The comparison covered answers the fast path gave and refusals the app gave.
      assert.ok(service.fastUpdates.answered - answeredBefore >= 15, 'answered on the fast path');
      for (const status of [
        '200 OK',
        '400 Bad Request',
        '401 Unauthorized',
        '404 Not Found',
        '415 Unsupported Media Type',
      ]) {
        assert.ok(
          [...statuses].some((line) => line.endsWith(status)),
          status,
        );
      }
    });

    test('answers an update with effects on the fast path', async () => {
      const answeredBefore = service.fastUpdates.answered;
      const answer = await compare(
        'effects of a step',
        cases(token, shopperToken).find(([what]) => what === 'effects of a step')![1],
      );
      assert.equal(service.fastUpdates.answered, answeredBefore + 1);
      const body = JSON.parse(bodyText(answer)) as {stepEffects?: {stepId: string}};
      assert.equal(body.stepEffects?.stepId, chairStep());
    });

    test('answers a failure after the save as the app does, without saving twice', async () => {
      const sessions = service.configurator.sessions;
      const save = sessions.save.bind(sessions);
      let saves = 0;
      sessions.save = (record) => {
        saves++;
        save(record);
        throw new Error('a fault after the save');
      };
      const originalError = console.error;
      console.error = () => {};
      try {
        const answer = await compare('a failure after the save', {
          target: compressed,
          body: select('frame-white'),
          headers: [['Authorization', `Bearer ${token}`], plainJson, ['Origin', shop]],
        });
        assert.match(answer.status, / 500 /);
        assert.equal(saves, 2, 'one save on each server');
      } finally {
        console.error = originalError;
        sessions.save = save;
      }
    });

    test('answers an expired token as the app does', async () => {
      clock += 2 * 3600 * 1000;
      await compare('an expired token', {
        target: compressed,
        body: select('frame-white'),
        headers: [['Authorization', `Bearer ${token}`], plainJson],
      });
    });
  });
}

test('a group whose log sync fails is answered as the app answers it', async () => {
  // Two services: a failed sync ends the store's service until a restart.
  const failing = {failNext: false};
  const syncLog: SqliteStoreOptions['syncLog'] = (_fd, done) =>
    setImmediate(done, failing.failNext ? new Error('EIO') : null);
  const services = [await both({}, {syncLog}), await both({}, {syncLog})] as const;
  const originalError = console.error;
  console.error = () => {};
  try {
    const answers: RawAnswer[] = [];
    const sessions: {id: string; code: string}[] = [];
    for (const [index, service] of services.entries()) {
      const token = (await requestDemoToken(service.url)).access_token;
      const started = await fetch(`${service.url}/api/3/configurator/new/Office%20Chair`, {
        headers: {Authorization: `Bearer ${token}`},
      });
      sessions.push((await started.json()) as {id: string; code: string});
      const sent = request(
        {
          target: compressed,
          body: select('frame-white'),
          headers: [['Authorization', `Bearer ${token}`], plainJson, ['Origin', shop]],
        },
        sessions[index]!.id,
      );
      failing.failNext = true;
      const port = index === 0 ? service.fastPort : service.honoPort;
      answers.push(await send(port, sent.head, sent.body));
      failing.failNext = false;
    }
    assert.equal(services[0].fastUpdates.answered, 1, 'the fast path took the update');
    assert.match(answers[0]!.status, / 503 /);
    assertSame(answers[0]!, answers[1]!, sessions[0]!, sessions[1]!, 'a failed sync');
  } finally {
    console.error = originalError;
    for (const service of services) await service.stop();
  }
});
