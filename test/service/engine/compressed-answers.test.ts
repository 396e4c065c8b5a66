// Compressed answers (`compress=true`) merged into the previous configuration equal the full
// answers, field for field: random journeys over real HTTP on every sample model and the
// generated 2,000-node model, a compressed session beside a full session fed the same input.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {mergeConfiguration} from '../../../src/session/merge-configuration.js';
import type {
  CompressedConfiguration,
  Configuration,
  FeatureNode,
  Requirement,
} from '../../../src/wire/index.js';
import {compileModel} from '../../../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../../../service/models/index.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

const large = compileModel(generateLargeModel({nodes: 2000, seed: 7, name: 'Large Model 2000'}));

interface Choice {
  node: FeatureNode;
  kind: 'text' | 'number' | 'box' | 'option';
}

function choicesOf(configuration: Configuration): Choice[] {
  const choices: Choice[] = [];
  const visit = (node: FeatureNode) => {
    if (node.featureType === 3) choices.push({node, kind: 'text'});
    else if (node.minValue !== null && node.maxValue !== null) choices.push({node, kind: 'number'});
    else if (node.type === 0) choices.push({node, kind: 'box'});
    else if (node.type === 2 || node.type === 3) choices.push({node, kind: 'option'});
    node.features.forEach(visit);
  };
  configuration.featureModel.steps.forEach((step) => step.features.forEach(visit));
  return choices;
}

const texts = ['', 'Hello', 'Ünïcødé ✓ "quoted" \\ <b>not markup</b>', 'x'.repeat(300), '  '];
const languages = ['en', 'nl', 'de', 'fr'];

/** What the journeys met, so a journey that never compresses anything cannot pass. */
const seen = {
  steps: 0,
  conflicts: 0,
  accepted: 0,
  refused: 0,
  nodeChanges: 0,
  valueChanges: 0,
  textsSet: 0,
  textsCleared: 0,
  languageChanges: 0,
};

describe('compressed answers merge to the full answers', () => {
  let service: RunningService;
  before(async () => (service = await startService({models: [...sampleModels(), large]})));
  after(() => service.close());

  async function call<T>(path: string, init: RequestInit & {json?: unknown} = {}) {
    const response = await service.call(path, init);
    return {status: response.status, body: await json<T>(response)};
  }

  async function journey(identifier: string, steps: number, seed: number) {
    const next = random(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    let lang = pick(languages);
    const start = `/api/3/configurator/new/${encodeURIComponent(identifier)}?lang=${lang}`;
    let held = (await call<Configuration>(start)).body;
    const other = (await call<Configuration>(start)).body;
    const same = (full: Configuration) => ({...full, id: held.id, code: held.code});
    assert.deepStrictEqual(held, same(other));

    /** Sends the same operation to both sessions and checks the merge against the full answer. */
    const both = async (
      path: (id: string) => string,
      compressed: boolean,
      init: RequestInit & {json?: unknown},
      what: string,
    ) => {
      const a = await call<Configuration | CompressedConfiguration>(path(held.id), init);
      // The full session's megabyte answers plain: brotli of each would only slow the test.
      const headers = new Headers(init.headers);
      headers.set('Accept-Encoding', 'identity');
      const b = await call<Configuration>(path(other.id).replace('compress=true', ''), {
        ...init,
        headers,
      });
      assert.equal(a.status, b.status, what);
      if (a.status !== 200) {
        assert.deepStrictEqual(a.body, b.body, what);
        seen.refused++;
        return undefined;
      }
      if (compressed) {
        assert.ok('compressed' in a.body, `${what}: a compressed answer`);
        assert.ok(!('featureModel' in a.body), `${what}: no feature model`);
        seen.nodeChanges += Object.keys(a.body.compressed.nodes).length;
        seen.valueChanges += Object.keys(a.body.values).length;
        seen.textsCleared += Object.values(a.body.textValues).filter((t) => t === null).length;
      }
      const merged = mergeConfiguration(held, a.body);
      assert.deepStrictEqual(merged, same(b.body), what);
      held = merged;
      seen.steps++;
      return merged;
    };

    for (let step = 0; step < steps; step++) {
      const roll = next();
      if (roll < 0.04) {
        lang = pick(languages);
        seen.languageChanges++;
        await both(
          (id) => `/api/3/configurator/${id}/changelanguage`,
          false,
          {method: 'PUT', body: lang, headers: {'Content-Type': 'text/plain'}},
          `step ${step}: language ${lang}`,
        );
        continue;
      }
      const choices = choicesOf(held);
      const textChoices = choices.filter((c) => c.kind === 'text');
      if (roll < 0.14 && textChoices.length > 0) {
        const node = pick(textChoices).node;
        const textValue = next() < 0.15 ? null : pick(texts);
        if (textValue) seen.textsSet++;
        const multiple = next() < 0.3;
        await both(
          (id) =>
            `/configurator/1/configurator/${id}/text${multiple ? '/multiple' : ''}?compress=true`,
          true,
          {
            method: 'PUT',
            json: multiple
              ? [{featureModelNodeId: node.id, textValue}]
              : {featureModelNodeId: node.id, textValue},
          },
          `step ${step}: text ${JSON.stringify(textValue)} on ${node.name}`,
        );
        continue;
      }
      const choice = pick(choices.filter((c) => c.kind !== 'text'));
      let requirement: Requirement;
      if (choice.kind === 'number') {
        const min = choice.node.minValue!;
        const span = choice.node.maxValue! - min;
        requirement =
          next() < 0.1
            ? {featureModelNodeId: choice.node.id, value: 0, isSelection: true}
            : {
                featureModelNodeId: choice.node.id,
                value: Math.round(min - span * 0.15 + next() * span * 1.3),
                isSelection: false,
              };
      } else {
        const off = choice.kind === 'box' ? next() < 0.45 : next() < 0.1;
        requirement = {featureModelNodeId: choice.node.id, value: off ? 0 : 1, isSelection: true};
      }
      // The versioned API's update takes compress as v3 does.
      const prefix = next() < 0.15 ? '/configurator/3/configurator' : '/api/3/configurator';
      const what = `step ${step}: ${JSON.stringify(requirement)} (${choice.node.name})`;
      const answer = await both(
        (id) => `${prefix}/${id}?compress=true&ignoreConflicts=false`,
        true,
        {method: 'PUT', json: requirement},
        what,
      );
      if (answer?.conflicts && next() < 0.6) {
        seen.conflicts++;
        seen.accepted++;
        await both(
          (id) => `/api/3/configurator/${id}?ignoreConflicts=true&compress=true`,
          true,
          {method: 'PUT', json: requirement},
          `${what}, accepted`,
        );
      } else if (answer?.conflicts) {
        seen.conflicts++;
      }
    }
  }

  for (const model of sampleModels()) {
    test(`${model.name}: random journeys`, async () => {
      for (let seed = 1; seed <= 2; seed++) await journey(model.name, 150, seed);
    });
  }

  test('Large Model 2000: a random journey', async () => {
    await journey('Large Model 2000', 120, 11);
  });

  test('the journeys met every kind of change', () => {
    for (const [kind, count] of Object.entries(seen)) assert.ok(count > 0, `no ${kind}`);
  });
});
