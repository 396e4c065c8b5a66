import {html, nothing, type TemplateResult} from 'lit';
import {classMap} from 'lit/directives/class-map.js';
import {ifDefined} from 'lit/directives/if-defined.js';
import {regionName} from '../i18n/formatters.js';
import type {Strings} from '../i18n/strings.js';
import {ownSubmit} from './own-submit.js';
import {renderBackButton} from './render-back-button.js';
import {
  addressFields,
  contactFields,
  countries,
  remarksField,
  shipToFields,
  type FieldSpec,
} from './quote-form-data.js';
import type {StepView, UnansweredView} from './view-model.js';

export interface QuoteFormState {
  lang: string;
  /** Values typed so far, kept while the shopper goes back to the configuration. */
  draft: Readonly<Record<string, string>>;
  shipTo: boolean;
  errors: Readonly<Record<string, string>>;
  /** A message for the whole form (invalid fields, or the request failed). */
  formError: string;
  submitting: boolean;
  unanswered: readonly UnansweredView[];
  steps: readonly StepView[];
  defaultCountry: string;
  /** The quantity as typed. */
  quantity: string;
  /** The configured total times a valid quantity, with its VAT note; '' otherwise. */
  lineTotal: string;
}

export interface QuoteFormHandlers {
  back(): void;
  submit(form: HTMLFormElement): void;
  draftInput(name: string, value: string): void;
  toggleShipTo(on: boolean): void;
  goToNode(nodeId: string, stepId: string | null): void;
}

function renderField(f: FieldSpec, state: QuoteFormState, s: Strings): TemplateResult {
  const id = `quote-${f.name}`;
  const error = state.errors[f.name];
  const value = state.draft[f.name] ?? '';
  const describedBy = error ? `${id}-error` : undefined;
  const label = html`<label class="field-label" part="label" for=${id}>
    ${f.label(s)} ${f.required ? nothing : html`<span class="optional">(${s.optional})</span>`}
  </label>`;
  let control: TemplateResult;
  if (f.type === 'country') {
    const selected = (value || state.defaultCountry).toUpperCase();
    const codes: string[] = countries.includes(selected as (typeof countries)[number])
      ? [...countries]
      : [selected, ...countries];
    control = html`<select
      id=${id}
      name=${f.name}
      part="input"
      autocomplete=${f.autocomplete}
      ?required=${f.required}
    >
      ${codes
        .map((code) => ({code, name: regionName(code, state.lang)}))
        .sort((a, b) => a.name.localeCompare(b.name, state.lang))
        .map(
          (c) => html`<option value=${c.code} ?selected=${c.code === selected}>${c.name}</option>`,
        )}
    </select>`;
  } else if (f.type === 'textarea') {
    control = html`<textarea
      id=${id}
      name=${f.name}
      part="input"
      rows="3"
      maxlength="2000"
      .value=${value}
    ></textarea>`;
  } else {
    control = html`<input
      id=${id}
      name=${f.name}
      part="input"
      type=${f.type ?? 'text'}
      autocomplete=${f.autocomplete}
      maxlength="200"
      ?required=${f.required}
      aria-invalid=${error ? 'true' : 'false'}
      aria-describedby=${ifDefined(describedBy)}
      .value=${value}
    />`;
  }
  return html`<div
    class=${classMap({field: true, invalid: !!error, [`span-${f.span}`]: true})}
    part="field"
  >
    ${label} ${control}
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : nothing}
  </div>`;
}

/** The quantity quoted and what it comes to. */
function renderQuantity(state: QuoteFormState, s: Strings): TemplateResult {
  const error = state.errors['quantity'];
  return html`<div class="quantity-row">
    <div class=${classMap({field: true, invalid: !!error})} part="field">
      <label class="field-label" part="label" for="quote-quantity">${s.quantity}</label>
      <input
        id="quote-quantity"
        name="quantity"
        part="input"
        type="number"
        inputmode="numeric"
        min="1"
        max="1000000"
        step="1"
        required
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? 'quote-quantity-error' : 'quote-line-total'}
        .value=${state.quantity}
      />
      ${error ? html`<p class="field-error" id="quote-quantity-error">${error}</p>` : nothing}
    </div>
    <output id="quote-line-total" class="line-total" for="quote-quantity"
      >${state.lineTotal}</output
    >
  </div>`;
}

/**
 * The quote request form. Blocked (with links to the missing answers) while mandatory features
 * are unanswered; the element validates with the native constraint API and shows messages.
 */
export function renderQuoteForm(
  state: QuoteFormState,
  s: Strings,
  on: QuoteFormHandlers,
): TemplateResult {
  const stepTitle = (id: string | null) => state.steps.find((st) => st.id === id)?.title ?? '';
  const blocked = state.unanswered.length > 0;
  const submit = ownSubmit((form) => on.submit(form));
  return html`<section class="quote card" part="panel" aria-labelledby="quote-title">
    ${renderBackButton(s.backToReview, () => on.back())}
    <h2 id="quote-title" class="section-title" tabindex="-1">${s.quoteTitle}</h2>
    <p class="lead">${s.quoteIntro}</p>
    ${
      blocked
        ? html`<div class="notice warning" part="error">
            <p class="notice-title">${s.blockedTitle}</p>
            <p>${s.blockedIntro}</p>
            <ul>
              ${state.unanswered.map(
                (u) =>
                  html`<li>
                    <button
                      type="button"
                      class="button link"
                      part="button"
                      data-action="go-to-missing"
                      @click=${() => on.goToNode(u.id, u.stepId)}
                    >
                      ${u.name}${u.stepId ? html` <span class="muted">(${stepTitle(u.stepId)})</span>` : nothing}
                    </button>
                  </li>`,
              )}
            </ul>
          </div>`
        : nothing
    }
    <form
      part="form"
      novalidate
      aria-describedby=${ifDefined(state.formError ? 'quote-form-error' : undefined)}
      @submit=${submit.submit}
      @keydown=${submit.keydown}
      @input=${(e: Event) => {
        const t = e.target as HTMLInputElement;
        if (t.name && t.name !== 'shipTo') on.draftInput(t.name, t.value);
      }}
    >
      ${renderQuantity(state, s)}
      <fieldset class="form-section">
        <legend>${s.yourDetails}</legend>
        <div class="form-grid">${contactFields.map((f) => renderField(f, state, s))}</div>
      </fieldset>
      <fieldset class="form-section">
        <legend>${s.address}</legend>
        <div class="form-grid">${addressFields.map((f) => renderField(f, state, s))}</div>
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          name="shipTo"
          .checked=${state.shipTo}
          aria-controls="ship-to"
          aria-expanded=${state.shipTo ? 'true' : 'false'}
          @change=${(e: Event) => on.toggleShipTo((e.target as HTMLInputElement).checked)}
        />
        ${s.shipToDifferent}
      </label>
      <div id="ship-to">
        ${
          state.shipTo
            ? html`<fieldset class="form-section">
                <legend>${s.shipToTitle}</legend>
                <div class="form-grid">${shipToFields.map((f) => renderField(f, state, s))}</div>
              </fieldset>`
            : nothing
        }
      </div>
      <div class="form-grid">${renderField(remarksField, state, s)}</div>
      ${
        state.formError
          ? html`<p class="notice danger" part="error" id="quote-form-error">${state.formError}</p>`
          : nothing
      }
      <div class="form-actions">
        <slot name="quote-footer"></slot>
        <button
          type="submit"
          class="button primary"
          part="button button-primary"
          data-action="submit"
          @click=${submit.click}
          ?disabled=${blocked || state.submitting}
          aria-disabled=${blocked ? 'true' : 'false'}
        >
          ${state.submitting ? s.sending : s.submit}
        </button>
      </div>
    </form>
  </section>`;
}
