// `npm run build` never leaves an earlier build's output beside a new one: it starts by removing
// dist/ and the framework demos (demo/build/), and writes every output before it checks sizes,
// so a budget that fails still leaves a whole build (the embedding tests load dist/ and the
// demos together; a step that fails earlier leaves them missing, and the tests build them).
// The failure itself stays: the size report is the last step and exits non-zero.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {scripts: Record<string, string>};

/** The scripts/*.mjs steps of a script, in order. */
const steps = (script: string) => [...script.matchAll(/scripts\/([a-z-]+)\.mjs/g)].map((m) => m[1]);

test('the build starts by removing dist/ and the demos', () => {
  const first = pkg.scripts.build!.split('&&')[0]!;
  assert.match(first, /rmSync/);
  assert.match(first, /'dist'/);
  assert.match(first, /'demo\/build'/);
});

test('the build writes the demos and the hashes, then checks the budgets last', () => {
  const build = steps(pkg.scripts.build!);
  assert.deepEqual(build.slice(-1), ['size-report']);
  for (const writer of ['framework-types', 'integrity', 'build-demos']) {
    assert.ok(build.indexOf(writer) >= 0, `${writer} is a build step`);
    assert.ok(build.indexOf(writer) < build.indexOf('size-report'), `${writer} before the sizes`);
  }
  // Each step only after the one before succeeded (&&), so the size report's exit code is the
  // build's.
  assert.doesNotMatch(pkg.scripts.build!, /;|\|\|/);
});
