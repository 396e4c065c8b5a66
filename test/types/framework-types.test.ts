// The framework types the build writes from the manifest (scripts/framework-types.mjs), checked
// by each framework's own type checker on a page as its users write it: React 19's JSX and
// Angular's template check through tsc, Vue's templates through vue-tsc, Svelte's through
// svelte-check. In each folder of ./fixtures the good files must have no error, and in the wrong
// files every line after a `wrong:` comment (a wrong event payload, a handler for another event,
// a value the property does not take) must be one, and nothing else. The fixtures import
// `product-configurator/<framework>` by the package's own name, so its `exports` are used.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {before, describe, test} from 'node:test';
import {ensureBuilt} from '../helpers/node/embedding.js';
// @ts-expect-error: a plain ES module script without types
import {writeFrameworkTypes} from '../../scripts/framework-types.mjs';

const fixtures = resolve('test/types/fixtures');
const bin = (path: string) => resolve('node_modules', path);

interface Diagnostic {
  file: string;
  line: number;
  text: string;
}

function run(args: string[], cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {cwd, stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', fail);
    child.on('close', () => done(out));
  });
}

/** `file(line,col): error TS…: text` lines of tsc and vue-tsc without `--pretty`. */
function tscDiagnostics(out: string): Diagnostic[] {
  return [...out.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    text: m[3]!,
  }));
}

/** svelte-check's `--output machine` lines: `<time> ERROR "file" line:col "text"`. */
function svelteDiagnostics(out: string): Diagnostic[] {
  return [...out.matchAll(/^\d+ (?:ERROR|WARNING) "(.+?)" (\d+):\d+ (.*)$/gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    text: m[3]!,
  }));
}

const checkers: Record<string, () => Promise<Diagnostic[]>> = {
  react: async () =>
    tscDiagnostics(
      await run(
        [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'],
        join(fixtures, 'react'),
      ),
    ),
  angular: async () =>
    tscDiagnostics(
      await run(
        [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'],
        join(fixtures, 'angular'),
      ),
    ),
  vue: async () =>
    tscDiagnostics(
      await run(
        [bin('vue-tsc/bin/vue-tsc.js'), '-p', 'tsconfig.json', '--pretty', 'false'],
        join(fixtures, 'vue'),
      ),
    ),
  svelte: async () =>
    svelteDiagnostics(
      await run(
        [
          bin('svelte-check/bin/svelte-check'),
          '--tsconfig',
          './tsconfig.json',
          '--output',
          'machine',
          '--fail-on-warnings',
        ],
        join(fixtures, 'svelte'),
      ),
    ),
};

/** The lines of a fixture's `wrong:` comments, each just above the line with the mistake. */
function wrongMarks(file: string): number[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, i) => (/(?:\/\/|<!--)\s*wrong:/.test(text) ? [i + 1] : []));
}
const near = (line: number, mark: number) => line === mark + 1;

describe('framework types', {timeout: 600_000}, () => {
  const results: Record<string, Promise<Diagnostic[]>> = {};

  before(async () => {
    await ensureBuilt();
    // From the manifest as it is now, so an element change is checked before the next build.
    writeFrameworkTypes();
    // The four checkers at once: each mostly waits on its own type program.
    for (const [name, check] of Object.entries(checkers)) results[name] = check();
    // A rejection is read by its test; none is left unhandled meanwhile.
    for (const result of Object.values(results)) result.catch(() => {});
  });

  for (const framework of Object.keys(checkers)) {
    test(`${framework}: typed props and events; a wrong payload fails`, async () => {
      const diagnostics = await results[framework]!;
      const dir = join(fixtures, framework);
      const files = readdirSync(dir).filter((f) => !/^tsconfig|^types\.ts$/.test(f));
      const wrong = files.filter((f) => /^wrong/i.test(f));
      assert.ok(wrong.length > 0 && files.length > wrong.length, `${framework}: good and wrong`);
      const inFile = (file: string) =>
        diagnostics.filter((d) => resolve(dir, d.file) === resolve(dir, file));

      for (const file of files.filter((f) => !wrong.includes(f))) {
        assert.deepEqual(inFile(file), [], `${framework}/${file} has no error`);
      }
      for (const file of wrong) {
        const found = inFile(file);
        const marks = wrongMarks(join(dir, file));
        assert.ok(marks.length >= 1, `${file} marks its mistakes`);
        for (const mark of marks) {
          assert.ok(
            found.some((d) => near(d.line, mark)),
            `${framework}/${file}:${mark + 1} is a type error: ${JSON.stringify(found)}`,
          );
        }
        for (const d of found) {
          assert.ok(
            marks.some((mark) => near(d.line, mark)),
            `${framework}/${file}:${d.line} is an error no wrong: comment expects: ${d.text}`,
          );
        }
      }
      // Every diagnostic belongs to a fixture file (none from the generated declarations).
      for (const d of diagnostics) {
        assert.ok(files.includes(d.file.replace(/^.*[\\/]/, '')), `unexpected: ${d.file}`);
      }
    });
  }
});
