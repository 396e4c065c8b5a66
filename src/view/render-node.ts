import {html, nothing, type TemplateResult} from 'lit';
import {guard} from 'lit/directives/guard.js';
import {ifDefined} from 'lit/directives/if-defined.js';
import {live} from 'lit/directives/live.js';
import {formatNumber} from '../i18n/formatters.js';
import type {Strings} from '../i18n/strings.js';
import {richText} from './sanitize.js';
import {numberInput} from './number-input.js';
import type {ViewHandlers} from './view-handlers.js';
import type {
  ChoiceView,
  GroupView,
  ImageView,
  NodeView,
  NumberView,
  OptionView,
  TextView,
} from './view-model.js';

const descId = (id: string) => `${id}-desc`;

function missingNote(missing: boolean, id: string, s: Strings) {
  return missing
    ? html`<p class="missing-note" id="${id}-missing">${s.missingAnswer}</p>`
    : nothing;
}

// A card picture that fails to load is left out, as if the model had none, rather than shown
// as the browser's broken-image box; it comes back when a later address loads.
const pictureFailed = (e: Event) => ((e.target as HTMLImageElement).hidden = true);
const pictureLoaded = (e: Event) => ((e.target as HTMLImageElement).hidden = false);

function description(id: string, htmlText: string | null) {
  return htmlText
    ? html`<div class="description" id=${descId(id)}>${richText(htmlText)}</div>`
    : nothing;
}

function moreInfo(htmlText: string | null, s: Strings) {
  return htmlText
    ? html`<details class="more-info">
        <summary>${s.moreInfo}</summary>
        <div class="description">${richText(htmlText)}</div>
      </details>`
    : nothing;
}

function disabledNote(option: {disabled: boolean; disabledReason: string | null}, s: Strings) {
  if (!option.disabled) return nothing;
  return html`<span class="disabled-reason">${option.disabledReason || s.unavailable}</span>`;
}

/** What choosing an option does to the total, already signed ("+ €120.00", "− €35.00"). */
/** An option's effect on the total; one worked out from the answer's prices says so. */
function price(o: OptionView, s: Strings) {
  if (!o.effectLabel) return nothing;
  // Not known yet: the estimate keeps the figure's place, unseen and unread.
  if (o.effectSource === 'pending') {
    return html`<span class="price pending" part="price" aria-hidden="true"
      >${o.effectLabel}</span
    >`;
  }
  const label = o.effectSource === 'estimate' ? s.effectEstimate(o.effectLabel) : o.effectLabel;
  return html`<span class="price" part="price" data-effect>${label}</span>`;
}

/** Renders one node of the view model. */
export function renderNode(node: NodeView, s: Strings, on: ViewHandlers): TemplateResult {
  switch (node.kind) {
    case 'group':
      return renderGroup(node, s, on);
    case 'choice':
      return renderChoice(node, s, on);
    case 'number':
      return renderNumber(node, s, on);
    case 'text':
      return renderText(node, s, on);
    case 'image':
      return renderImage(node);
  }
}

/**
 * Renders a list of nodes. A node whose view is the same object as last time (see
 * `reuseUnchanged`), in the same language and with the same handlers, is skipped whole: on a
 * large model an update renders only what changed.
 */
export function renderNodes(nodes: readonly NodeView[], s: Strings, on: ViewHandlers) {
  return nodes.map((n) => guard([n, s, on], () => renderNode(n, s, on)));
}

/** A mandatory node: a titled card holding its children. */
export function renderGroup(group: GroupView, s: Strings, on: ViewHandlers): TemplateResult {
  return html`<section
    class="group${group.missing ? ' missing' : ''}"
    data-node=${group.id}
    aria-labelledby="${group.id}-heading"
  >
    <div class="group-header">
      ${
        group.imageUrl
          ? html`<img class="group-image" part="image" src=${group.imageUrl} alt="" />`
          : nothing
      }
      <div>
        <h3 class="group-title" id="${group.id}-heading" tabindex="-1">
          ${group.name}
          ${group.missing ? html`<span class="badge required">${s.required}</span>` : nothing}
        </h3>
        ${description(group.id, group.descriptionHtml)} ${moreInfo(group.moreInfoHtml, s)}
      </div>
    </div>
    ${renderNodes(group.children, s, on)}
  </section>`;
}

/** Alternatives (radios, cards, dropdown) or optional/or nodes (checkboxes). */
export function renderChoice(choice: ChoiceView, s: Strings, on: ViewHandlers): TemplateResult {
  const labelling = choice.labelledBy
    ? html``
    : html`<div class="sr-only" id="${choice.id}-label">${choice.label}</div>`;
  const labelledBy = choice.labelledBy ?? `${choice.id}-label`;
  const describedBy = choice.missing ? `${choice.id}-missing` : undefined;
  const sub = choice.options.flatMap((o) =>
    o.selected && o.children.length
      ? [html`<div class="sub-options">${renderNodes(o.children, s, on)}</div>`]
      : [],
  );

  if (choice.control === 'dropdown') {
    const selected = choice.options.find((o) => o.selected);
    // `selected` attributes stop counting once the shopper has used the list: the value is set
    // as well, so a refused or cancelled pick shows the confirmed option again.
    return html`<div class="choice dropdown" data-choice=${choice.id}>
      ${labelling}
      <select
        part="input"
        .value=${live(selected?.id ?? '')}
        aria-labelledby=${labelledBy}
        aria-describedby=${ifDefined(describedBy)}
        aria-invalid=${choice.missing ? 'true' : 'false'}
        @change=${(e: Event) => {
          const id = (e.target as HTMLSelectElement).value;
          if (id) on.select(id, true);
        }}
      >
        ${selected ? nothing : html`<option value="" selected disabled>${s.choose}</option>`}
        ${choice.options.map(
          (o) =>
            html`<option value=${o.id} ?selected=${o.selected} data-effect-source=${o.effectSource}>
              ${o.name}${
                o.effectLabel && o.effectSource !== 'pending'
                  ? ` (${o.effectSource === 'estimate' ? s.effectEstimate(o.effectLabel) : o.effectLabel})`
                  : ''
              }${o.disabled ? ` — ${o.disabledReason || s.unavailable}` : ''}
            </option>`,
        )}
      </select>
      ${missingNote(choice.missing, choice.id, s)} ${sub}
    </div>`;
  }

  const radio = choice.control !== 'checkbox';
  return html`<div
    class="choice ${choice.control}${choice.missing ? ' missing' : ''}"
    data-choice=${choice.id}
  >
    ${labelling}
    <div
      class="options"
      role=${radio ? 'radiogroup' : 'group'}
      aria-labelledby=${labelledBy}
      aria-describedby=${ifDefined(describedBy)}
      aria-required=${ifDefined(radio && choice.missing ? 'true' : undefined)}
    >
      ${choice.options.map((o) => renderOption(choice, o, s, on))}
    </div>
    ${missingNote(choice.missing, choice.id, s)} ${radio ? sub : nothing}
  </div>`;
}

function renderOption(choice: ChoiceView, o: OptionView, s: Strings, on: ViewHandlers) {
  const radio = choice.control !== 'checkbox';
  const describedBy = [o.descriptionHtml ? descId(o.id) : '', o.disabled ? `${o.id}-reason` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div
    class="option${o.selected ? ' selected' : ''}${o.disabled ? ' disabled' : ''}"
    part=${o.selected ? 'option option-selected' : 'option'}
    data-node=${o.id}
    data-effect-source=${o.effectSource}
  >
    <label class="option-label">
      <input
        type=${radio ? 'radio' : 'checkbox'}
        name=${choice.id}
        value=${o.id}
        .checked=${live(o.selected)}
        aria-disabled=${o.disabled && !o.selected ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy || undefined)}
        @change=${(e: Event) => on.select(o.id, (e.target as HTMLInputElement).checked)}
      />
      ${
        choice.control === 'cards' && o.imageUrl
          ? html`<img
              class="option-image"
              part="image"
              src=${o.imageUrl}
              alt=""
              @error=${pictureFailed}
              @load=${pictureLoaded}
            />`
          : nothing
      }
      <span class="option-text">
        <span class="option-name">${o.name}</span>
        ${price(o, s)}
      </span>
    </label>
    ${o.descriptionHtml ? description(o.id, o.descriptionHtml) : nothing}
    ${o.moreInfoHtml ? html`<div class="option-more">${moreInfo(o.moreInfoHtml, s)}</div>` : nothing}
    ${o.disabled ? html`<span id="${o.id}-reason">${disabledNote(o, s)}</span>` : nothing}
    ${
      !radio && o.selected && o.children.length
        ? html`<div class="sub-options">${renderNodes(o.children, s, on)}</div>`
        : nothing
    }
  </div>`;
}

const number = (value: number, s: Strings) => formatNumber(value, s.locale);

/**
 * Sliders last moved with the keyboard. Each arrow key commits a slider (`change`), so there
 * `change` is no letting go: the held value goes when the keys pause or the shopper leaves the
 * slider, as a drag's goes when released, and a burst of steps is one request, not one per key.
 */
const keyed = new WeakSet<EventTarget>();

/**
 * The number field beside a slider: what the slider shows, and a way to set it without dragging
 * (a tap and typing, or the field's arrows; WCAG 2.2, 2.5.7). Named like the slider it stands
 * for, and checked against the range as any number field is.
 */
function sliderField(n: NumberView, s: Strings, on: ViewHandlers, unit: unknown) {
  return html`<span class="input-with-unit slider-field">
    <input
      id="${n.id}-field"
      part="input"
      type="number"
      inputmode="decimal"
      min=${ifDefined(n.min ?? undefined)}
      max=${ifDefined(n.max ?? undefined)}
      step=${ifDefined(n.step ?? undefined)}
      .value=${live(String(n.value))}
      ?disabled=${n.disabled}
      aria-label=${n.unit ? `${n.name} (${n.unit})` : n.name}
      aria-describedby="${n.id}-range"
      @input=${(e: Event) => numberInput(n, e, on, s)}
      @change=${(e: Event) => numberInput(n, e, on, s)}
      @blur=${() => on.flush?.()}
      @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && on.flush?.()}
    />
    ${unit}
  </span>`;
}

/** Numeric input: a slider (displayType 7) or a number field, with its unit and range. */
export function renderNumber(n: NumberView, s: Strings, on: ViewHandlers): TemplateResult {
  const inputId = `${n.id}-input`;
  const hints = [
    n.min !== null && n.max !== null ? s.minMax(number(n.min, s), number(n.max, s)) : '',
  ].filter(Boolean);
  const describedBy = [
    n.descriptionHtml ? descId(n.id) : '',
    hints.length ? `${n.id}-hint` : '',
    `${n.id}-range`,
    `${n.id}-rounded`,
    n.missing ? `${n.id}-missing` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const unit = n.unit ? html`<span class="unit">${n.unit}</span>` : nothing;
  return html`<div
    class="field number${n.missing ? ' missing' : ''}"
    part="field"
    data-node=${n.id}
  >
    <label class="field-label" part="label" for=${inputId}>${n.name}</label>
    ${description(n.id, n.descriptionHtml)}
    <div class="number-row">
      ${
        n.slider
          ? html`<input
                id=${inputId}
                type="range"
                min=${ifDefined(n.min ?? undefined)}
                max=${ifDefined(n.max ?? undefined)}
                step=${ifDefined(n.step ?? undefined)}
                .value=${live(String(n.value))}
                ?disabled=${n.disabled}
                aria-describedby=${ifDefined(describedBy || undefined)}
                aria-valuetext=${n.unit ? `${number(n.value, s)} ${n.unit}` : number(n.value, s)}
                @input=${(e: Event) =>
                  on.setValue(n.id, (e.target as HTMLInputElement).valueAsNumber)}
                @keydown=${(e: Event) => keyed.add(e.target!)}
                @pointerdown=${(e: Event) => keyed.delete(e.target!)}
                @change=${(e: Event) => keyed.has(e.target!) || on.flush?.()}
                @blur=${() => on.flush?.()}
              />
              ${sliderField(n, s, on, unit)}`
          : html`<div class="input-with-unit">
              <input
                id=${inputId}
                part="input"
                type="number"
                inputmode="decimal"
                min=${ifDefined(n.min ?? undefined)}
                max=${ifDefined(n.max ?? undefined)}
                step=${ifDefined(n.step ?? undefined)}
                .value=${live(String(n.value))}
                ?disabled=${n.disabled}
                aria-describedby=${ifDefined(describedBy || undefined)}
                aria-invalid=${live(n.missing ? 'true' : 'false')}
                @input=${(e: Event) => numberInput(n, e, on, s)}
                @change=${(e: Event) => numberInput(n, e, on, s)}
                @blur=${() => on.flush?.()}
                @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && on.flush?.()}
              />
              ${unit}
            </div>`
      }
      ${
        n.unitEffectLabel
          ? html`<span class="price" part="price" data-effect
              >${n.unitEffectLabel} ${n.unit ? s.perUnit(n.unit) : s.perEachUnit}</span
            >`
          : nothing
      }
    </div>
    ${hints.length ? html`<p class="hint" id="${n.id}-hint">${hints.join(' · ')}</p>` : nothing}
    <p class="range-error" id="${n.id}-range" aria-live="polite" .textContent=${live('')}></p>
    <p class="round-note" id="${n.id}-rounded" aria-live="polite"></p>
    ${n.disabled ? disabledNote(n, s) : nothing} ${missingNote(n.missing, n.id, s)}
  </div>`;
}

/** Free text (featureType 3). */
export function renderText(t: TextView, s: Strings, on: ViewHandlers): TemplateResult {
  const inputId = `${t.id}-input`;
  const describedBy = [t.descriptionHtml ? descId(t.id) : '', t.missing ? `${t.id}-missing` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div class="field text${t.missing ? ' missing' : ''}" part="field" data-node=${t.id}>
    <label class="field-label" part="label" for=${inputId}>${t.name}</label>
    ${description(t.id, t.descriptionHtml)}
    <input
      id=${inputId}
      part="input"
      type="text"
      maxlength="500"
      .value=${live(t.value)}
      ?disabled=${t.disabled}
      aria-describedby=${ifDefined(describedBy || undefined)}
      aria-invalid=${t.missing ? 'true' : 'false'}
      @input=${(e: Event) => on.setText(t.id, (e.target as HTMLInputElement).value)}
      @change=${(e: Event) => {
        on.setText(t.id, (e.target as HTMLInputElement).value);
        on.flush?.();
      }}
    />
    ${t.disabled ? disabledNote(t, s) : nothing} ${missingNote(t.missing, t.id, s)}
  </div>`;
}

export function renderImage(i: ImageView): TemplateResult {
  return html`<figure class="figure" data-node=${i.id}>
    <img part="image" src=${i.imageUrl} alt=${i.name} loading="lazy" />
  </figure>`;
}
