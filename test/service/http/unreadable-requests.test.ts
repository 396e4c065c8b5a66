// Requests Node's parser or the adapter refuses before the app sees them get a status and a
// JSON code like every other refusal, on the server `npm start` and `npm run service` listen with.
import assert from 'node:assert/strict';
import type {Server} from 'node:http';
import {connect, type AddressInfo} from 'node:net';
import type {Duplex} from 'node:stream';
import {after, before, describe, test} from 'node:test';
import {createApp} from '../../../service/app.js';
import {createServiceServer} from '../../../service/start.js';
import {MemoryStore} from '../../../service/store/index.js';

let server: Server;
let close: () => Promise<void>;
let port: number;

before(async () => {
  const created = createApp({store: new MemoryStore()});
  close = created.close;
  server = createServiceServer(created.app.fetch, created.fastUpdates, '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await close();
});

/** Sends `head` as written, reads the whole answer until the server closes or it is complete. */
function raw(head: string): Promise<{status: number; contentType: string; body: string}> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks).toString('latin1');
      const end = all.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(all.slice(0, end));
      // Answers on a kept-alive connection end when their body is in.
      if (end >= 0 && length && all.length - end - 4 >= Number(length[1])) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('latin1');
      const end = all.indexOf('\r\n\r\n');
      const contentType = /\r\ncontent-type: *([^\r]*)/i.exec(all.slice(0, end))?.[1] ?? '';
      resolve({status: Number(all.slice(9, 12)), contentType, body: all.slice(end + 4)});
    });
    socket.write(head);
  });
}

async function expectCode(head: string, status: number, code: string) {
  const answer = await raw(head);
  assert.equal(answer.status, status, `${JSON.stringify(head.slice(0, 60))}: ${answer.body}`);
  assert.match(answer.contentType, /^application\/json/);
  assert.equal((JSON.parse(answer.body) as {code: string}).code, code);
}

describe('requests the app never sees', () => {
  test('a Host that is not a host, a backslash or a target that is not a path: 400 malformed_request', async () => {
    for (const host of ['a b', 'a/b', 'a@b', '[zz]']) {
      await expectCode(
        `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        400,
        'malformed_request',
      );
    }
    for (const target of ['/api\\2/quotations', '*', 'api/2/quotations']) {
      await expectCode(
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        400,
        'malformed_request',
      );
    }
  });

  test('what the parser refuses: 400 malformed_request, 431 headers_too_large', async () => {
    await expectCode('NOT HTTP AT ALL\r\n\r\n', 400, 'malformed_request');
    await expectCode(
      'GET /health HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n',
      400,
      'malformed_request',
    );
    await expectCode(
      `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    );
  });

  test('a request that did not arrive in time: 408 request_timeout', async () => {
    // Node reports the timeout on its own clock (at least 30 s); the report is what is answered.
    const accepted = new Promise<Duplex>((resolve) => server.once('connection', resolve));
    const answer = new Promise<string>((resolve, reject) => {
      const client = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      client.on('data', (chunk) => chunks.push(chunk));
      client.on('error', reject);
      client.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    const timeout = Object.assign(new Error('Request timeout'), {code: 'ERR_HTTP_REQUEST_TIMEOUT'});
    server.emit('clientError', timeout, await accepted);
    const text = await answer;
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.equal(
      (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as {code: string}).code,
      'request_timeout',
    );
  });

  test('a readable request is still the app’s to answer', async () => {
    const answer = await raw(
      'GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    assert.equal(answer.status, 200);
  });
});
