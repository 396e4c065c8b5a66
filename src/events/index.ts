export {ConfiguratorReadyEvent} from './configurator-ready-event.js';
export {ConfiguratorChangeEvent} from './configurator-change-event.js';
export {ConfiguratorConflictEvent} from './configurator-conflict-event.js';
export {ConfiguratorQuoteSubmitEvent} from './configurator-quote-submit-event.js';
export {ConfiguratorQuoteRequestedEvent} from './configurator-quote-requested-event.js';
export {ConfiguratorErrorEvent} from './configurator-error-event.js';
