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
