import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import {ownSubmit} from './own-submit.js';

/** "Have a code?": opens a configuration from its code. */
export function renderResume(
  error: string,
  s: Strings,
  open: (code: string) => void,
): TemplateResult {
  const submit = ownSubmit((form) =>
    open((form.elements.namedItem('code') as HTMLInputElement).value),
  );
  return html`<form class="resume" novalidate @submit=${submit.submit} @keydown=${submit.keydown}>
    <label class="field-label" part="label" for="resume-code">${s.haveCode}</label>
    <div class="code-row">
      <input
        id="resume-code"
        name="code"
        type="text"
        part="input"
        autocomplete="off"
        autocapitalize="characters"
        spellcheck="false"
        maxlength="8"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? 'resume-error' : nothing}
      />
      <button
        type="submit"
        class="button ghost small"
        part="button"
        data-action="resume"
        @click=${submit.click}
      >
        ${s.open}
      </button>
    </div>
    ${error ? html`<p class="field-error" id="resume-error">${error}</p>` : nothing}
  </form>`;
}
