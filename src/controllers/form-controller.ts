// The element as a form control (ElementInternals): its entries in the form data, its validity
// in the shopper's language, and the signed configuration kept ready once the configuration is
// complete and settled, so that a page with no script of its own can post a trusted price.
// A chunk of its own, loaded by ./form-part.ts only for an element that takes part in a form.
import type {ReactiveControllerHost} from 'lit';
import type {FirstStrings, Strings} from '../i18n/strings.js';
import {
  ConfiguratorError,
  type ConfiguratorSession,
  type SessionSnapshot,
} from '../session/index.js';
import {fetchSignedConfiguration} from '../session/signed.js';
import type {Configuration, FeatureNode, SignedConfigurationAnswer} from '../wire/index.js';

type Host = ReactiveControllerHost &
  HTMLElement & {
    name: string;
    required: boolean;
    readonly renderRoot: HTMLElement | DocumentFragment;
  };

/** What the controller reads of the element's other parts. */
export interface FormSources {
  session(): ConfiguratorSession | null;
  snapshot(): SessionSnapshot | null;
  /** The complete texts, or null while they load (then `first` speaks). */
  strings(): Strings | null;
  first(): FirstStrings;
  /** Brings the shopper to a feature (switching step or screen) and focuses it. */
  goToNode(nodeId: string, stepId: string | null): void;
}

/** What the shopper answers in: focused there, they are where they should be. */
const fields = 'h3[tabindex], input:not(:disabled), select, textarea';

/** After a failed fetch of the statement, the next try. */
const retryMs = 3_000;

/** A statement this close to its expiry is fetched anew rather than posted. */
const renewBeforeMs = 60_000;

/** The step holding a node, for bringing the shopper to it. */
function stepOf(configuration: Configuration, nodeId: string): string | null {
  const holds = (node: FeatureNode): boolean => node.id === nodeId || node.features.some(holds);
  return configuration.featureModel.steps.find((step) => step.features.some(holds))?.id ?? null;
}

function nameOf(configuration: Configuration, nodeId: string): string {
  let found = '';
  const visit = (node: FeatureNode) => {
    if (node.id === nodeId) found = node.name;
    else if (!found) node.features.forEach(visit);
  };
  configuration.featureModel.steps.forEach((step) => step.features.forEach(visit));
  return found || nodeId;
}

export class FormController {
  readonly internals: ElementInternals;
  #host: Host;
  #sources: FormSources;
  /** Disabled by its own attribute or a disabled fieldset (`formDisabledCallback`). */
  #disabled: () => boolean;
  /** The statement of one configuration (the snapshot's object: a change makes a new one). */
  #signed: {of: Configuration; answer: SignedConfigurationAnswer | null} | null = null;
  #fetching: {of: Configuration; done: Promise<SignedConfigurationAnswer | null>} | null = null;
  #renewal: ReturnType<typeof setTimeout> | undefined;
  /** The last fetch of this configuration's statement failed; cleared to try again. */
  #failed: {of: Configuration; error: ConfiguratorError | null} | null = null;
  /** The unanswered feature the shopper is brought to when the form finds the element invalid. */
  #first: {nodeId: string; stepId: string | null} | null = null;
  /** Where the browser points the shopper: the field, else its step's tab or a link to it. */
  #anchor: HTMLElement | undefined;

  /** `internals` and `disabled` are the element's own (./form-part.ts), kept from its start. */
  constructor(
    host: Host,
    sources: FormSources,
    internals: ElementInternals,
    disabled: () => boolean,
  ) {
    this.#host = host;
    this.#sources = sources;
    this.internals = internals;
    this.#disabled = disabled;
    host.addEventListener('invalid', () => this.#invalid());
  }

  /**
   * `invalid` comes from checkValidity() too, which must not move the shopper: only when the
   * browser then focuses the anchor (reportValidity(), a held-back submit) is the shopper
   * brought to the first missing answer, opening its step when the anchor was its tab.
   */
  #invalid(): void {
    const first = this.#first;
    const anchor = this.#anchor;
    if (!first || !anchor) return;
    setTimeout(() => {
      const root = this.#host.renderRoot as ShadowRoot;
      if (root.activeElement !== anchor || anchor.matches(fields)) return;
      this.#sources.goToNode(first.nodeId, first.stepId);
    });
  }

  hostDisconnected(): void {
    clearTimeout(this.#renewal);
  }

  /** Whether the element posts a statement: named, in a form, and not disabled. */
  get #posts(): boolean {
    return !!this.#host.name && !!this.internals.form && !this.#disabled();
  }

  /**
   * The signed configuration of the current configuration: fetched once per configuration and
   * shared by the form, the method and the quote events. Null when there is none: the service
   * cannot sign (an older one without the route: the form then posts the id and code alone), or
   * the request failed (the form stays invalid, says why, and tries again shortly).
   */
  statement(): Promise<SignedConfigurationAnswer | null> {
    const configuration = this.#sources.snapshot()?.configuration ?? null;
    const session = this.#sources.session();
    if (!configuration || !session) return Promise.resolve(null);
    const signed = this.#signed;
    if (signed?.of === configuration && (!signed.answer || !expiring(signed.answer))) {
      return Promise.resolve(signed.answer);
    }
    if (this.#fetching?.of === configuration) return this.#fetching.done;
    const done = fetchSignedConfiguration(session).then(
      (answer) => {
        this.#settle(done, {of: configuration, answer});
        return answer;
      },
      (error: unknown) => {
        const failure = error instanceof ConfiguratorError ? error : null;
        // 404 and 405: a service without the route. Anything else may pass: try again.
        if (failure?.status === 404 || failure?.status === 405) {
          this.#settle(done, {of: configuration, answer: null});
        } else this.#settle(done, null, {of: configuration, error: failure});
        return null;
      },
    );
    this.#fetching = {of: configuration, done};
    return done;
  }

  #settle(
    done: Promise<unknown>,
    signed: {of: Configuration; answer: SignedConfigurationAnswer | null} | null,
    failed: {of: Configuration; error: ConfiguratorError | null} | null = null,
  ): void {
    if (this.#fetching?.done !== done) return;
    this.#fetching = null;
    if (signed) this.#signed = signed;
    this.#failed = failed;
    clearTimeout(this.#renewal);
    const answer = signed?.answer;
    const due = answer ? Date.parse(answer.expiresAt) - renewBeforeMs - Date.now() : retryMs;
    if (answer || failed) {
      this.#renewal = setTimeout(
        () => {
          this.#failed = null;
          this.#host.requestUpdate();
        },
        Math.max(due, 0),
      );
    }
    this.#host.requestUpdate();
  }

  /** After every render: the form value, the restore state and the validity, as they are now. */
  sync(): void {
    const internals = this.internals;
    const snapshot = this.#sources.snapshot();
    const configuration = snapshot?.configuration ?? null;
    const s = this.#sources.strings();
    const say = (text: (s: Strings) => string) => (s ? text(s) : this.#sources.first().loading);
    this.#first = null;
    this.#anchor = undefined;
    if (!configuration || !snapshot) {
      internals.setFormValue(null);
      if (this.#host.required) {
        internals.setValidity(
          {valueMissing: true},
          say((t) => t.formNotConfigured),
        );
      } else internals.setValidity({});
      return;
    }
    const name = this.#host.name;
    const settled = snapshot.status === 'ready' && !snapshot.busy && snapshot.pending.size === 0;
    const unanswered = configuration.unansweredMandatories[0];
    let signed: SignedConfigurationAnswer | null = null;
    let message = '';
    let anchor: HTMLElement | undefined;
    if (snapshot.conflict) {
      message = say((t) => t.formConflict);
      anchor = this.#find('dialog button') ?? undefined;
    } else if (unanswered) {
      message = say((t) => t.formUnanswered(nameOf(configuration, unanswered)));
      const stepId = stepOf(configuration, unanswered);
      this.#first = {nodeId: unanswered, stepId};
      anchor =
        this.#find(`[data-node="${CSS.escape(unanswered)}"] :is(${fields}, button)`) ??
        // The step tabs' ids (render-steps.ts `tabId`), and the quote form's link.
        (stepId ? this.#find(`#tab-${CSS.escape(stepId)}`) : null) ??
        this.#find('[data-action="go-to-missing"]') ??
        undefined;
    } else if (!settled) {
      message = say((t) => t.formSaving);
    } else if (this.#posts) {
      const current = this.#signed?.of === configuration ? this.#signed.answer : undefined;
      const failed = this.#failed?.of === configuration ? this.#failed : null;
      if (failed) {
        const code = failed.error?.code ?? 'network';
        message = s ? s.errors[code] : this.#sources.first().errors[code];
      } else if (current === undefined || (current && expiring(current))) {
        void this.statement();
        message = say((t) => t.formSaving);
      } else signed = current;
    }
    if (name) {
      const data = new FormData();
      data.append(name, configuration.id);
      data.append(`${name}-code`, configuration.code);
      if (signed) data.append(`${name}-signed`, signed.jws);
      // The state is the id: a restored form reopens this very configuration.
      internals.setFormValue(data, configuration.id);
    } else internals.setFormValue(null, configuration.id);
    this.#anchor = anchor;
    if (message) internals.setValidity({customError: true}, message, anchor);
    else internals.setValidity({});
  }

  #find(selector: string): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>(selector);
  }
}

const expiring = (answer: SignedConfigurationAnswer) =>
  Date.parse(answer.expiresAt) - Date.now() < renewBeforeMs;
