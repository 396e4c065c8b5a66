import type {ReactiveController} from 'lit';
import {
  ConfiguratorStepEvent,
  type ConfiguratorStepDetail,
} from '../events/configurator-step-event.js';
import type {ElementParts} from './element-parts.js';

/**
 * Fires `configurator-step` when the shopper sees another step of the journey: the model's
 * steps, the review, the quote form. In the configure view's later chunk (configure-extras):
 * the shopper can act before it is here, and it reports the step shown when it arrives, after
 * `configurator-ready`.
 */
export class StepReporter implements ReactiveController {
  #parts: ElementParts;
  /** The screen and step last seen; '' when the next one begins a journey. */
  #last = '';
  /** Events wait for the element's `updateComplete`, in the order the steps were shown. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(parts: ElementParts) {
    this.#parts = parts;
    parts.host.addController(this);
  }

  hostUpdated(): void {
    const p = this.#parts;
    const snapshot = p.session.snapshot;
    // Starting or opening a configuration (a restart, a code) begins a new journey, whose first
    // step follows its `configurator-ready`; an undo reopens a copy of the same one.
    if (snapshot?.status === 'loading') {
      if (!p.configure.history?.undoing) this.#last = '';
      return;
    }
    const configuration = snapshot?.configuration;
    const s = p.texts.complete;
    if (!configuration || !s) return;
    const screen = p.screens.screen;
    const steps = configuration.featureModel.steps;
    const index =
      screen === 'configure'
        ? Math.max(
            0,
            steps.findIndex((st) => st.id === p.screens.step),
          )
        : screen === 'review'
          ? steps.length
          : steps.length + 1;
    const step = screen === 'configure' ? steps[index] : undefined;
    const key = `${screen}:${step?.id ?? ''}`;
    if (key === this.#last) return;
    this.#last = key;
    // The thank-you ends the journey (`configurator-quote-requested` reports it); a model
    // without steps has none to report.
    if (screen === 'thanks' || (screen === 'configure' && !step)) return;
    const detail: ConfiguratorStepDetail = {
      screen,
      index,
      stepId: step?.id ?? null,
      name: step ? step.title : screen === 'review' ? s.reviewTitle : s.quoteTitle,
      stepCount: steps.length,
      review: screen === 'review',
    };
    const host = p.host;
    this.#queue = this.#queue
      .then(() => host.updateComplete)
      .then(() => host.dispatchEvent(new ConfiguratorStepEvent(detail)));
  }
}
