import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';

/** A session code as the service hands them out: eight letters, any case. */
export const isSessionCode = (text: string): boolean => /^[a-z]{8}$/i.test(text.trim());

/**
 * The link that reopens a configuration: the host's template with `{code}` replaced, else the
 * current page with `?configuration=CODE`.
 */
export function shareLink(template: string, code: string, page: string): string {
  if (template) return template.split('{code}').join(encodeURIComponent(code));
  const url = new URL(page);
  url.searchParams.set('configuration', code);
  url.hash = '';
  return url.href;
}

/** "Have a code?": opens a configuration from its code. */
export function renderResume(
  error: string,
  s: Strings,
  open: (code: string) => void,
): TemplateResult {
  return html`<form
    class="resume"
    part="resume"
    novalidate
    @submit=${(e: SubmitEvent) => {
      e.preventDefault();
      const input = (e.target as HTMLFormElement).elements.namedItem('code') as HTMLInputElement;
      open(input.value);
    }}
  >
    <label class="field-label" for="resume-code">${s.haveCode}</label>
    <div class="code-row">
      <input
        id="resume-code"
        name="code"
        type="text"
        part="input resume-input"
        autocomplete="off"
        autocapitalize="characters"
        spellcheck="false"
        maxlength="8"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? 'resume-error' : nothing}
      />
      <button type="submit" class="button ghost small" part="button resume-button">
        ${s.open}
      </button>
    </div>
    ${error ? html`<p class="field-error" id="resume-error" part="field-error">${error}</p>` : nothing}
  </form>`;
}
