import {html, nothing} from 'lit';
import {live} from 'lit/directives/live.js';
import type {Strings} from '../i18n/strings.js';

const twoLetters = /^[a-z]{2}$/;

// The element's own languages by their own names: the platform's language names load data
// the first time they are asked for (about 50 ms), in the render that makes the steps usable.
const ownNames: Record<string, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  fr: 'Français',
};

/** A language's own name for itself ("Deutsch"), or its code where the browser has none. */
function ownName(code: string): string {
  if (Object.hasOwn(ownNames, code)) return ownNames[code]!;
  try {
    const name = new Intl.DisplayNames([code], {type: 'language'}).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/**
 * The shopper's choice among the languages the model has texts for, as the service lists them
 * in the configuration (`languages`). Nothing when it lists none or one: no choice to make.
 */
export function renderLanguagePicker(
  languages: unknown,
  shown: string,
  s: Strings,
  choose: (lang: string) => void,
) {
  const offered = Array.isArray(languages)
    ? languages.filter((l): l is string => typeof l === 'string' && twoLetters.test(l))
    : [];
  if (offered.length < 2) return nothing;
  return html`<label class="language-picker">
    <span class="field-label">${s.language}</span>
    <select
      class="language-select"
      .value=${live(shown)}
      @change=${(e: Event) => choose((e.target as HTMLSelectElement).value)}
    >
      ${offered.map(
        (code) =>
          html`<option value=${code} lang=${code} ?selected=${code === shown}>
            ${ownName(code)}
          </option>`,
      )}
    </select>
  </label>`;
}
