import {EventName, eventInit} from './event-names.js';

/** Where in the journey a step event is: one of the model's steps, the review, the quote form. */
export type JourneyScreen = 'configure' | 'review' | 'quote';

export interface ConfiguratorStepDetail {
  /** `'configure'`: one of the model's steps; `'review'`: the review; `'quote'`: the quote form. */
  screen: JourneyScreen;
  /**
   * The position in the journey, from 0: the model's steps in their order, then the review
   * (`stepCount`), then the quote form (`stepCount + 1`).
   */
  index: number;
  /** The model's step id; null for the review and the quote form. */
  stepId: string | null;
  /** The step's title as the shopper reads it; for the review and the form, their heading. */
  name: string;
  /** How many steps the model has. */
  stepCount: number;
  /** Whether the shopper reached the review (`screen === 'review'`). */
  review: boolean;
}

/**
 * Fired when the shopper sees another step of the journey, once it is rendered: the first step
 * after `configurator-ready`, every step opened, the review, the quote form. Not fired again
 * for the step already shown (a change, a language switch); fired again after a restart.
 * With `configurator-conflict` and `configurator-quote-requested` it makes a funnel for any
 * analytics tool (docs/analytics.md).
 */
export class ConfiguratorStepEvent extends CustomEvent<ConfiguratorStepDetail> {
  static readonly eventName = EventName.step;

  constructor(detail: ConfiguratorStepDetail) {
    super(ConfiguratorStepEvent.eventName, eventInit(detail));
  }

  /** Same as `detail.index`. */
  get index(): number {
    return this.detail.index;
  }

  /** Same as `detail.review`. */
  get review(): boolean {
    return this.detail.review;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.step]: ConfiguratorStepEvent;
  }
}
