// What the framework demos share: the token from this site's own backend, and a one-line
// summary of each event's `detail` for the page's event log.

/** `fetchToken` for the element: the demo backend's token endpoint, as a host would call it. */
export async function fetchToken() {
  const response = await fetch('/api/configurator-token', {
    method: 'POST',
    headers: {Accept: 'application/json'},
  });
  if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
  const body = await response.json();
  return {accessToken: body.access_token, expiresIn: body.expires_in};
}

export const eventTypes = [
  'configurator-ready',
  'configurator-change',
  'configurator-language-change',
  'configurator-conflict',
  'configurator-quote-submit',
  'configurator-quote-requested',
  'configurator-error',
  'configurator-step',
  'configurator-price-change',
];

/** The interesting part of an event's `detail`, small enough for one log line. */
export function summarise(event) {
  const d = event.detail;
  switch (event.type) {
    case 'configurator-ready':
      return {id: d.configuration.id, total: d.price.label};
    case 'configurator-change':
      return {source: d.source, changes: d.changes.length, total: d.price.label};
    case 'configurator-language-change':
      return {lang: d.lang, total: d.price.label};
    case 'configurator-conflict':
      return {conflicts: d.conflicts.length};
    case 'configurator-quote-submit':
      return {configurationId: d.configurationId, email: d.customer.email};
    case 'configurator-quote-requested':
      return {quotationId: d.quotationId};
    case 'configurator-error':
      return {code: d.code, status: d.status, retryable: d.retryable};
    case 'configurator-step':
      return {screen: d.screen, index: d.index};
    case 'configurator-price-change':
      return {displayed: d.price.displayed, total: d.price.label};
    default:
      return {};
  }
}
