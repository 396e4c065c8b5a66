// The feature model's shape (names, steps, parents) kept from one answer to the next: the same
// as a fresh read of every node, through a journey of compressed answers merged as the session
// merges them, and read again whenever a name, a place or a node differs.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {mergeConfiguration} from '../../src/session/merge-configuration.js';
import {normaliseTexts, normaliseValues} from '../../src/session/values.js';
import {structureOf} from '../../src/view/model-structure.js';
import {buildViewModel, type ChoiceView, type GroupView} from '../../src/view/view-model.js';
import type {Configuration, FeatureModel, FeatureNode} from '../../src/wire/index.js';
import {
  applyRequirement,
  initialState,
  nodeIdByKey,
  renderConfiguration,
  renderConfigurationChanges,
  type SessionState,
} from '../../service/engine/index.js';
import {sampleModels} from '../../service/models/index.js';
import {configurationFixture, node, viewInput} from '../helpers/browser/configuration-fixture.js';

const chair = sampleModels().find((model) => model.key === 'office-chair')!;
const options = {id: 'session-1', code: 'ABCDEFGH', lang: 'en', conflicts: null};
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Every node's name, step and parent, read the plain way. */
function readAll(model: FeatureModel) {
  const names = new Map<string, string>();
  const stepOf = new Map<string, string>();
  const parentOf = new Map<string, string>();
  const visit = (n: FeatureNode, stepId: string, parent: string | null) => {
    names.set(n.id, n.name);
    stepOf.set(n.id, stepId);
    if (parent !== null) parentOf.set(n.id, parent);
    for (const child of n.features) visit(child, stepId, n.id);
  };
  for (const step of model.steps) for (const n of step.features) visit(n, step.id, null);
  return {names, stepOf, parentOf};
}

const plain = (s: ReturnType<typeof structureOf>) => ({
  names: new Map(s.names),
  stepOf: new Map(s.stepOf),
  parentOf: new Map(s.parentOf),
});

interface At {
  state: SessionState;
  configuration: Configuration;
}

/** The Office Chair as a session starts it. */
function start(): At {
  const state = initialState(chair);
  return {state, configuration: wire(renderConfiguration(chair, state, options))};
}

/** One pick, answered compressed and merged as the session merges it. */
function pick(at: At, key: string): At {
  const state = applyRequirement(
    chair,
    at.state,
    {featureModelNodeId: nodeIdByKey(chair, key), value: 1, isSelection: true},
    {ignoreConflicts: true},
  ).state;
  const answer = wire(renderConfigurationChanges(chair, at.state, state, options));
  return {state, configuration: mergeConfiguration(at.configuration, answer) as Configuration};
}

/** A step of a test's model; the structure reads its id and nodes only. */
const step = (id: string, features: FeatureNode[]): FeatureModel['steps'][number] => ({
  id,
  title: id,
  iconUrl: null,
  features,
});

let models = 0;
/** A model of its own id, so no structure kept by another test is compared with it. */
function modelOf(steps: FeatureModel['steps']): FeatureModel {
  return {
    id: `model-${++models}`,
    name: 'Test',
    description: null,
    imageUrl: null,
    rootNodeId: 'root',
    steps,
  } as unknown as FeatureModel;
}

/** Counts the reads of a node's children without changing what they are. */
function countReads(target: FeatureNode): {reads: number} {
  const counter = {reads: 0};
  const features = target.features;
  Object.defineProperty(target, 'features', {
    get: () => {
      counter.reads++;
      return features;
    },
  });
  return counter;
}

describe('the structure of a feature model', () => {
  test('is kept through a journey of merged answers and equals a fresh read each time', () => {
    let at = start();
    const first = structureOf(at.configuration.featureModel);
    assert.deepEqual(plain(first), readAll(at.configuration.featureModel));
    const picks = ['frame-white', 'back-upholstered', 'upholstery-leather', 'headrest', 'arm-4d'];
    // Answers that replaced nodes (a price or a rule's flag changed), compared with the kept.
    let replaced = 0;
    for (const key of picks) {
      const next = pick(at, key);
      const model = next.configuration.featureModel;
      if (model !== at.configuration.featureModel) replaced++;
      const kept = structureOf(model);
      assert.equal(kept, first, `the structure is kept after ${key}`);
      assert.deepEqual(plain(kept), readAll(model));
      at = next;
    }
    assert.ok(replaced > 0, 'some answer replaced nodes');
  });

  test('skips the nodes it knows and reads the ones an answer replaced', () => {
    const leaf = node({id: 'leaf', name: 'Leaf'});
    const known = node({id: 'known', name: 'Known', features: [leaf]});
    const changed = node({id: 'changed', name: 'Changed'});
    const model = modelOf([step('s1', [known, changed])]);
    const read = structureOf(model);
    const reads = countReads(known);
    const next = {
      ...model,
      steps: [{...model.steps[0]!, features: [known, {...changed, price: 5}]}],
    };
    assert.equal(structureOf(next), read);
    assert.equal(reads.reads, 0, 'a node the structure knows is not walked into');
  });

  test('is read again when a name, a place or a node differs', () => {
    const a = node({id: 'a', name: 'A', features: [node({id: 'a1', name: 'A1'})]});
    const b = node({id: 'b', name: 'B'});
    const model = modelOf([step('s1', [a]), step('s2', [b])]);
    const read = structureOf(model);
    const variants: [string, FeatureModel][] = [
      // Another language: the same ids, other names.
      [
        'a renamed node',
        {...model, steps: [{...model.steps[0]!, features: [{...a, name: 'Ä'}]}, model.steps[1]!]},
      ],
      // A known node object at another step.
      [
        'a node moved to another step',
        {
          ...model,
          steps: [
            {...model.steps[0]!, features: []},
            {...model.steps[1]!, features: [b, a]},
          ],
        },
      ],
      // A known node object under another parent.
      [
        'a node moved under another',
        {
          ...model,
          steps: [
            {...model.steps[0]!, features: [{...a, features: []}]},
            {...model.steps[1]!, features: [{...b, features: a.features}]},
          ],
        },
      ],
      [
        'a node removed',
        {
          ...model,
          steps: [{...model.steps[0]!, features: [{...a, features: []}]}, model.steps[1]!],
        },
      ],
      [
        'a node added',
        {
          ...model,
          steps: [model.steps[0]!, {...model.steps[1]!, features: [b, node({id: 'c', name: 'C'})]}],
        },
      ],
    ];
    assert.equal(structureOf(model), read);
    for (const [what, variant] of variants) {
      const before = structureOf(model);
      const again = structureOf(variant);
      assert.notEqual(again, before, what);
      assert.deepEqual(plain(again), readAll(variant), what);
    }
  });

  test('is read again when a known node moves under a sibling of its parent', () => {
    const a1 = node({id: 'a1', name: 'A1'});
    const a = node({id: 'a', name: 'A', features: [a1]});
    const b = node({id: 'b', name: 'B'});
    const model = modelOf([step('s1', [a, b])]);
    const before = structureOf(model);
    // The same names, step and number of nodes: only a1's parent differs.
    const moved = {
      ...model,
      steps: [
        {
          ...model.steps[0]!,
          features: [
            {...a, features: []},
            {...b, features: [a1]},
          ],
        },
      ],
    };
    const again = structureOf(moved);
    assert.notEqual(again, before);
    assert.equal(again.parentOf.get('a1'), 'b');
  });

  test('is read again when an answer repeats an id in place of another node', () => {
    const x = node({id: 'x', name: 'X'});
    const model = modelOf([step('s1', [x, node({id: 'y', name: 'Y'})])]);
    // As many nodes as before, each matching a name and a place the structure holds: two
    // copies, the known node and a copy, a copy and the known node.
    for (const features of [
      [{...x}, {...x}],
      [x, {...x}],
      [{...x}, x],
    ]) {
      structureOf(model);
      const repeated = {...model, steps: [{...model.steps[0]!, features}]};
      assert.deepEqual(plain(structureOf(repeated)), readAll(repeated));
    }
  });

  test('reads a model that repeats an id as a plain walk does, every time', () => {
    const c1 = node({id: 'c', name: 'C1'});
    const c2 = node({id: 'c', name: 'C2'});
    const p = node({id: 'p', name: 'P', features: [c1]});
    const q = node({id: 'q', name: 'Q', features: [c2]});
    // The same id in two steps: the last one's name and step, as before this structure.
    const model = modelOf([step('s1', [p]), step('s2', [q])]);
    assert.deepEqual(plain(structureOf(model)), readAll(model));
    assert.equal(structureOf(model).names.get('c'), 'C2');
    // Which node an entry came from is not known, so nothing of such a model is skipped.
    const next = {
      ...model,
      steps: [{...model.steps[0]!, features: [{...p, features: [c2]}]}, model.steps[1]!],
    };
    assert.deepEqual(plain(structureOf(next)), readAll(next));
  });

  test('keeps the structures of the models used last', () => {
    const only = (id: string) => node({id, name: id.toUpperCase()});
    const first = modelOf([step('s', [only('a')])]);
    const read = structureOf(first);
    for (let i = 0; i < 12; i++) {
      structureOf(modelOf([step('s', [only(`n${i}`)])]));
      // Used between the others: kept.
      assert.equal(structureOf(first), read, `after ${i + 1} other models`);
    }
    for (let i = 0; i < 8; i++) {
      structureOf(modelOf([step('s', [only(`m${i}`)])]));
    }
    assert.notEqual(structureOf(first), read, 'let go after eight others');
  });

  test('takes along the switched-on options below an option, and none that are off', () => {
    const priced = (id: string, price: number) =>
      node({id, name: id, type: 0, price, priceIncVAT: price, priceLabel: `${price}`});
    const pack = {...priced('pack', 100), features: [priced('lamp', 30), priced('bag', 20)]};
    const group = node({id: 'extras', name: 'Extras', type: 1, features: [pack]});
    const configuration = configurationFixture({
      featureModel: {
        ...configurationFixture().featureModel,
        steps: [step('step', [group])],
      },
      values: {extras: 1, pack: 1, lamp: 1, bag: 0},
      additionalPriceExVAT: 130,
      totalPriceExVAT: 430,
    });
    const view = buildViewModel({...viewInput(configuration, false), effectEstimates: true});
    const choice = (view.steps[0]!.nodes[0] as GroupView).children[0] as ChoiceView;
    const packView = choice.options[0]!;
    // Unticking the pack takes its lamp along (100 + 30), not the bag, which is off.
    assert.equal(packView.id, 'pack');
    assert.equal(packView.effectLabel, '− €130.00');
    const inside = (packView.children[0] as ChoiceView).options;
    assert.deepEqual(
      inside.map((o) => o.effectLabel),
      ['− €30.00', '+ €20.00'],
    );
  });

  test('builds the same view from a kept structure as from a fresh read', () => {
    let at = start();
    for (const key of ['frame-graphite', 'headrest', 'coat-hanger', 'warranty-10']) {
      at = pick(at, key);
      const configuration = at.configuration;
      const input = {
        values: normaliseValues(configuration.values),
        texts: normaliseTexts(configuration.textValues),
        pending: new Map(),
        apiUrl: 'https://service.test',
        inclVat: true,
        effectEstimates: true,
      };
      const kept = buildViewModel({...input, configuration});
      // The same answer as it came off the wire under another model id: read afresh.
      const copy = wire(configuration);
      const fresh = buildViewModel({
        ...input,
        configuration: {...copy, featureModel: {...copy.featureModel, id: `${key}-copy`}},
      });
      assert.deepEqual(kept, fresh, key);
    }
  });
});
