import {DisplayType, FeatureType} from '../../src/wire/index.js';
import type {ModelDefinition, NodeDefinition, StepDefinition} from '../engine/model-definition.js';
import {checkbox, group, option, orOption, part, t} from './authoring.js';
import {seededRandom as random} from './seeded-random.js';

export interface LargeModelOptions {
  /** How many nodes, the root included; at least 10. */
  nodes: number;
  /** The same seed always gives the same model. */
  seed: number;
  /** The root's name (the model identifier); `Large Model <nodes>-<seed>` by default. */
  name?: string;
}

const colours = ['Red', 'Blue', 'Green', 'Amber', 'Slate', 'Ivory', 'Teal', 'Coral'];
const colourNl = ['Rood', 'Blauw', 'Groen', 'Amber', 'Leisteen', 'Ivoor', 'Petrol', 'Koraal'];
const colourDe = ['Rot', 'Blau', 'Grün', 'Bernstein', 'Schiefer', 'Elfenbein', 'Petrol', 'Koralle'];

/**
 * A synthetic model of exactly `nodes` nodes for load tests: groups of radio options,
 * dropdowns, cards, checkboxes (some with sub-options), "or" groups, numeric inputs and
 * sliders, text inputs, spread over eight steps, plus `requires` and `excludes` rules drawn so
 * that they never contradict each other (a required node is never excluded).
 */
export function generateLargeModel(options: LargeModelOptions): ModelDefinition {
  const total = Math.max(10, Math.floor(options.nodes));
  const next = random(options.seed);
  const pick = (n: number) => Math.floor(next() * n);
  let remaining = total - 1;
  let serial = 0;
  const key = (prefix: string) => `${prefix}-${++serial}`;
  const label = (en: string, n: number) => t(`${en} ${n}`, `${en} ${n}`, `${en} ${n}`);
  const plainBoxes: string[] = [];
  const numericKeys: string[] = [];
  const alternatives: string[] = [];

  const section = (): NodeDefinition[] => {
    const kind = pick(10);
    if (kind <= 2 && remaining >= 4) {
      const count = Math.min(remaining - 1, 3 + pick(4));
      remaining -= count + 1;
      const displayType = [DisplayType.standard, DisplayType.dropdown, DisplayType.card][kind]!;
      const children = Array.from({length: count}, (_, i) => {
        const k = key('option');
        alternatives.push(k);
        return option(k, t(colours[i % 8]!, colourNl[i % 8]!, colourDe[i % 8]!), {
          selected: i === 0,
          price: i === 0 ? 0 : 5 * (1 + pick(40)),
        });
      });
      return [group(key('choice'), label('Choice', serial), children, {displayType})];
    }
    if (kind === 3 && remaining >= 4) {
      const count = Math.min(remaining - 1, 3 + pick(2));
      remaining -= count + 1;
      const children = Array.from({length: count}, (_, i) =>
        orOption(key('or'), label('Either', serial), {selected: i === 0, price: 3 * pick(30)}),
      );
      return [group(key('any'), label('At least one', serial), children)];
    }
    if (kind === 4 && remaining >= 1) {
      remaining -= 1;
      const k = key('number');
      numericKeys.push(k);
      const slider = pick(2) === 0;
      return [
        part(k, label(slider ? 'Slider' : 'Amount', serial), {
          displayType: slider ? DisplayType.slider : DisplayType.input,
          min: 0,
          max: 200,
          step: 5,
          value: 50,
          price: pick(3),
        }),
      ];
    }
    if (kind === 5 && remaining >= 3) {
      remaining -= 3;
      return [
        checkbox(key('box'), label('Personal text', serial), {
          price: 10,
          children: [
            part(key('text'), label('Text', serial), {featureType: FeatureType.text}),
            checkbox(key('box'), label('Gift wrap', serial), {price: 4}),
          ],
        }),
      ];
    }
    if (kind === 6 && remaining >= 4) {
      remaining -= 4;
      return [
        checkbox(key('box'), label('Package', serial), {
          price: 20 + pick(100),
          children: [
            option(key('sub'), label('Basic', serial), {selected: true}),
            option(key('sub'), label('Plus', serial), {price: 15}),
            option(key('sub'), label('Pro', serial), {price: 30}),
          ],
        }),
      ];
    }
    remaining -= 1;
    const k = key('box');
    plainBoxes.push(k);
    return [checkbox(k, label('Extra', serial), {price: 1 + pick(80)})];
  };

  const groupCount = Math.max(1, Math.round(total / 50));
  const groups: NodeDefinition[] = [];
  for (let g = 0; g < groupCount && remaining > 0; g++) {
    remaining -= 1;
    const target = remaining - Math.ceil(remaining / (groupCount - g));
    const children: NodeDefinition[] = [];
    while (remaining > target && remaining > 0) children.push(...section());
    groups.push(group(`group-${g + 1}`, label('Group', g + 1), children));
  }

  // Rules: sources require targets; excludes only pair nodes that are never required.
  const shuffled = [...plainBoxes].sort(() => next() - 0.5);
  const targetCount = Math.floor(shuffled.length * 0.1);
  const targets = shuffled.slice(0, targetCount);
  const exclusive = shuffled.slice(targetCount, targetCount + Math.floor(shuffled.length * 0.3));
  const sources = [...shuffled.slice(targetCount + exclusive.length), ...alternatives];
  const byKey = new Map<string, NodeDefinition>();
  const index = (node: NodeDefinition) => {
    byKey.set(node.key, node);
    node.children?.forEach(index);
  };
  groups.forEach(index);
  for (let i = 0; i + 1 < exclusive.length; i += 2) {
    byKey.get(exclusive[i]!)!.excludes = [exclusive[i + 1]!];
  }
  if (targets.length > 0) {
    for (const source of sources) {
      if (next() < 0.15) byKey.get(source)!.requires = [targets[pick(targets.length)]!];
    }
  }
  for (const source of exclusive.slice(0, Math.min(exclusive.length, numericKeys.length))) {
    const numeric = numericKeys[pick(numericKeys.length)]!;
    byKey.get(source)!.requires = [{key: numeric, atLeast: 100}];
  }

  const stepCount = Math.min(8, groups.length);
  const steps: StepDefinition[] = Array.from({length: stepCount}, (_, s) => ({
    key: `step-${s + 1}`,
    title: label('Step', s + 1),
    features: groups.filter((_, g) => g % stepCount === s).map((g) => g.key),
  }));
  const name = options.name ?? `Large Model ${total}-${options.seed}`;
  return {
    key: `large-${total}-${options.seed}`,
    vatRate: 0.21,
    countryIso: 'nl',
    lease: [
      {months: 24, rate: 0.0463},
      {months: 36, rate: 0.0321},
    ],
    root: {
      key: 'root',
      name: t(name, name, name),
      description: t('A generated model.', 'Een gegenereerd model.', 'Ein generiertes Modell.'),
      price: 1000,
      children: groups,
    },
    steps,
  };
}
