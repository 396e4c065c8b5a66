// `?effectsOf={stepId}` on an update: the step's price effects in the update's own answer, full
// and compressed, equal to what `POST {id}/effects` answers for the same requirements.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {
  compileModel,
  initialState,
  mostEffectsInAnswer,
  nodeIdByKey,
  stepRequirements,
  type CompiledModel,
} from '../../../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../../../service/models/index.js';
import type {Configuration, Requirement} from '../../../src/wire/index.js';
import {buildViewModel} from '../../../src/view/view-model.js';
import {optionRequirements} from '../../../src/view/option-requirements.js';
import {expectError} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const large = compileModel(generateLargeModel({nodes: 2000, seed: 7, name: 'Large Model 2000'}));
const model = (key: string) => sampleModels().find((m) => m.key === key)!;
const bike = () => model('e-bike');
const stepId = (m: CompiledModel, key: string) => m.steps.find((s) => s.key === key)!.id;

interface Effect extends Requirement {
  totalPriceExVAT: number | null;
  totalPriceIncVAT: number | null;
  conflicts: boolean;
}
type Answer = Configuration & {stepEffects?: {stepId: string; effects: Effect[]}};

/** The requirements the widget asks about for a step of an answer, as a sorted list. */
function widgetRequirements(configuration: Configuration, step: string): string[] {
  const values = new Map<string, number>();
  for (const [id, value] of Object.entries(configuration.values)) {
    values.set(id, typeof value === 'number' ? value : value.selected ? value.value : 0);
  }
  const view = buildViewModel({
    configuration,
    values,
    texts: new Map(Object.entries(configuration.textValues)),
    pending: new Map(),
    apiUrl: 'http://127.0.0.1/',
    inclVat: false,
    onlyStep: step,
  });
  const nodes = view.steps.find((s) => s.id === step)!.nodes;
  return optionRequirements(nodes).map(key).sort();
}
const key = (r: Requirement) => `${r.featureModelNodeId}=${r.value}`;

describe('an update with ?effectsOf= answers the step’s price effects', () => {
  let service: RunningService;
  before(async () => (service = await startService({models: [...sampleModels(), large]})));
  after(() => service.close());

  const start = async (name: string) =>
    json<Answer>(await service.call(`/api/3/configurator/new/${encodeURIComponent(name)}`));
  const put = (id: string, requirement: Requirement, query = '') =>
    service.call(`/api/3/configurator/${id}${query}`, {method: 'PUT', json: requirement});
  const asked = async (id: string, requirements: readonly Requirement[]) =>
    (
      await json<{effects: (Effect | null)[]}>(
        await service.call(`/api/3/configurator/${id}/effects`, {
          method: 'POST',
          json: requirements,
        }),
      )
    ).effects;

  for (const compress of [false, true]) {
    test(`the E-Bike's second battery with the mid motor along (${compress ? 'compressed' : 'full'} answer)`, async () => {
      const b = bike();
      const drive = stepId(b, 'drive');
      const first = await start('E-Bike');
      // A change on the drive step: the hub motor, so the second battery needs the mid one.
      const response = await put(
        first.id,
        {featureModelNodeId: nodeIdByKey(b, 'motor-hub'), value: 1, isSelection: true},
        `?compress=${compress}&effectsOf=${drive}`,
      );
      assert.equal(response.status, 200);
      const answer = await json<Answer>(response);
      assert.equal('compressed' in answer, compress);
      const carried = answer.stepEffects!;
      assert.equal(carried.stepId, drive);
      assert.ok(carried.effects.length > 2, 'the step’s options');
      // The same requirements asked afterwards answer the same totals.
      const requirements = carried.effects.map(({featureModelNodeId, value, isSelection}) => ({
        featureModelNodeId,
        value,
        isSelection,
      }));
      const separately = await asked(first.id, requirements);
      carried.effects.forEach((effect, i) => {
        const other = separately[i];
        assert.equal(effect.totalPriceExVAT, other?.totalPriceExVAT ?? null, key(effect));
        assert.equal(effect.totalPriceIncVAT, other?.totalPriceIncVAT ?? null, key(effect));
        assert.equal(effect.conflicts, other?.conflicts ?? false, key(effect));
      });
      const battery = carried.effects.find(
        (e) => e.featureModelNodeId === nodeIdByKey(b, 'second-battery'),
      )!;
      assert.equal(battery.value, 1);
      // It conflicts with the hub motor and brings the mid motor along: more than its own price.
      assert.equal(battery.conflicts, true);
      const total = compress ? undefined : answer.totalPriceExVAT;
      if (total !== undefined) assert.ok(battery.totalPriceExVAT! - total > 549);
    });
  }

  test('the effects are of the options the widget shows, on every step of every sample', async () => {
    for (const m of sampleModels()) {
      const first = await start(m.name);
      // A few changes, so that options below chosen ones and ticked checkboxes take part.
      const changes = m.nodes.filter((n) => n.parent > 0 && !n.numeric && !n.isText).slice(0, 6);
      let current = first as Configuration;
      for (const change of [undefined, ...changes]) {
        if (change) {
          const r = await put(first.id, {
            featureModelNodeId: change.id,
            value: 1,
            isSelection: true,
          });
          if (r.status !== 200) continue;
          current = await json<Answer>(r);
          if (current.conflicts) continue;
        }
        for (const step of m.steps) {
          const answer = await json<Answer>(
            await put(
              first.id,
              // Asking again for what holds changes nothing.
              {featureModelNodeId: m.nodes[0]!.id, value: 1, isSelection: true},
              `?effectsOf=${step.id}`,
            ),
          );
          assert.deepEqual(
            answer.stepEffects!.effects.map(key).sort(),
            widgetRequirements(answer, step.id),
            `${m.name}, step ${step.key}`,
          );
        }
      }
      assert.ok(current);
    }
  });

  test('without ?effectsOf= the answers carry no such field', async () => {
    const b = bike();
    const first = await start('E-Bike');
    const requirement = {
      featureModelNodeId: nodeIdByKey(b, 'motor-mid'),
      value: 1,
      isSelection: true,
    };
    assert.equal('stepEffects' in first, false);
    assert.equal('stepEffects' in (await json(await put(first.id, requirement))), false);
    const compressed = await json(await put(first.id, requirement, '?compress=true'));
    assert.equal('compressed' in compressed, true);
    assert.equal('stepEffects' in compressed, false);
  });

  test('a bad step is a 4xx with a code, and the update is not applied', async () => {
    const b = bike();
    const first = await start('E-Bike');
    const requirement = {
      featureModelNodeId: nodeIdByKey(b, 'second-battery'),
      value: 1,
      isSelection: true,
    };
    await expectError(await put(first.id, requirement, '?effectsOf=drive'), 400, 'invalid_query');
    // A node is not a step; nor is another model's step.
    const node = nodeIdByKey(b, 'motor');
    await expectError(await put(first.id, requirement, `?effectsOf=${node}`), 404, 'unknown_step');
    const chair = model('office-chair').steps[0]!.id;
    await expectError(await put(first.id, requirement, `?effectsOf=${chair}`), 404, 'unknown_step');
    // The versioned API's update and text routes check the same.
    await expectError(
      await service.call(`/configurator/3/configurator/${first.id}?effectsOf=x`, {
        method: 'PUT',
        json: requirement,
      }),
      400,
      'invalid_query',
    );
    // Nothing was applied: the battery is as it was.
    const now = await json<Answer>(
      await put(first.id, {featureModelNodeId: b.nodes[0]!.id, value: 1, isSelection: true}),
    );
    assert.equal(now.revision, first.revision);
    assert.equal(now.totalPriceExVAT, first.totalPriceExVAT);
  });

  test('a conflict answers no effects; accepting it does', async () => {
    const b = bike();
    const first = await start('E-Bike');
    const drive = stepId(b, 'drive');
    await put(first.id, {
      featureModelNodeId: nodeIdByKey(b, 'motor-hub'),
      value: 1,
      isSelection: true,
    });
    const battery = {
      featureModelNodeId: nodeIdByKey(b, 'second-battery'),
      value: 1,
      isSelection: true,
    };
    const conflict = await json<Answer>(await put(first.id, battery, `?effectsOf=${drive}`));
    assert.ok(conflict.conflicts && conflict.conflicts.length > 0);
    assert.equal('stepEffects' in conflict, false);
    const accepted = await json<Answer>(
      await put(first.id, battery, `?ignoreConflicts=true&effectsOf=${drive}`),
    );
    assert.equal(accepted.stepEffects!.stepId, drive);
  });

  test('a text change answers the effects too (the versioned text route)', async () => {
    const b = bike();
    const first = await start('E-Bike');
    const owner = nodeIdByKey(b, 'owner-name');
    const ownership = stepId(b, 'ownership');
    const answer = await json<Answer>(
      await service.call(`/configurator/3/configurator/${first.id}/text?effectsOf=${ownership}`, {
        method: 'PUT',
        json: {featureModelNodeId: owner, textValue: 'Ada'},
      }),
    );
    assert.equal(answer.textValues[owner], 'Ada');
    assert.equal(answer.stepEffects!.stepId, ownership);
    assert.deepEqual(
      answer.stepEffects!.effects.map(key).sort(),
      widgetRequirements(answer, ownership),
    );
  });

  test(`a step of more than ${mostEffectsInAnswer} options answers none`, async () => {
    const sizes = large.steps.map(
      (_, i) => stepRequirements(large, initialState(large), i, 10_000)!.length,
    );
    const big = sizes.findIndex((n) => n > mostEffectsInAnswer);
    const small = sizes.findIndex((n) => n > 0 && n <= mostEffectsInAnswer);
    assert.ok(big >= 0, `a large step: ${sizes.join(', ')}`);
    assert.equal(stepRequirements(large, initialState(large), big), null);
    const first = await start('Large Model 2000');
    const root = {featureModelNodeId: large.nodes[0]!.id, value: 1, isSelection: true};
    const none = await json<Answer>(
      await put(first.id, root, `?compress=true&effectsOf=${large.steps[big]!.id}`),
    );
    assert.equal('stepEffects' in none, false);
    if (small >= 0) {
      const some = await json<Answer>(
        await put(first.id, root, `?compress=true&effectsOf=${large.steps[small]!.id}`),
      );
      assert.equal(some.stepEffects!.effects.length, sizes[small]);
    }
  });
});
