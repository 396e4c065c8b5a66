import {NodeType} from '../../src/wire/index.js';
import type {LocalText, NodeDefinition} from '../engine/model-definition.js';

/** A text in English, Dutch and German (and French when given). */
export const t = (en: string, nl: string, de: string, fr?: string): LocalText =>
  fr === undefined ? {en, nl, de} : {en, nl, de, fr};

type Extra = Omit<NodeDefinition, 'key' | 'name' | 'type'>;

/** A group header: always on with its parent. */
export const group = (
  key: string,
  name: LocalText,
  children: NodeDefinition[],
  extra: Extra = {},
): NodeDefinition => ({key, name, type: NodeType.mandatory, children, ...extra});

/** One option of an alternative group (radio, card, dropdown entry). */
export const option = (key: string, name: LocalText, extra: Extra = {}): NodeDefinition => ({
  key,
  name,
  type: NodeType.alternative,
  ...extra,
});

/** A checkbox. */
export const checkbox = (key: string, name: LocalText, extra: Extra = {}): NodeDefinition => ({
  key,
  name,
  type: NodeType.optional,
  ...extra,
});

/** One option of an "or" group: at least one stays on. */
export const orOption = (key: string, name: LocalText, extra: Extra = {}): NodeDefinition => ({
  key,
  name,
  type: NodeType.or,
  ...extra,
});

/** A node that is always on with its parent (a numeric input, a text input). */
export const part = (key: string, name: LocalText, extra: Extra = {}): NodeDefinition => ({
  key,
  name,
  type: NodeType.mandatory,
  ...extra,
});
