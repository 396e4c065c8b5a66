// The built browser code must carry neither the token endpoint helper nor a credential. Runs
// scripts/check-bundle-secrets.mjs on dist/ (the suite builds first), and on planted copies to
// show the check can fail.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';

const dist = 'dist';
const script = 'scripts/check-bundle-secrets.mjs';
const temporary: string[] = [];
after(() => {
  for (const dir of temporary) rmSync(dir, {recursive: true, force: true});
});

function check(dir: string, ...extra: string[]) {
  const result = spawnSync(process.execPath, [script, '--dist', dir, ...extra], {
    encoding: 'utf8',
    env: {...process.env, CLIENT_SECRET: ''},
  });
  return {code: result.status, output: `${result.stdout}${result.stderr}`};
}

function requireBuild() {
  if (
    !existsSync(join(dist, 'product-configurator.js')) ||
    !existsSync(join(dist, 'token-endpoint.js'))
  ) {
    assert.fail('dist/ is not built: run `npm run build` before this test (`npm test` does)');
  }
}

function plantedCopy(plant: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-check-'));
  temporary.push(dir);
  cpSync(dist, dir, {recursive: true});
  plant(dir);
  return dir;
}

test('the built browser code holds no token endpoint code and dist/ no credential', () => {
  requireBuild();
  const result = check(dist, '--secret', 'demo-secret');
  assert.equal(result.code, 0, result.output);
  assert.match(result.output, /browser modules free of token endpoint code/);
});

test('the markers are real: the built helper module contains every one', () => {
  requireBuild();
  const helper = readFileSync(join(dist, 'token-endpoint.js'), 'utf8');
  for (const marker of [
    'connect/token',
    'serviceconnectlogin',
    'client_secret',
    'createTokenEndpoint',
  ]) {
    assert.ok(helper.includes(marker), marker);
  }
});

test('the package exports the helper apart from every browser entry', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    exports: Record<string, string | {default: string}>;
  };
  const target = (key: string) => {
    const entry = pkg.exports[key];
    return typeof entry === 'string' ? entry : entry?.default;
  };
  assert.equal(target('./token-endpoint'), './dist/token-endpoint.js');
  for (const key of ['.', './define', './bundle']) {
    assert.notEqual(target(key), './dist/token-endpoint.js');
  }
});

test('fails on helper code in a browser module, however it got there', () => {
  requireBuild();
  const inlined = plantedCopy((dir) => {
    const file = join(dir, 'product-configurator.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nconst u='/connect/token';`);
  });
  const result = check(inlined);
  assert.equal(result.code, 1);
  assert.match(result.output, /product-configurator\.js: contains "connect\/token"/);

  const imported = plantedCopy((dir) => {
    const file = join(dir, 'index.js');
    writeFileSync(file, `import './token-endpoint.js';\n${readFileSync(file, 'utf8')}`);
  });
  const viaImport = check(imported);
  assert.equal(viaImport.code, 1);
  assert.match(viaImport.output, /a browser entry imports token-endpoint\.js/);
});

test('fails on a credential anywhere in dist/, without printing it', () => {
  requireBuild();
  const secret = 'planted-secret-4711';
  const dir = plantedCopy((copy) => {
    const file = join(copy, 'token-endpoint.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport const k = '${secret}';`);
  });
  const result = check(dir, '--secret', secret);
  assert.equal(result.code, 1);
  assert.match(result.output, /token-endpoint\.js: contains a credential/);
  assert.ok(!result.output.includes(secret));
});

test('a missing build fails with a clear message', () => {
  const empty = mkdtempSync(join(tmpdir(), 'bundle-check-'));
  temporary.push(empty);
  const result = check(empty);
  assert.equal(result.code, 1);
  assert.match(result.output, /run `npm run build` first/);
});
