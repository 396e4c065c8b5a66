// What each option of the step on screen would make the total, asked of the service after
// every answer (docs/decisions/0098). Until it answers no figure shows; with a service that
// cannot answer, the view model shows estimates from the answer's prices, said as such. Once the
// service has answered a question, each change asks for the step's effects in its own answer
// (`?effectsOf=`, docs/decisions/0109): they show with the new total, and nothing more is asked.
import {totalsOf, type TotalsAfter} from '../session/totals-after.js';
import type {ConfiguratorSession} from '../session/index.js';
import type {Configuration, Requirement, StepEffects} from '../wire/index.js';
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
export interface StepFigures {
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
  /** A question has been answered: the service answers price effects (decision 109). */
  #learnt = false;
  /**
   * The figures were taken from the answer (`stepEffects`) before `want` was told the step's
   * requirements: it asks only for those the answer did not cover.
   */
  #fromAnswer = false;
  /** The value each answered figure's requirement had, by option id. */
  #values = new Map<string, number>();
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

  /**
   * The answered figures for this configuration's step, and whether the rest show estimates.
   * An answer that carries the step's effects gives them at once, in the render of its total.
   */
  totalsFor(configuration: Configuration, step: string): StepFigures {
    if (!(this.#for === configuration && this.#step === step)) this.#adopt(configuration, step);
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
    if (this.#unavailable) return;
    this.#session = session;
    if (this.#for === configuration && this.#step === step && !this.#fromAnswer) return;
    this.#requirements = new Map(requirements.map((r) => [r.featureModelNodeId, r]));
    let wanted = requirements;
    let abort = this.#abort!;
    if (this.#for === configuration && this.#step === step) {
      // The answer's figures: asked for are only the options they do not cover (none, when the
      // service derived the step's options as the view does).
      this.#fromAnswer = false;
      wanted = requirements.filter(
        (r) => this.#values.get(r.featureModelNodeId) !== r.value && this.#unask(r),
      );
    } else {
      abort = this.#reset(configuration, step);
    }
    this.#learn(session);
    if (wanted.length === 0) return;
    // Asked in a task of its own, after the answer is on screen and `configurator-ready` or
    // `configurator-change` has fired: the shopper can act meanwhile, and the question never
    // competes with what the first screen needs. By then the step's options are in the page,
    // so a large step knows which of them are in view.
    setTimeout(() => {
      if (abort.signal.aborted) return;
      if (this.#requirements.size <= MOST_ASKED) this.#ask(wanted, abort);
      else this.#askAsViewed(abort);
    });
  }

  /** Forgets what was asked for before: a new configuration or step. */
  #reset(configuration: Configuration, step: string): AbortController {
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    this.#for = configuration;
    this.#step = step;
    this.#asked = new Set();
    this.#totals = new Map();
    this.#values = new Map();
    this.#failed = this.#fromAnswer = false;
    return abort;
  }

  /** An option the answer priced for another requirement than the view's: asked again. */
  #unask(requirement: Requirement): true {
    this.#asked.delete(requirement.featureModelNodeId);
    this.#totals.delete(requirement.featureModelNodeId);
    return true;
  }

  /**
   * Takes the step's figures from an answer that carries them (`stepEffects`); one that carries
   * none, or another step's, or of a shape not expected, leaves the question to `want`.
   */
  #adopt(configuration: Configuration, step: string): void {
    const carried = readStepEffects(configuration.stepEffects, step);
    if (this.#unavailable || !carried) return;
    this.#reset(configuration, step);
    for (const [id, value, totals] of carried) {
      this.#asked.add(id);
      this.#values.set(id, value);
      this.#totals.set(id, totals);
    }
    this.#fromAnswer = true;
  }

  /**
   * The service answers price effects: from now on each change asks for the step's in its own
   * answer (a step of at most {@link MOST_ASKED} options; a larger one is asked in pages).
   */
  #learn(session: ConfiguratorSession): void {
    if (!this.#learnt || this.#unavailable || session._query === this.#query) return;
    session._query = this.#query;
  }

  /** The query a change adds: reads the step on screen when the change is sent. */
  readonly #query = () =>
    this.#step && !this.#unavailable && this.#requirements.size <= MOST_ASKED
      ? {effectsOf: this.#step}
      : undefined;

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
        if (!this.#learnt) {
          this.#learnt = true;
          this.#learn(this.#session!);
        }
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

/**
 * `stepEffects` of an answer as [option id, the requirement's value, totals or null] when they
 * are of `step` and of the expected shape; null otherwise (the figures are asked for instead).
 */
function readStepEffects(
  carried: StepEffects | undefined,
  step: string,
): [string, number, TotalsAfter | null][] | null {
  if (carried?.stepId !== step || !Array.isArray(carried.effects)) return null;
  const out: [string, number, TotalsAfter | null][] = [];
  for (const e of carried.effects as unknown[]) {
    const effect = (e ?? {}) as Record<string, unknown>;
    const {featureModelNodeId: id, value} = effect;
    if (typeof id !== 'string' || typeof value !== 'number') return null;
    // Both totals null: the service refuses the choice; anything else but two figures is malformed.
    const refused = effect.totalPriceExVAT === null && effect.totalPriceIncVAT === null;
    const totals = refused ? null : totalsOf(effect);
    if (!refused && !totals) return null;
    out.push([id, value, totals]);
  }
  return out;
}
