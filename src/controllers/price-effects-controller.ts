// What each option of the step on screen would make the total, asked of the service after
// every answer (docs/decisions/0098). Until it answers, and with a service that cannot, the
// view model works the effects out from the answer's prices.
import {fetchTotalsAfter, type TotalsAfter} from '../session/price-effects.js';
import type {ConfiguratorSession} from '../session/index.js';
import type {Configuration, Requirement} from '../wire/index.js';

interface Host {
  requestUpdate(): void;
}

/** The most options of one step whose effects are asked of the service after a change. */
export const MOST_ASKED = 32;

export class PriceEffectsController {
  readonly #host: Host;
  #for: Configuration | null = null;
  #step = '';
  #totals: ReadonlyMap<string, TotalsAfter> | null = null;
  #abort: AbortController | null = null;
  /** The service has no such question (or refused it): the estimates stay. */
  #unavailable = false;

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

  /** Stops the question asked or about to be asked; the next render asks again. */
  cancel(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#for = null;
  }

  /** The answered totals for this configuration's step, or null while there are none. */
  totalsFor(configuration: Configuration, step: string): ReadonlyMap<string, TotalsAfter> | null {
    return this.#for === configuration && this.#step === step ? this.#totals : null;
  }

  /**
   * Asks for the step's effects (`requirements`: what would choose each of its options) unless
   * they are asked for already.
   */
  want(
    session: ConfiguratorSession,
    configuration: Configuration,
    step: string,
    requirements: readonly Requirement[],
  ): void {
    if (this.#unavailable || (this.#for === configuration && this.#step === step)) return;
    this.#abort?.abort();
    this.#for = configuration;
    this.#step = step;
    this.#totals = null;
    // A step with many options keeps the estimates: each requirement asked costs the service one
    // update's work, and a change must not cost it dozens (the 2,000-node model's first step
    // offers 202 options).
    if (requirements.length === 0 || requirements.length > MOST_ASKED) return;
    const abort = (this.#abort = new AbortController());
    // Asked in a task of its own, after the answer is on screen and `configurator-ready` or
    // `configurator-change` has fired: the shopper can act on the estimates meanwhile, and the
    // question never competes with what the first screen needs.
    setTimeout(() => {
      if (!abort.signal.aborted) this.#ask(session, configuration, requirements, abort);
    });
  }

  #ask(
    session: ConfiguratorSession,
    configuration: Configuration,
    requirements: readonly Requirement[],
    abort: AbortController,
  ): void {
    fetchTotalsAfter(session, configuration.id, requirements, abort.signal).then(
      (totals) => {
        if (abort.signal.aborted) return;
        this.#totals = totals;
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // A service without the question answers 404 or 405; anything else is asked again
        // with the next answer.
        const status = (error as {status?: number | null}).status;
        if (status === 404 || status === 405 || status === 403) this.#unavailable = true;
      },
    );
  }
}
