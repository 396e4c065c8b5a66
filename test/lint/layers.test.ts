// The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) can fail: fixtures laid out
// like the project, each breaking one rule, are cruised with the project's own rules, and every
// forbidden import must be reported (and the allowed one must not).
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {test} from 'node:test';
import {cruise, type IConfiguration, type IReporterOutput} from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

const violations = async () => {
  const result: IReporterOutput = await cruise(['src', 'service', 'demo'], {
    baseDir: fixtures,
    ruleSet: {forbidden: config.forbidden},
    validate: true,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('expected the cruise result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
};

test('every forbidden import of the fixtures is reported, and nothing else', async () => {
  assert.deepEqual(await violations(), [
    'no-circular: service/cycle-a.ts -> service/cycle-b.ts',
    'server-helper-is-apart: src/server/helper.ts -> src/session/session-state.ts',
    'service-imports-only-wire: service/quote-handler.ts -> src/element/element-part.ts',
    'service-never-imports-demo: service/demo-user.ts -> demo/demo-page.ts',
    'src-never-imports-demo: src/controllers/demo-controller.ts -> demo/demo-page.ts',
    'views-never-import-the-session: src/view/summary-view.ts -> src/session/session-state.ts',
  ]);
});
