export * from './view-model.js';
export type {ViewHandlers} from './view-handlers.js';
export {sanitizeHtml, richText} from './sanitize.js';
export {
  renderNode,
  renderNodes,
  renderGroup,
  renderChoice,
  renderNumber,
  renderText,
  renderImage,
} from './render-node.js';
export {renderSteps, tabId, panelId, type StepHandlers} from './render-steps.js';
export {renderSummary, type SummaryHandlers, type SummaryState} from './render-summary.js';
export {
  renderConflictDialog,
  describeConflict,
  type ConflictHandlers,
  type ConflictView,
} from './render-conflict-dialog.js';
export {renderQuoteForm, type QuoteFormHandlers, type QuoteFormState} from './render-quote-form.js';
export * from './quote-form-data.js';
export {renderSkeleton, renderError, type ErrorView} from './render-states.js';
export {renderThankYou, type ThankYouView} from './render-thank-you.js';
