// Full v3 answers over real HTTP on the generated 2,000-node model: the plain answer (written
// from the state in a few pieces) and the gzip and brotli answers (from the rendered object)
// decode to the same bytes, with the lengths they announce, after updates that disable nodes.
import assert from 'node:assert/strict';
import {request} from 'node:http';
import {after, before, describe, test} from 'node:test';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import type {Configuration} from '../../../src/wire/index.js';
import {compileModel} from '../../../service/engine/index.js';
import {generateLargeModel} from '../../../service/models/index.js';
import {startService, type RunningService} from '../../helpers/node/service.js';

const large = compileModel(generateLargeModel({nodes: 2000, seed: 7, name: 'Large Model 2000'}));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('full answers on the large model', () => {
  let service: RunningService;
  let bearer: string;
  before(async () => {
    service = await startService({models: [large]});
    bearer = `Bearer ${await service.token()}`;
  });
  after(() => service.close());

  // node:http, not fetch: fetch inflates bodies, and the bytes on the wire are what is checked.
  const raw = (method: string, path: string, encoding: string, body?: unknown) =>
    new Promise<Raw>((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${service.url}${path}`,
        {
          method,
          headers: {
            Authorization: bearer,
            'Accept-Encoding': encoding,
            ...(text ? {'Content-Type': 'application/json'} : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks)}),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(text);
    });

  const decoded = (answer: Raw) => {
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-length'], String(answer.body.length));
    const coding = answer.headers['content-encoding'];
    return coding === 'br'
      ? brotliDecompressSync(answer.body)
      : coding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  };

  test('plain, gzip and brotli answers hold the same bytes', async () => {
    const started = await raw('GET', '/api/3/configurator/new/Large%20Model%202000?lang=de', '');
    const session = JSON.parse(decoded(started).toString('utf8')) as Configuration;
    // Nodes with `excludes` rules: choosing them disables others.
    const options = large.excludingNodes.map((index) => large.nodes[index]!.id);
    let disabledSeen = 0;
    for (let i = 0; i < 12; i++) {
      const requirement = {
        featureModelNodeId: options[(i * 7) % options.length],
        value: 1,
        isSelection: true,
      };
      const path = `/api/3/configurator/${session.id}?ignoreConflicts=true`;
      const plain = await raw('PUT', path, 'identity', requirement);
      assert.equal(plain.headers['content-encoding'], undefined);
      const bytes = decoded(plain);
      const answer = JSON.parse(bytes.toString('utf8')) as Configuration;
      assert.equal(answer.id, session.id);
      assert.equal(answer.languageIso, 'de');
      disabledSeen += bytes.toString('utf8').split('"isDisabled":true').length - 1;
      // The same state again, in each coding: the same bytes once decoded.
      const open = `/configurator/3/configurator/open/${session.id}`;
      for (const [accept, coding] of [
        ['identity', undefined],
        ['gzip', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'],
      ] as const) {
        const again = await raw('GET', open, accept);
        assert.equal(again.headers['content-encoding'], coding, accept);
        if (coding) assert.ok(again.body.length < bytes.length / 4, accept);
        assert.ok(decoded(again).equals(bytes), `${accept} after update ${i}`);
      }
    }
    assert.ok(disabledSeen > 0, 'the updates disabled nodes');
  });
});
