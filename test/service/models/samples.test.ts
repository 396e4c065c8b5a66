import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {describe, it} from 'node:test';
import {fileURLToPath} from 'node:url';
import {ConflictType, DisplayType, FeatureType, NodeType} from '../../../src/wire/index.js';
import {
  applyRequirement,
  applyText,
  initialState,
  nodeIdByKey,
  renderConfiguration,
  renderStepImage,
  type CompiledModel,
  type SessionState,
} from '../../../service/engine/index.js';
import {findModel, sampleModels} from '../../../service/models/index.js';

const imagesDir = fileURLToPath(new URL('../../../service/models/images/', import.meta.url));
const model = (name: string) => {
  const found = findModel(name);
  assert.ok(found, `sample model ${name}`);
  return found;
};

function select(m: CompiledModel, state: SessionState, key: string, value = 1, isSelection = true) {
  return applyRequirement(
    m,
    state,
    {featureModelNodeId: nodeIdByKey(m, key), value, isSelection},
    {ignoreConflicts: false},
  );
}

function clicks(m: CompiledModel, keys: string[]): SessionState {
  let state = initialState(m);
  for (const key of keys) {
    const result = select(m, state, key);
    assert.equal(result.conflicts, null, `click ${key}`);
    state = result.state;
  }
  return state;
}

const isOn = (m: CompiledModel, state: SessionState, key: string) =>
  state.on[m.indexByKey.get(key)!] === '1';

describe('sample models', () => {
  it('offers at least three products', () => {
    assert.deepEqual(
      sampleModels().map((m) => m.name),
      ['Office Chair', 'Standing Desk', 'E-Bike'],
    );
  });

  for (const m of sampleModels()) {
    describe(m.name, () => {
      it('has at least 40 nodes, steps and every input kind', () => {
        assert.ok(m.nodes.length >= 40, `${m.nodes.length} nodes`);
        assert.ok(m.steps.length >= 3);
        const has = (test: (n: CompiledModel['nodes'][number]) => boolean) => m.nodes.some(test);
        assert.ok(
          has((n) => n.type === NodeType.optional),
          'checkbox',
        );
        assert.ok(
          has((n) => n.type === NodeType.alternative),
          'radio',
        );
        assert.ok(
          has((n) => n.type === NodeType.or),
          'or group',
        );
        assert.ok(
          has((n) => n.displayType === DisplayType.card),
          'cards',
        );
        assert.ok(
          has((n) => n.displayType === DisplayType.dropdown),
          'dropdown',
        );
        assert.ok(
          has((n) => n.displayType === DisplayType.input),
          'numeric input',
        );
        assert.ok(
          has((n) => n.displayType === DisplayType.slider),
          'slider',
        );
        assert.ok(
          has((n) => n.featureType === FeatureType.text),
          'text input',
        );
        assert.ok(
          has((n) => n.isMandatory),
          'mandatory item',
        );
        assert.ok(
          has((n) => n.requires.length > 0),
          'requires rule',
        );
        assert.ok(
          has((n) => n.excludes.length > 0),
          'excludes rule',
        );
        assert.ok(
          has((n) => n.imageUrl !== null),
          'images',
        );
        assert.ok(
          has((n) => /<(strong|a|ul|em)\b/.test(n.description?.en ?? '')),
          'HTML text',
        );
      });

      it('places every top-level group on a step', () => {
        const onSteps = new Set(m.steps.flatMap((s) => s.features));
        for (const child of m.nodes[0]!.children) {
          assert.ok(onSteps.has(child), `${m.nodes[child]!.key} is on a step`);
        }
      });

      it('has an image file for every image it names', () => {
        for (const url of [...m.nodes.map((n) => n.imageUrl), ...m.steps.map((s) => s.iconUrl)]) {
          if (url === null) continue;
          const name = url.replace(/^\/images\//, '');
          assert.ok(existsSync(imagesDir + name), `${url} exists`);
        }
      });

      it('is found by name in any language and by GUID', () => {
        assert.equal(findModel(m.name.toUpperCase()), m);
        assert.equal(findModel(m.nodes[0]!.name.nl), m);
        assert.equal(findModel(m.id), m);
      });

      it('renders in en, nl and de with a total that adds up', () => {
        for (const lang of ['en', 'nl', 'de']) {
          const c = renderConfiguration(m, initialState(m), {
            id: 's',
            code: 'ABCDEFGH',
            lang,
            conflicts: null,
          });
          assert.equal(c.languageIso, lang);
          const name = m.nodes[0]!.name[lang as 'en' | 'nl' | 'de'];
          assert.equal(c.featureModel.name, name);
          assert.equal(findModel(name), m);
          assert.equal(c.totalPrice, c.basePrice + c.additionalPrice);
          assert.ok(c.unansweredMandatories.length > 0);
        }
      });

      it('draws a step image for every step', () => {
        for (const step of m.steps) {
          assert.match(renderStepImage(m, initialState(m), step.id, {size: 120}), /^<svg /);
        }
      });
    });
  }

  it('speaks French where the model has French texts (the Office Chair), English otherwise', () => {
    const chair = model('Office Chair');
    assert.deepEqual(chair.languages, ['en', 'nl', 'de', 'fr']);
    const c = renderConfiguration(chair, initialState(chair), {
      id: 's',
      code: 'C',
      lang: 'fr',
      conflicts: null,
    });
    assert.equal(c.languageIso, 'fr');
    assert.equal(c.featureModel.name, 'Chaise de bureau');
    assert.equal(c.featureModel.steps[0]!.title, 'Cadre et piètement');
    assert.match(c.totalPriceLabel, /^\d[\d ]*,\d\d €$/);
    const desk = model('Standing Desk');
    const d = renderConfiguration(desk, initialState(desk), {
      id: 's',
      code: 'C',
      lang: 'fr',
      conflicts: null,
    });
    assert.equal(d.languageIso, 'en');
    assert.equal(d.featureModel.name, 'Standing Desk');
  });

  it('draws the configured chair: colours and parts follow the selection, text is escaped', () => {
    const chair = model('Office Chair');
    const plain = renderStepImage(chair, initialState(chair), null);
    let state = clicks(chair, ['colour-navy', 'headrest', 'engraving']);
    state = applyText(chair, state, {
      featureModelNodeId: nodeIdByKey(chair, 'engraving-text'),
      textValue: '<script>x</script>',
    }).state;
    const configured = renderStepImage(chair, state, chair.steps[2]!.id, {size: 300});
    assert.doesNotMatch(plain, /#27406b/);
    assert.match(configured, /#27406b/);
    assert.match(configured, /width="300" height="300"/);
    assert.ok(configured.length > plain.length, 'the headrest adds shapes');
    assert.doesNotMatch(configured, /<script>/);
    assert.match(configured, /&lt;script&gt;x&lt;\/script&gt;/);
  });

  it('keeps GUIDs fixed across runs (derived from the model and node keys)', () => {
    const chair = model('Office Chair');
    assert.equal(chair.id, '1f4f3a91-2bc8-5476-bd28-e6ee06168cef');
    assert.equal(nodeIdByKey(chair, 'armrests'), '78e0569c-e606-5306-8033-f6be7a848db7');
  });

  it('carries hostile HTML in one description, for the widget to defuse', () => {
    const chair = model('Office Chair');
    const assembly = chair.nodes[chair.indexByKey.get('assembly')!]!;
    assert.match(assembly.description!.en, /onerror=/);
    assert.match(assembly.description!.en, /javascript:/);
  });
});

describe('conflicts a shopper reaches with ordinary clicks', () => {
  it('Office Chair: leather upholstery is not available with the default mesh back', () => {
    const m = model('Office Chair');
    const c = renderConfiguration(m, initialState(m), {
      id: 's',
      code: 'C',
      lang: 'en',
      conflicts: null,
    });
    const upholstery = c.featureModel.steps[1]!.features.find((f) => f.name === 'Seat upholstery')!;
    const leather = upholstery.features.find((f) => f.name === 'Full-grain leather')!;
    assert.equal(leather.isDisabled, true);
    assert.equal(leather.disabledReason, 'Not available with Breathable mesh');
    const result = select(m, initialState(m), 'upholstery-leather');
    assert.equal(result.conflicts?.[0]?.type, ConflictType.alternative);
    assert.equal(result.conflicts?.[0]?.feature.id, nodeIdByKey(m, 'back-mesh'));
    assert.deepEqual(
      result.conflicts?.[0]?.alternativeOptions.map((o) => o.id),
      [nodeIdByKey(m, 'back-upholstered')],
    );
  });

  it('Office Chair: a headrest after choosing the standard back, a coat hanger after a headrest', () => {
    const m = model('Office Chair');
    const headrest = select(m, clicks(m, ['back-standard']), 'headrest');
    assert.equal(headrest.conflicts?.[0]?.feature.id, nodeIdByKey(m, 'back-standard'));
    const hanger = select(m, clicks(m, ['headrest']), 'coat-hanger');
    assert.deepEqual(
      hanger.conflicts?.map((c) => [c.feature.id, c.type]),
      [[nodeIdByKey(m, 'headrest'), ConflictType.remove]],
    );
  });

  it('Office Chair: engraving asks for a name', () => {
    const m = model('Office Chair');
    let state = clicks(m, ['engraving', 'warranty-5']);
    const text = nodeIdByKey(m, 'engraving-text');
    const open = () =>
      renderConfiguration(m, state, {id: 's', code: 'C', lang: 'en', conflicts: null})
        .unansweredMandatories;
    assert.deepEqual(open(), [text]);
    state = applyText(m, state, {featureModelNodeId: text, textValue: 'Grace'}).state;
    assert.deepEqual(open(), []);
  });

  it('Standing Desk: glass top after a cable tray; narrow width after a dual motor', () => {
    const m = model('Standing Desk');
    const glass = select(m, clicks(m, ['cable-tray']), 'top-glass');
    assert.deepEqual(
      glass.conflicts?.map((c) => [c.feature.id, c.type]),
      [[nodeIdByKey(m, 'cable-tray'), ConflictType.remove]],
    );
    const dual = clicks(m, ['motor-dual']);
    assert.equal(
      renderConfiguration(m, dual, {id: 's', code: 'C', lang: 'en', conflicts: null}).values[
        nodeIdByKey(m, 'desk-width')
      ],
      160,
    );
    const narrow = select(m, dual, 'desk-width', 140, false);
    assert.deepEqual(
      narrow.conflicts?.map((c) => [c.feature.id, c.type]),
      [[nodeIdByKey(m, 'motor-dual'), ConflictType.alternative]],
    );
    // Width rounds to its 10 cm step.
    const rounded = select(m, initialState(m), 'desk-width', 115, false);
    assert.equal(rounded.state.numbers[nodeIdByKey(m, 'desk-width')], 120);
  });

  it('E-Bike: a child seat after pannier bags; the big battery after choosing the hub motor', () => {
    const m = model('E-Bike');
    const seat = select(m, clicks(m, ['panniers']), 'child-seat');
    assert.deepEqual(
      seat.conflicts?.map((c) => [c.feature.id, c.type]),
      [[nodeIdByKey(m, 'panniers'), ConflictType.remove]],
    );
    const battery = select(m, clicks(m, ['motor-hub']), 'battery-625');
    assert.deepEqual(
      battery.conflicts?.map((c) => [c.feature.id, c.type]),
      [[nodeIdByKey(m, 'motor-hub'), ConflictType.alternative]],
    );
    // Without an earlier choice the motor follows silently.
    const silent = clicks(m, ['battery-625']);
    assert.ok(isOn(m, silent, 'motor-mid'));
  });
});
