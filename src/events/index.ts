import type {EventName} from './event-names.js';
export {ConfiguratorReadyEvent, type ConfiguratorReadyDetail} from './configurator-ready-event.js';
export {
  ConfiguratorChangeEvent,
  type ConfiguratorChangeDetail,
} from './configurator-change-event.js';
export {
  ConfiguratorConflictEvent,
  type ConfiguratorConflictDetail,
} from './configurator-conflict-event.js';
export {
  ConfiguratorQuoteSubmitEvent,
  type ConfiguratorQuoteSubmitDetail,
} from './configurator-quote-submit-event.js';
export {
  ConfiguratorQuoteRequestedEvent,
  type ConfiguratorQuoteRequestedDetail,
} from './configurator-quote-requested-event.js';
export {ConfiguratorErrorEvent, type ConfiguratorErrorDetail} from './configurator-error-event.js';
export {
  ConfiguratorLanguageChangeEvent,
  type ConfiguratorLanguageChangeDetail,
} from './configurator-language-change-event.js';
export {
  ConfiguratorStepEvent,
  type ConfiguratorStepDetail,
  type JourneyScreen,
} from './configurator-step-event.js';
export {
  ConfiguratorPriceChangeEvent,
  type ConfiguratorPriceChangeDetail,
} from './configurator-price-change-event.js';
export {displayedPrice, type DisplayedPrice} from './price.js';
export {EventName} from './event-names.js';

/**
 * Every event of the element by name, with its class (and so its `detail`). A name in
 * {@link EventName} whose file does not declare it in `HTMLElementEventMap` fails the type check.
 */
export type ConfiguratorEventMap = {[K in EventName]: HTMLElementEventMap[K]};
