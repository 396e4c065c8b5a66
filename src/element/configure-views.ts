import {nothing} from 'lit';
import type {ConfigureController} from '../controllers/configure-controller.js';
import type {FormPart} from '../controllers/form-part.js';
import type {UndoState} from '../controllers/session-events.js';
import {loadStrings} from '../i18n/dictionaries.js';
import type {FirstStrings, Strings} from '../i18n/strings.js';
import {ConfiguratorError} from '../session/index.js';
import {renderSkeleton} from '../view/render-states.js';
import type {ConfigurationView} from '../view/view-model.js';
import type {ElementParts, QuoteParts} from './element-parts.js';
import {renderFailure} from './failure-notice.js';
import {lazyView} from './lazy-view.js';

// Not needed for the first render: a chunk beside the script-tag entry, loaded when wanted. The
// configure view loads the quote screens and the conflict dialog in turn. One per page: every
// element shares the loaded code; what each keeps lives in its own controllers.
// English beyond what the entry renders comes with it (see i18n/dictionaries.ts): the view
// never runs without it.
const configureView = lazyView(() =>
  Promise.all([import('./configure-view.js'), loadStrings('en')]).then(([module]) => module),
);

/**
 * The element's lazily loaded views and the controllers that come with them: the configure
 * view (with its {@link ConfigureController}) and the quote screens (with the quote flow).
 * Each controller is made once its chunk is here and registers with the element then; its
 * `hostConnected` runs at once, so it attaches like one made with the element.
 */
export class ConfigureViews {
  readonly #parts: ElementParts;
  readonly #form: FormPart;
  #configure: ConfigureController<ConfigurationView> | null = null;
  #quote: QuoteParts | null = null;

  constructor(parts: ElementParts, form: FormPart) {
    this.#parts = parts;
    this.#form = form;
  }

  /** The configure view's controller; made on first use, which only the loaded view makes. */
  get configure(): ConfigureController<ConfigurationView> {
    this.#configure ??= configureView.module!.configureController(this.#parts);
    return this.#configure;
  }

  get quote(): QuoteParts | null {
    return this.#quote;
  }

  /** Whether the configure view's code is here (and its controller may be made). */
  get loaded(): boolean {
    return !!configureView.module;
  }

  /** The undo history of the running session, once the configure view keeps one. */
  get history(): UndoState | null {
    return this.#configure?.history ?? null;
  }

  /** Whether the configure view (with the rest of English) could not be loaded. */
  get failed(): boolean {
    return configureView.failed;
  }

  /** The id of a step's tab, once the configure view that renders the tabs is here. */
  tabId(stepId: string): string {
    return configureView.module?.tabId(stepId) ?? '';
  }

  /** Starts loading the configure view's code alongside the first requests, not after them. */
  preload(): void {
    if (!configureView.module) configureView.load().catch(() => {});
  }

  /** Loads the quote screens' chunk (with the configure view's) and makes the quote flow. */
  async quoteFlow(): Promise<QuoteParts> {
    const parts = this.#parts;
    let module;
    try {
      const cv = configureView.module ?? (await parts.views.load(configureView));
      module = await parts.views.load(cv.quoteScreen);
    } catch {
      // Offline, or the chunks are gone from the server: a reason callers know how to read.
      throw new ConfiguratorError('network', 'The quote screens could not be loaded', {
        retryable: true,
      });
    }
    this.#quote ??= {
      module,
      flow: new module.QuoteController(parts.host, parts.session, module.rules, {
        requested: () => parts.screens.reset('thanks'),
        signed: () => this.#form.statement(),
      }),
    };
    return this.#quote;
  }

  /**
   * The configure view, once its chunk and the complete texts (`full`) are here; offline, the
   * same notice as a failed load.
   */
  render(s: FirstStrings, full: Strings | null): unknown {
    const parts = this.#parts;
    const views = parts.views;
    const cv = views.use(configureView);
    const configuration = parts.session.snapshot?.configuration;
    // The configure view says when it shows the configuration (its first render is in two).
    if (cv && full && configuration) return cv.renderConfigured(parts, full);
    if (!configureView.failed) return renderSkeleton(s);
    const notice = {title: s.errorTitle, message: s.errorLoad, reason: s.errors.network};
    const retry = () => views.track(views.load(configureView));
    return renderFailure(
      views,
      s,
      (m) => m.renderError({...notice, canRetry: true}, true, s, retry),
      {line: `${s.errorLoad} ${s.errors.network}`, retry},
      renderSkeleton(s),
    );
  }

  /** The conflict dialog, which comes with the configure view. */
  renderConflict(full: Strings | null): unknown {
    return (full && configureView.module?.renderConflict(this.#parts, full)) ?? nothing;
  }

  /** After a render: opens or closes the conflict dialog; a changed price is announced. */
  updated(): void {
    configureView.module?.syncConflictDialog(this.#parts);
    // The total is on screen once the configure view is (the skeleton shows none).
    configureView.module?.announcePrice(this.#parts);
  }
}
