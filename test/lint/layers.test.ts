// The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) can fail: fixtures laid out
// like the project, each breaking one rule, are cruised with the project's own rules, and every
// forbidden import must be reported (and the allowed ones must not). Every rule has a fixture.
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
  const found = await violations();
  assert.deepEqual(found, [
    'browser-code-never-imports-node: src/element/node-use.ts -> fs',
    'browser-code-never-imports-the-server-helper: src/element/token-use.ts -> src/server/token-cache.ts',
    'controllers-bridge-session-only: src/controllers/render-controller.ts -> src/element/element-part.ts',
    'engine-never-imports-models: service/engine/engine-rule.ts -> service/models/model-part.ts',
    'entities-never-import-quotations: service/entities/entity-part.ts -> service/quotations/quotation-part.ts',
    'events-are-leaves: src/events/event-leak.ts -> src/session/session-state.ts',
    'no-circular: service/cycle-a.ts -> service/cycle-b.ts',
    'server-helper-is-apart: src/server/helper.ts -> src/session/session-state.ts',
    'service-imports-only-wire: service/quote-handler.ts -> src/element/element-part.ts',
    'service-never-imports-demo: service/demo-user.ts -> demo/demo-page.ts',
    'session-is-headless: src/session/session-render.ts -> src/element/element-part.ts',
    'shared-helpers-import-nothing: src/server/rate-limiter.ts -> src/server/token-cache.ts',
    'src-never-imports-demo: src/controllers/demo-controller.ts -> demo/demo-page.ts',
    'src-never-imports-service: src/session/service-use.ts -> service/engine/engine-rule.ts',
    'views-never-import-the-session: src/view/summary-view.ts -> src/session/session-state.ts',
    'wire-imports-nothing: src/wire/wire-leak.ts -> src/session/session-state.ts',
  ]);
  // Each rule of the configuration is broken by a fixture, so none can stop working unseen.
  const broken = new Set(found.map((line) => line.slice(0, line.indexOf(':'))));
  assert.deepEqual(
    config.forbidden!.map((rule) => rule.name).filter((name) => !broken.has(name!)),
    [],
  );
});
