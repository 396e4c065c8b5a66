/**
 * The element's events by name: the one list the event classes, `HTMLElementEventMap`, the
 * manifest (checked by test/docs), the docs and the tests read. A name never changes once
 * published; `ConfiguratorEventMap` (./index.ts) ties each to its class and `detail`.
 */
export const EventName = {
  ready: 'configurator-ready',
  change: 'configurator-change',
  languageChange: 'configurator-language-change',
  conflict: 'configurator-conflict',
  quoteSubmit: 'configurator-quote-submit',
  quoteRequested: 'configurator-quote-requested',
  error: 'configurator-error',
  step: 'configurator-step',
  priceChange: 'configurator-price-change',
} as const;
export type EventName = (typeof EventName)[keyof typeof EventName];

/**
 * How every event of the element is sent: it bubbles, and it is composed, so that it leaves
 * the shadow root and a host listening on the page (or on a parent) hears it. One place for the
 * rule, so that a new event class cannot forget half of it.
 *
 * @internal
 */
export function eventInit<D>(detail: D, cancelable = false): CustomEventInit<D> {
  return {bubbles: true, composed: true, cancelable, detail};
}
