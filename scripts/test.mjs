// Runs the whole suite: Node tests (service, token endpoint, headless session) with node:test,
// then browser tests in Chromium against a reference service started over real HTTP on its own
// origin. Ends with one line `N passed, N failed` so a run that executed nothing is visible.
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {join} from 'node:path';
import {startServiceProcess} from './service-process.mjs';

const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : '';
// Files after `--` narrow the run (for example one browser test while working on it).
const picked = process.argv.includes('--')
  ? process.argv.slice(process.argv.indexOf('--') + 1)
  : [];
const results = '.test-results';
rmSync(results, {recursive: true, force: true});
mkdirSync(results, {recursive: true});

const testFiles = (dir) =>
  readdirSync(dir, {recursive: true})
    .map(String)
    .filter((f) => /\.test\.ts$/.test(f))
    .map((f) => join(dir, f))
    .sort();

const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {stdio: 'inherit', env: {...process.env, ...env}});
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const readCounts = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {passed: 0, failed: 1, skipped: 0};
  }
};

async function nodeTests() {
  const files = picked.length
    ? picked.filter((f) => !f.startsWith('test/element/'))
    : readdirSync('test', {withFileTypes: true})
        .filter((d) => d.isDirectory() && !['element', 'helpers'].includes(d.name))
        .flatMap((d) => testFiles(join('test', d.name)));
  if (files.length === 0) return {passed: 0, failed: 0, skipped: 0};
  const code = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/reporters/node-counts.mjs',
      '--test-reporter-destination=stderr',
      ...files,
    ],
    {TEST_COUNTS_FILE: `${results}/node.json`},
  );
  const counts = readCounts(`${results}/node.json`);
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function browserTests() {
  const browserPicks = picked.filter((f) => f.startsWith('test/element/'));
  if (picked.length && browserPicks.length === 0) return {passed: 0, failed: 0, skipped: 0};
  if (testFiles('test/element').length === 0) return {passed: 0, failed: 0, skipped: 0};
  // The page's origin is fixed up front so the service can allow it, as a host site would.
  const pagePort = await freePort();
  const service = await startServiceProcess({
    stderr: 'inherit',
    env: {
      ALLOWED_ORIGINS: `http://localhost:${pagePort},http://127.0.0.1:${pagePort}`,
      // Every browser test's widget shares one address and the helper's one token: the
      // budgets of a single visitor would refuse the suite.
      VISITOR_STARTS_PER_MINUTE: '100000,100000',
      VISITOR_QUOTES_PER_MINUTE: '100000,100000',
      VISITOR_FAILED_LOOKUPS_PER_MINUTE: '100000,100000',
      MAX_CONNECTIONS_PER_ADDRESS: '800',
      // The generated model beside the samples: a step of 202 options for the price effects.
      LARGE_MODEL_NODES: '2000',
    },
  });
  try {
    const code = await run(
      process.execPath,
      [
        'node_modules/@web/test-runner/dist/bin.js',
        '--config',
        'web-test-runner.config.mjs',
        ...(browserPicks.length ? ['--files', ...browserPicks] : []),
      ],
      {SERVICE_URL: service.url, WTR_PORT: String(pagePort)},
    );
    const counts = readCounts(`${results}/browser.json`);
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  } finally {
    await service.stop();
  }
}

const total = {passed: 0, failed: 0, skipped: 0};
for (const [name, suite] of [
  ['node', nodeTests],
  ['browser', browserTests],
]) {
  if (only && only !== name) continue;
  const counts = await suite();
  console.log(
    `${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  for (const key of Object.keys(total)) total[key] += counts[key];
}
const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
