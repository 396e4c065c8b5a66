import type {ReactiveControllerHost} from 'lit';

/** The element's screens: the steps, the review, the quote form, the thank-you. */
export type Screen = 'configure' | 'review' | 'quote' | 'thanks';

type Host = ReactiveControllerHost & {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
};

export interface ScreenOptions {
  /** Loads what a screen needs (its chunk); rejects when it cannot be loaded. */
  prepare(screen: Screen): Promise<unknown>;
  /** Holds the host's `updateComplete` until `work` settles. */
  track(work: Promise<unknown>): void;
  /** Called as the screen changes (old news to forget), or when it could not (`to` null). */
  switched(from: Screen, to: Screen | null): void;
  /** The id of a step's tab element. */
  tabId(stepId: string): string;
}

/**
 * Which screen and step the shopper sees, and where focus goes when that changes: to the new
 * screen's title, the chosen tab, or the feature a link points at.
 */
export class ScreenController {
  #host: Host;
  #options: ScreenOptions;
  #screen: Screen = 'configure';
  #step = '';

  constructor(host: Host, options: ScreenOptions) {
    this.#host = host;
    this.#options = options;
  }

  get screen(): Screen {
    return this.#screen;
  }

  /** The step chosen ('' for the first). */
  get step(): string {
    return this.#step;
  }

  /** Back to the first step of the steps, without moving focus (a new product, a restart). */
  reset(screen: Screen = 'configure'): void {
    this.#screen = screen;
    this.#step = '';
    this.#host.requestUpdate();
  }

  /** Switches screens; `updateComplete` covers loading the screen's chunk. */
  async show(screen: Screen): Promise<void> {
    const switched = this.#options.prepare(screen).then(
      () => {
        this.#options.switched(this.#screen, screen);
        this.#screen = screen;
        this.#host.requestUpdate();
        return true;
      },
      () => {
        // The screen's chunk could not be loaded (offline): stay, and say why.
        this.#options.switched(this.#screen, null);
        return false;
      },
    );
    this.#options.track(switched);
    if (!(await switched)) return;
    await this.#host.updateComplete;
    const root = this.#host.renderRoot;
    const target =
      screen === 'quote' || screen === 'review'
        ? root.querySelector<HTMLElement>(`#${screen}-title`)
        : (root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ??
          root.querySelector<HTMLElement>('.step-title'));
    target?.focus();
  }

  async goToStep(stepId: string, focus: 'tab' | 'title' | false): Promise<void> {
    this.#options.switched(this.#screen, 'configure');
    this.#step = stepId;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    const root = this.#host.renderRoot;
    if (focus === 'tab')
      root.querySelector<HTMLElement>(`#${CSS.escape(this.#options.tabId(stepId))}`)?.focus();
    if (focus === 'title') root.querySelector<HTMLElement>('.step-title')?.focus();
  }

  /** Back to the steps at one feature (from the review or the quote form's notice). */
  async goToNode(nodeId: string, stepId: string | null): Promise<void> {
    this.#options.switched(this.#screen, 'configure');
    this.#screen = 'configure';
    if (stepId) this.#step = stepId;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    const node = this.#host.renderRoot.querySelector<HTMLElement>(
      `[data-node="${CSS.escape(nodeId)}"]`,
    );
    const focusable =
      node?.querySelector<HTMLElement>('h3[tabindex], input:not(:disabled), select, textarea') ??
      null;
    // A shopper who asked for less motion gets the jump without the glide.
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    node?.scrollIntoView({block: 'center', behavior: still ? 'auto' : 'smooth'});
    focusable?.focus({preventScroll: true});
  }
}
