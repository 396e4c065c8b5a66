import {createHash} from 'node:crypto';
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

/** A configured picture drawn once: its key, and the SVG at any size. */
export interface StepImage {
  /** The version of the drawing (see {@link pictureKey}). */
  key: string;
  svg(options?: StepImageOptions): string;
}

/**
 * An SVG picture of the configured product for the step-image operation: the model's own
 * drawing when it has one, otherwise a card listing what is chosen. Texts inside are escaped;
 * model pictures must escape shopper text themselves (`escapeXml` is exported for that).
 */
export function stepImage(
  model: CompiledModel,
  state: SessionState,
  stepId?: string | null,
): StepImage {
  const body = drawing(model, state, stepId);
  return {
    key: keyOf(model, body),
    svg(options = {}) {
      const size = Math.round(Math.min(2048, Math.max(16, options.size ?? 400)));
      const background =
        options.background === false ? '' : '<rect width="400" height="400" fill="#fff"/>';
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400"` +
        ` role="img" aria-label="${escapeXml(model.name)}">${background}${body}</svg>`
      );
    },
  };
}

/** The SVG of {@link stepImage}, for one size and background. */
export function renderStepImage(
  model: CompiledModel,
  state: SessionState,
  stepId: string | null | undefined,
  options: StepImageOptions = {},
): string {
  return stepImage(model, state, stepId).svg(options);
}

/**
 * The version of the configured picture (for a step when one is named): equal keys, equal
 * drawings, whatever the size and background asked for. An addition of the reference service,
 * in every answer (`pictureKey`) and as the image's `ETag`, so a client asks for a picture
 * only when what it shows has changed (docs/decisions/0112-the-picture-asked-only-when-it-changes.md).
 * The drawing itself is hashed: a model's picture function may read any node, so no list of
 * the nodes it depends on would stay true.
 */
export function pictureKey(
  model: CompiledModel,
  state: SessionState,
  stepId?: string | null,
): string {
  return keyOf(model, drawing(model, state, stepId));
}

/**
 * How `svg()` frames a drawing. Part of every key: a release that frames pictures otherwise
 * changes every key with it, so no cache keeps an old frame through a 304.
 */
const frameVersion = 1;

const keyOf = (model: CompiledModel, body: string) =>
  createHash('sha256')
    .update(`${frameVersion}\n${model.id}\n${model.name}\n${body}`)
    .digest('base64url')
    .slice(0, 22);

/** The picture's own shapes, without the frame `svg()` puts around them. */
function drawing(model: CompiledModel, state: SessionState, stepId?: string | null): string {
  let stepKey: string | undefined;
  if (stepId) {
    const step = model.steps.find((s) => s.id === stepId.toLowerCase());
    if (!step) throw new EngineError('unknown_step', `The model has no step "${stepId}"`);
    stepKey = step.key;
  }
  const view = pictureView(model, state, stepKey);
  return model.picture ? model.picture(view) : genericPicture(model, state);
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
