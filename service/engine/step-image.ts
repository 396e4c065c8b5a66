import {EngineError} from './engine-error.js';
import type {CompiledModel} from './compiled-model.js';
import {localise} from './localise.js';
import type {PictureView} from './model-definition.js';
import type {SessionState} from './session-state.js';

export interface StepImageOptions {
  /** Width and height in pixels; 400 when absent, kept within 16..2048. */
  size?: number;
  /** A white background (the default) or a transparent one. */
  background?: boolean;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({'<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;'})[c]!,
  );

/** A view of a state for a model's picture function, by node key. */
export function pictureView(
  model: CompiledModel,
  state: SessionState,
  stepKey?: string,
): PictureView {
  const index = (key: string) => model.indexByKey.get(key) ?? -1;
  const isOn = (key: string) => {
    const i = index(key);
    return i >= 0 && state.on.charCodeAt(i) === 49;
  };
  return {
    isOn,
    value(key) {
      const i = index(key);
      if (i < 0 || !isOn(key)) return 0;
      const node = model.nodes[i]!;
      return node.numeric ? (state.numbers[node.id] ?? node.defaultValue) : 1;
    },
    choice(key) {
      const i = index(key);
      if (i < 0) return undefined;
      const child = model.nodes[i]!.children.find((c) => state.on.charCodeAt(c) === 49);
      return child === undefined ? undefined : model.nodes[child]!.key;
    },
    text(key) {
      const i = index(key);
      return i < 0 ? '' : (state.texts[model.nodes[i]!.id] ?? '');
    },
    stepKey,
  };
}

/**
 * An SVG picture of the configured product for the step-image operation: the model's own
 * drawing when it has one, otherwise a card listing what is chosen. Texts inside are escaped;
 * model pictures must escape shopper text themselves (`escapeXml` is exported for that).
 */
export function renderStepImage(
  model: CompiledModel,
  state: SessionState,
  stepId: string | null | undefined,
  options: StepImageOptions = {},
): string {
  let stepKey: string | undefined;
  if (stepId) {
    const step = model.steps.find((s) => s.id === stepId.toLowerCase());
    if (!step) throw new EngineError('unknown_step', `The model has no step "${stepId}"`);
    stepKey = step.key;
  }
  const size = Math.round(Math.min(2048, Math.max(16, options.size ?? 400)));
  const view = pictureView(model, state, stepKey);
  const body = model.picture ? model.picture(view) : genericPicture(model, state);
  const background =
    options.background === false ? '' : '<rect width="400" height="400" fill="#fff"/>';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400"` +
    ` role="img" aria-label="${escapeXml(model.name)}">${background}${body}</svg>`
  );
}

function genericPicture(model: CompiledModel, state: SessionState): string {
  const chosen = model.nodes
    .filter((n) => n.depth === 2 && state.on.charCodeAt(n.index) === 49)
    .slice(0, 12)
    .map((n) => localise(n.name, 'en'));
  const lines = chosen
    .map(
      (name, i) =>
        `<text x="40" y="${110 + i * 22}" font-size="15" fill="#334">${escapeXml(name)}</text>`,
    )
    .join('');
  return (
    `<rect x="20" y="20" width="360" height="360" rx="24" fill="#eef2f7" stroke="#c9d3e0"/>` +
    `<text x="40" y="70" font-size="24" font-weight="bold" fill="#1d2b3a">${escapeXml(model.name)}</text>` +
    lines
  );
}

export {escapeXml};
