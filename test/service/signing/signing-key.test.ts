// The signing key is created in DATA_DIR on first start and kept: statements signed before a
// restart verify after it, against the restarted service's key set.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import {SigningKeyError, loadSigningKey, signingKeyFile} from '../../../service/signing/index.js';
import {verifyConfiguration} from '../../../src/server/token-endpoint.js';
import {chairNode} from '../../helpers/node/configurator.js';
import {failedStart, startServiceProcess} from '../../helpers/node/service-process.js';

const folders: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'signing-key-'));
  folders.push(path);
  return path;
};
after(() => folders.forEach((path) => rmSync(path, {recursive: true, force: true})));

test('created once, readable only by its owner, and the same key when loaded again', () => {
  const dir = folder();
  const first = loadSigningKey(dir);
  assert.equal(statSync(join(dir, signingKeyFile)).mode & 0o777, 0o600);
  const again = loadSigningKey(dir);
  assert.equal(again.kid, first.kid);
  assert.deepEqual(again.publicJwk, first.publicJwk);
  assert.notEqual(loadSigningKey(folder()).kid, first.kid, 'another folder, another key');
});

test('a key file that is not a P-256 private key stops the start with its path', async () => {
  const dir = folder();
  writeFileSync(join(dir, signingKeyFile), '{"kty":"oct","k":"c2VjcmV0"}');
  assert.throws(() => loadSigningKey(dir), SigningKeyError);
  const {code, stderr} = await failedStart({dataDir: dir});
  assert.equal(code, 1);
  assert.match(stderr, new RegExp(`Cannot start: .*${signingKeyFile}`));
});

test('the key survives a restart of the service process', async () => {
  const dataDir = folder();
  let service = await startServiceProcess({dataDir});
  let jws: string;
  let kid: string;
  try {
    const started = (await (
      await service.call('/api/3/configurator/new/Office%20Chair')
    ).json()) as {id: string};
    const warranty = {featureModelNodeId: chairNode('warranty-5'), value: 1, isSelection: true};
    const put = await service.call(`/api/3/configurator/${started.id}`, {
      method: 'PUT',
      json: warranty,
    });
    assert.equal(put.status, 200);
    const signed = await service.call(`/api/3/configurator/${started.id}/signed`);
    assert.equal(signed.status, 200);
    jws = ((await signed.json()) as {jws: string}).jws;
    kid = (
      (await (await fetch(`${service.url}/.well-known/jwks.json`)).json()) as {
        keys: {kid: string}[];
      }
    ).keys[0]!.kid;
  } finally {
    assert.equal(await service.stop(), 0);
  }
  service = await startServiceProcess({dataDir});
  try {
    const keys = (await (await fetch(`${service.url}/.well-known/jwks.json`)).json()) as {
      keys: {kid: string}[];
    };
    assert.deepEqual(
      keys.keys.map((key) => key.kid),
      [kid],
    );
    // The issuer is the first run's URL (another port), as a host would have configured it.
    const issuer = (
      JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString()) as {
        iss: string;
      }
    ).iss;
    const claims = await verifyConfiguration(jws, {
      jwksUrl: `${service.url}/.well-known/jwks.json`,
      issuer,
    });
    assert.ok(claims.totalExclVat > 0);
  } finally {
    await service.stop();
  }
});
