// Full answers are written in one pass from the session's state and the model's shared JSON
// (writeConfiguration). Over random journeys on every sample model and the generated
// 2,000-node model, in every language, the bytes equal JSON.stringify of the rendered answer
// (its own fields first, then `values`, then `featureModel`, the order answers have always had),
// and every other encoder gives the same bytes.
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Configuration, Conflict, Requirement} from '../../../src/wire/index.js';
import {
  applyRequirement,
  applyText,
  compileModel,
  configurationPieces,
  encodeConfiguration,
  initialState,
  prepareConfiguration,
  renderConfiguration,
  serializeConfiguration,
  writeConfiguration,
  type CompiledModel,
  type SessionState,
} from '../../../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../../../service/models/index.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

const large = compileModel(generateLargeModel({nodes: 2000, seed: 7, name: 'Large Model 2000'}));

/** The answer as it goes on the wire: its own fields, then `values`, then `featureModel`. */
function wireOrder(configuration: Configuration): object {
  const {featureModel, values, ...rest} = configuration;
  return {...rest, values, featureModel};
}

const texts = ['Hello', 'Ünïcødé ✓ "quoted" \\ </script> \u2028', 'x'.repeat(300), ''];

/** What the journeys met, so that journeys which never disable a node cannot pass. */
const seen = {
  answers: 0,
  sharedRuns: 0,
  disabled: 0,
  numbers: 0,
  texts: 0,
  conflicts: 0,
  languages: new Set(),
};

function check(configuration: Configuration, label: string) {
  // Written first: the values and the disabled branches are not built until read.
  // A lent buffer is larger than the answer and holds old bytes: only the answer's are used.
  const written = writeConfiguration(configuration, (size) => Buffer.alloc(size + 64, 0x7b));
  const expected = Buffer.from(JSON.stringify(wireOrder(configuration)));
  assert.ok(written, `${label}: a rendered answer is written in one pass`);
  assert.ok(written.equals(expected), `${label}: one-pass bytes equal JSON.stringify`);
  // As pieces: long runs of the shared model JSON, the rest in a buffer of the answer's own.
  const pieces = prepareConfiguration(configuration)!.pieces();
  assert.ok(Buffer.concat(pieces).equals(expected), `${label}: pieces join to the same bytes`);
  seen.sharedRuns += pieces.filter((piece) => piece.length >= 16 * 1024).length;
  assert.ok(Buffer.from(encodeConfiguration(configuration)).equals(expected), label);
  assert.ok(Buffer.concat(configurationPieces(configuration)).equals(expected), label);
  // A copy has no record of its state: it is encoded from its fields, to the same bytes.
  const copy = {...configuration};
  assert.equal(
    writeConfiguration(copy, (size) => Buffer.alloc(size)),
    undefined,
  );
  assert.ok(Buffer.concat(configurationPieces(copy)).equals(expected), `${label}: from fields`);
  assert.equal(serializeConfiguration(copy), expected.toString('utf8'));
  seen.answers++;
  seen.languages.add(configuration.languageIso);
  const steps = JSON.stringify(configuration.featureModel.steps);
  seen.disabled += steps.split('"isDisabled":true').length - 1;
  seen.numbers += Object.values(configuration.values).filter((v) => v !== 0 && v !== 1).length;
  if (Object.keys(configuration.textValues).length > 0) seen.texts++;
  if (configuration.conflicts) seen.conflicts++;
}

function journey(model: CompiledModel, lang: string, steps: number, seed: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  let state: SessionState = initialState(model);
  const render = (conflicts: Conflict[] | null) =>
    renderConfiguration(model, state, {id: `s${seed}`, code: 'ABCDEFGH', lang, conflicts});
  check(render(null), `${model.name} ${lang} start`);
  const textNodes = model.nodes.filter((n) => n.isText);
  const numericNodes = model.nodes.filter((n) => n.numeric);
  const switches = model.nodes.slice(1).filter((n) => !n.isText && !n.numeric);
  for (let step = 0; step < steps; step++) {
    // A text or a number now and then, whatever share of the model they are.
    const kind = next();
    const node =
      kind < 0.15 && textNodes.length > 0
        ? pick(textNodes)
        : kind < 0.35 && numericNodes.length > 0
          ? pick(numericNodes)
          : pick(switches);
    const label = `${model.name} ${lang} seed ${seed} step ${step}`;
    let conflicts: Conflict[] | null = null;
    try {
      if (node.isText) {
        state = applyText(model, state, {
          featureModelNodeId: node.id,
          textValue: pick(texts),
        }).state;
      } else {
        const requirement: Requirement = node.numeric
          ? {
              featureModelNodeId: node.id,
              value: node.min! + Math.round(next() * (node.max! - node.min!)),
              isSelection: false,
            }
          : {featureModelNodeId: node.id, value: next() < 0.3 ? 0 : 1, isSelection: true};
        const result = applyRequirement(model, state, requirement, {ignoreConflicts: next() < 0.7});
        if (result.conflicts) conflicts = result.conflicts;
        else state = result.state;
      }
    } catch {
      // A refused requirement (a value out of range, an impossible choice) changes nothing.
    }
    check(render(conflicts), label);
  }
}

describe('writeConfiguration', () => {
  it('gives the bytes of JSON.stringify on every sample model, in every language', () => {
    for (const model of sampleModels()) {
      for (const lang of [...model.languages, 'xx']) {
        for (let seed = 1; seed <= 3; seed++) journey(model, lang, 40, seed);
      }
    }
  });

  it('gives the bytes of JSON.stringify on the generated 2,000-node model', () => {
    for (const lang of large.languages) journey(large, lang, 12, 11);
  });

  it('met disabled nodes, numbers, texts, conflicts and every language', () => {
    // Runs after the journeys above (node:test runs a file's tests in order).
    assert.ok(seen.answers > 500, `${seen.answers} answers`);
    assert.ok(seen.sharedRuns > 50, `${seen.sharedRuns} pieces of shared model JSON`);
    assert.ok(seen.disabled > 50, `${seen.disabled} disabled nodes`);
    assert.ok(seen.numbers > 20, `${seen.numbers} numbers`);
    assert.ok(seen.texts > 20, `${seen.texts} answers with texts`);
    assert.ok(seen.conflicts > 5, `${seen.conflicts} answers with conflicts`);
    assert.deepEqual([...seen.languages].sort(), ['de', 'en', 'fr', 'nl']);
  });

  it('leaves answers it did not render to the pieces', () => {
    const model = sampleModels()[0]!;
    const onlyValues = renderConfiguration(model, initialState(model), {
      id: 's',
      code: 'C',
      lang: 'en',
      conflicts: null,
      onlyValues: [],
    });
    assert.equal(
      writeConfiguration(onlyValues, (size) => Buffer.alloc(size)),
      undefined,
    );
    assert.equal(
      serializeConfiguration(onlyValues),
      JSON.stringify(wireOrder(onlyValues)),
      'v2 answers with only the changed values',
    );
  });
});
