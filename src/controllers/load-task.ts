import type {ReactiveControllerHost} from 'lit';

/** A load as the task runs it: given the signal that aborts it when a newer load takes over. */
export type Load = (signal: AbortSignal) => Promise<unknown>;

/** What a load's state renders as; `initial` before any load ran. */
export interface LoadRenderer {
  initial?: () => unknown;
  pending?: () => unknown;
  complete?: () => unknown;
  error?: () => unknown;
}

/**
 * The element's loads (the start, an open, a restart, the retry of a failed load) as one task:
 * the latest load's state, rendered by the element, and the abort of the load a newer one
 * supersedes. The part of `@lit/task` the element used, without its arguments, automatic runs
 * and values, which the start never needed: half a kilobyte less before the shopper can act
 * (docs/decisions/0102-act-what-loads-before-the-shopper-can-act.md).
 */
export class LoadTask {
  readonly #host: ReactiveControllerHost;
  #status: keyof LoadRenderer = 'initial';
  #abort: AbortController | null = null;
  #calls = 0;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  get status(): keyof LoadRenderer {
    return this.#status;
  }

  /**
   * Runs a load (called at once, in this call), aborting the one still pending; the element
   * updates when it starts and when it settles. Settles with it, never rejects: its outcome is
   * the state rendered, and the caller's own promise of the load.
   */
  async run(load: Load): Promise<void> {
    if (this.#status === 'pending') this.#abort?.abort();
    this.#status = 'pending';
    this.#host.requestUpdate();
    const call = ++this.#calls;
    const abort = (this.#abort = new AbortController());
    let status: keyof LoadRenderer = 'complete';
    try {
      await load(abort.signal);
    } catch {
      status = 'error';
    }
    // A newer load owns the state now.
    if (call !== this.#calls) return;
    this.#status = status;
    this.#host.requestUpdate();
  }

  /** What the latest load's state renders as. */
  render(renderer: LoadRenderer): unknown {
    return renderer[this.#status]?.();
  }
}
