// What the element keeps of its form participation from its start: its ElementInternals (which
// only the constructor may attach) and its disabled state. The controller that fills the form
// data and the validity (./form-controller.ts, with the signed configuration) is a chunk loaded
// only by an element that takes part in a form: named, required or inside one, or asked for a
// statement (the quote flow). A page without a form never downloads it.
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {SignedConfigurationAnswer} from '../wire/index.js';
import type {FormController, FormSources} from './form-controller.js';

type Host = ReactiveControllerHost &
  HTMLElement & {
    name: string;
    required: boolean;
    readonly renderRoot: HTMLElement | DocumentFragment;
  };

export class FormPart implements ReactiveController {
  readonly internals: ElementInternals;
  readonly #host: Host;
  readonly #sources: FormSources;
  /** Counts the chunk's load, so `updateComplete` waits for it and its first sync. */
  readonly #track: (work: Promise<unknown>) => void;
  /** Disabled by a disabled fieldset (`formDisabledCallback`). */
  #disabled = false;
  #controller: Promise<FormController> | null = null;
  #loaded: FormController | null = null;

  constructor(host: Host, sources: FormSources, track: (work: Promise<unknown>) => void) {
    this.#host = host;
    this.#sources = sources;
    this.#track = track;
    this.internals = host.attachInternals();
    host.addController(this);
  }

  get disabled(): boolean {
    return this.#disabled;
  }

  setDisabled(disabled: boolean): void {
    this.#disabled = disabled;
    this.#host.requestUpdate();
  }

  hostUpdated(): void {
    const host = this.#host;
    if (this.#loaded) return this.#loaded.sync();
    if (!(host.name || host.required || this.internals.form)) return;
    // Until the controller is here a configuration may not be submitted: it cannot tell yet
    // whether it is complete. Without one, the element is what the controller would say.
    const loading = this.#sources.first().loading;
    if (this.#sources.snapshot()?.configuration) {
      this.internals.setValidity({customError: true}, loading);
    } else if (host.required) this.internals.setValidity({valueMissing: true}, loading);
    else this.internals.setValidity({});
    void this.#load().catch(() => {});
  }

  hostDisconnected(): void {
    this.#loaded?.hostDisconnected();
  }

  /** The signed configuration the form would post (see FormController.statement). */
  statement(): Promise<SignedConfigurationAnswer | null> {
    return this.#load().then((controller) => controller.statement());
  }

  #load(): Promise<FormController> {
    if (!this.#controller) {
      const loading = import('./form-controller.js').then(
        (m) =>
          (this.#loaded = new m.FormController(
            this.#host,
            this.#sources,
            this.internals,
            () => this.#disabled,
          )),
        (error: unknown) => {
          // Offline: the next update tries again.
          this.#controller = null;
          throw error;
        },
      );
      this.#controller = loading;
      this.#track(loading);
    }
    return this.#controller;
  }
}
