import type {FirstStrings} from './strings.js';

/**
 * The English texts the script-tag entry needs before the configure view is here: the
 * skeleton, the error notices and the total's announcement. The rest of English (en.ts) is a
 * chunk that loads with the configure view, like the other languages' dictionaries.
 */
export const enFirst = {
  loading: 'Loading the configurator…',
  totalAnnouncement: (label) => `Total price is now ${label}`,
  newConfiguration: 'Start a new configuration',
  errorTitle: 'Something went wrong',
  errorLoad: 'The configurator could not be loaded.',
  errorApply: 'Your last change could not be saved yet. Your choices are kept.',
  errorRefused: 'Your last change was refused and undone.',
  errorSavedNotFound:
    'The saved configuration could not be found. It may have expired or the code may be mistyped.',
  errorSavedNotFoundNoModel: 'Please check the configuration code.',
  retry: 'Try again',
  dismiss: 'Dismiss',
  retrying: 'Retrying automatically…',
  errors: {
    token_failed: 'Access to the service was refused.',
    unauthorized: 'Access to the service was refused.',
    network: 'There is no connection to the service.',
    timeout: 'The service took too long to answer.',
    rate_limited: 'The service is busy or unavailable at the moment.',
    service_unavailable: 'The service is busy or unavailable at the moment.',
    server_error: 'The service is busy or unavailable at the moment.',
    bad_response: 'The service sent an unreadable answer.',
    not_found: 'This product or configuration could not be found.',
    model_not_found: 'This product or configuration could not be found.',
    session_not_found: 'This product or configuration could not be found.',
    invalid_request: 'The service could not handle the request.',
    request_rejected: 'The service could not handle the request.',
    not_started: 'The service could not handle the request.',
    conflict_pending: 'The service could not handle the request.',
    quote_blocked: 'The service could not handle the request.',
    aborted: 'The service could not handle the request.',
    origin_not_allowed: 'This page is not set up to use the configurator yet.',
    no_token_source: 'This page is not set up to use the configurator yet.',
    invalid_api_url: 'This page is not set up to use the configurator yet.',
    invalid_publishable_key: 'This page is not set up to use the configurator yet.',
    token_endpoint_not_found: 'This page is not set up to use the configurator yet.',
    token_credentials_rejected: 'This page is not set up to use the configurator yet.',
  },
} satisfies FirstStrings;
