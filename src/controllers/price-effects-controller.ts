// What each option of the step on screen would make the total, asked of the service after
// every answer (docs/decisions/0098). Until it answers no figure shows; with a service that
// cannot answer, the view model shows estimates from the answer's prices, said as such.
import type {TotalsAfter} from '../session/price-effects.js';
import type {ConfiguratorSession} from '../session/index.js';
import type {Configuration, Requirement} from '../wire/index.js';
import type {OptionsInView} from './options-in-view.js';

interface Host {
  requestUpdate(): void;
  readonly renderRoot?: ParentNode;
}

/**
 * The most requirements one question carries. Each costs the service one update's work: a step
 * of up to this many options is asked at once; a larger one in pages of this size, for the
 * options in or near the viewport only (the 2,000-node model's first step offers 202).
 */
export const MOST_ASKED = 32;

/** The step's answered figures, and whether the options without one show estimates. */
export interface StepEffects {
  /** By option id; null where the service refuses the choice (it has no effect to show). */
  totals: ReadonlyMap<string, TotalsAfter | null>;
  estimates: boolean;
}

const none: ReadonlyMap<string, TotalsAfter | null> = new Map();

/**
 * The question itself, a chunk of its own: it is asked only after the shopper can act, so the
 * code before that carries none of it.
 */
const fetchTotalsAfter: typeof import('../session/price-effects.js').fetchTotalsAfter = (...args) =>
  import('../session/price-effects.js').then(({fetchTotalsAfter: ask}) => ask(...args));

export class PriceEffectsController {
  readonly #host: Host;
  #for: Configuration | null = null;
  #step = '';
  #session: ConfiguratorSession | null = null;
  /** The step's requirements by option id, in the order the step shows them. */
  #requirements = new Map<string, Requirement>();
  #asked = new Set<string>();
  #totals = new Map<string, TotalsAfter | null>();
  /** A question about this configuration failed: its options show estimates. */
  #failed = false;
  #abort: AbortController | null = null;
  /** The service has no such question (or refused it): the estimates stay. */
  #unavailable = false;
  /** Options in or near the viewport, for steps too large to ask at once; made when needed. */
  #inView: OptionsInView | null = null;
  #watching: Promise<OptionsInView> | null = null;

  constructor(host: Host) {
    this.#host = host;
  }

  #conflict: {for: Configuration; requirement: Requirement; totals: TotalsAfter | null} | null =
    null;

  /**
   * The totals accepting a conflicting requirement would give, asked of the service the first
   * time the dialog shows it; null until it has answered.
   */
  totalsIfAccepted(
    session: ConfiguratorSession,
    configuration: Configuration,
    requirement: Requirement,
  ): TotalsAfter | null {
    const known = this.#conflict;
    // By value: a snapshot may carry the same requirement as another object.
    if (
      known?.for === configuration &&
      known.requirement.featureModelNodeId === requirement.featureModelNodeId &&
      known.requirement.value === requirement.value &&
      known.requirement.isSelection === requirement.isSelection
    ) {
      return known.totals;
    }
    const asked = (this.#conflict = {
      for: configuration,
      requirement,
      totals: null as TotalsAfter | null,
    });
    if (this.#unavailable) return null;
    fetchTotalsAfter(session, configuration.id, [requirement]).then(
      (totals) => {
        asked.totals = totals.get(requirement.featureModelNodeId) ?? null;
        if (this.#conflict === asked) this.#host.requestUpdate();
      },
      () => {},
    );
    return null;
  }

  /** Stops the questions asked or about to be asked; the next render asks again. */
  cancel(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#for = null;
    this.#inView?.disconnect();
    this.#inView = null;
    this.#watching = null;
  }

  /** The answered figures for this configuration's step, and whether the rest show estimates. */
  totalsFor(configuration: Configuration, step: string): StepEffects {
    const current = this.#for === configuration && this.#step === step;
    return {
      totals: current ? this.#totals : none,
      estimates: this.#unavailable || (current && this.#failed),
    };
  }

  /**
   * Asks for the step's effects (`requirements`: what would choose each of its options, in the
   * order shown) unless they are asked for already. A new configuration or step cancels what
   * was asked for the one before.
   */
  want(
    session: ConfiguratorSession,
    configuration: Configuration,
    step: string,
    requirements: readonly Requirement[],
  ): void {
    if (this.#unavailable || (this.#for === configuration && this.#step === step)) return;
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    this.#for = configuration;
    this.#step = step;
    this.#session = session;
    this.#requirements = new Map(requirements.map((r) => [r.featureModelNodeId, r]));
    this.#asked = new Set();
    this.#totals = new Map();
    this.#failed = false;
    if (requirements.length === 0) return;
    // Asked in a task of its own, after the answer is on screen and `configurator-ready` or
    // `configurator-change` has fired: the shopper can act meanwhile, and the question never
    // competes with what the first screen needs. By then the step's options are in the page,
    // so a large step knows which of them are in view.
    setTimeout(() => {
      if (abort.signal.aborted) return;
      if (requirements.length <= MOST_ASKED) this.#ask(requirements, abort);
      else this.#askAsViewed(abort);
    });
  }

  /**
   * A large step: watches its options (the watcher is a chunk of its own, which only a step of
   * more than 32 options needs) and asks about those in view. Options the observer has not
   * measured yet are asked about with its first report, in the same pages as those in view.
   */
  #askAsViewed(abort: AbortController): void {
    const watch = (this.#watching ??= import('./options-in-view.js').then(
      ({OptionsInView}) =>
        (this.#inView = new OptionsInView(() => {
          if (this.#abort) this.#askInView(this.#abort);
        })),
    ));
    watch.then(
      (inView) => {
        if (!abort.signal.aborted && !inView.sync(this.#host.renderRoot ?? null)) {
          this.#askInView(abort);
        }
      },
      () => {
        // Offline: the estimates, said as such, until the next answer tries again.
        this.#watching = null;
        if (abort.signal.aborted) return;
        this.#failed = true;
        this.#host.requestUpdate();
      },
    );
  }

  /** Asks, in pages, for the options in or near the viewport not asked for yet. */
  #askInView(abort: AbortController): void {
    if (abort.signal.aborted || this.#requirements.size <= MOST_ASKED || !this.#inView) return;
    const inView = this.#inView.ids();
    const wanted: Requirement[] = [];
    for (const [id, requirement] of this.#requirements) {
      if (!this.#asked.has(id) && inView.has(id)) wanted.push(requirement);
    }
    for (let from = 0; from < wanted.length; from += MOST_ASKED) {
      this.#ask(wanted.slice(from, from + MOST_ASKED), abort);
    }
  }

  #ask(requirements: readonly Requirement[], abort: AbortController): void {
    const configuration = this.#for!;
    for (const r of requirements) this.#asked.add(r.featureModelNodeId);
    fetchTotalsAfter(this.#session!, configuration.id, requirements, abort.signal).then(
      (totals) => {
        if (abort.signal.aborted) return;
        // A requirement the service refused has no figure: none is coming for it.
        for (const r of requirements) {
          this.#totals.set(r.featureModelNodeId, totals.get(r.featureModelNodeId) ?? null);
        }
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // A service without the question answers 404 or 405; anything else shows estimates
        // until the next answer asks again.
        const status = (error as {status?: number | null}).status;
        if (status === 404 || status === 405 || status === 403) this.#unavailable = true;
        this.#failed = true;
        this.#host.requestUpdate();
      },
    );
  }
}
