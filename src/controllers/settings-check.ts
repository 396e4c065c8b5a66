// The element's settings judged before any session exists: what to load, which service, where
// tokens come from. Mistakes only the page's developer can fix are shown, written to the
// console and reported as `configurator-error` once each; the service's later refusals of the
// page's settings (origin lists, token endpoint, publishable key) are explained there too.
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ConfiguratorErrorEvent} from '../events/configurator-error-event.js';
import {ConfiguratorError} from '../session/index.js';
import {tokenSourceKind, type TokenSettings} from './element-tokens.js';
import {forgetPageScripts, pageScriptsRan} from './page-scripts.js';
import {explainSetupMistake} from './setup-hints.js';

/** What the element knows that decides which session it needs. */
export interface SessionConfig extends TokenSettings {
  model: string;
  /** A session id or code to resume instead of starting anew. */
  configuration: string;
  apiUrl: string;
  lang: string;
}

/**
 * What the settings allow: `stop` (nothing to load, or no service to load it from: no session
 * may run), `keep` (no token source: a running session keeps its last one, none starts), or
 * the settings to run a session with (the service's URL normalised).
 */
export type SettingsVerdict = 'stop' | 'keep' | {run: SessionConfig};

type Host = ReactiveControllerHost & HTMLElement;

/**
 * Judges the element's settings on every update and explains its mistakes. One external thing:
 * the document's loading, since a page may set `fetchToken` in a script that runs after the
 * element upgraded; until the page's scripts have run, a missing token source is not reported
 * yet, and the element looks again once they have.
 */
export class SettingsCheck implements ReactiveController {
  readonly #host: Host;
  /** A mistake in the element's settings that keeps it from starting, shown and reported once. */
  #error: ConfiguratorError | null = null;
  /** Looks at the settings again once the page's scripts have run. */
  readonly #lookAgain = () => this.#host.requestUpdate();
  /** The refusals already explained in the console, so each is written once per element. */
  readonly #warned = new Set<string>();
  /** The settings last judged good to run: the ones a refusal is explained with. */
  #run: SessionConfig | null = null;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  /** Why the element cannot start (`no_token_source`, `invalid_api_url`), if it cannot. */
  get error(): ConfiguratorError | null {
    return this.#error;
  }

  hostDisconnected(): void {
    // Waiting for the page's scripts is asked again by the next update after a return.
    forgetPageScripts(this.#lookAgain);
  }

  /** Judges `settings`; `running` says whether a session runs already. */
  judge(settings: SessionConfig, running: boolean): SettingsVerdict {
    if (!(settings.configuration || settings.model)) {
      this.#report(null);
      return 'stop';
    }
    const apiUrl = serviceUrl(settings.apiUrl);
    if (apiUrl === null) {
      this.#report(
        new ConfiguratorError(
          'invalid_api_url',
          `api-url "${settings.apiUrl}" is not a URL: give the service's absolute http(s) URL, like https://configurator.example`,
        ),
      );
      return 'stop';
    }
    if (!tokenSourceKind(settings)) {
      // A running session keeps its last token source; only a start needs one.
      if (!running && pageScriptsRan(this.#lookAgain)) {
        this.#report(
          new ConfiguratorError(
            'no_token_source',
            this.#host.hasAttribute('fetch-token')
              ? 'fetchToken must be set as a property (a function); the fetch-token attribute is ignored'
              : "Set token-endpoint to your backend's token URL, the fetchToken property to a function, or publishable-key to a key the service issued for this page",
          ),
        );
      }
      return 'keep';
    }
    this.#report(null);
    return {run: (this.#run = {...settings, apiUrl})};
  }

  /**
   * Tells the page's developer which setting made the service refuse (once per mistake), with
   * hints that load when needed; settles once told. A hint that cannot load (offline) is left
   * unsaid: the shopper's message and `configurator-error` do not wait for it.
   */
  explain(error: ConfiguratorError): Promise<void> {
    return this.#run
      ? explainSetupMistake(error, this.#run, this.#warned).catch(() => {})
      : Promise.resolve();
  }

  /** Shows a settings mistake and reports it once; `null` clears it. */
  #report(error: ConfiguratorError | null) {
    const previous = this.#error;
    // The same mistake found again on a later update keeps its first report (and its event).
    if (error && previous?.code === error.code && previous.message === error.message) return;
    this.#error = error;
    if (!error) return;
    console.warn(`<product-configurator> ${error.code}: ${error.message}`);
    void this.#host.updateComplete.then(() => {
      if (this.#error !== error) return;
      this.#host.dispatchEvent(
        new ConfiguratorErrorEvent({
          code: error.code,
          message: error.message,
          retryable: false,
          status: null,
        }),
      );
    });
  }
}

/**
 * The service's base URL without a trailing slash, or null when `value` is not one: an
 * absolute http(s) URL, or a path on the page's origin. `localhost:8787` (no scheme) parses
 * as a URL of the scheme `localhost:` and is refused too.
 */
export function serviceUrl(value: string): string | null {
  if (!/^(https?:\/\/|\/)/i.test(value)) return null;
  try {
    const url = new URL(value, document.baseURI);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
