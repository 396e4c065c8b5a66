import {expect} from '@open-wc/testing';
import {
  demoToken,
  idleConfigurator,
  nextEvent,
  nodeByName,
  readyConfigurator,
  serviceUrl,
  until,
} from '../helpers/browser/service.js';

/** Every answer the page gets from the service, by method, path and status. */
function recordAnswers() {
  const original = window.fetch;
  const answers: {method: string; path: string; status: number}[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    // Token requests are the host's (here the test's), not the widget's calls with the token.
    if (url.origin === new URL(serviceUrl).origin && url.pathname !== '/connect/token') {
      const method = (
        init?.method ?? (input instanceof Request ? input.method : 'GET')
      ).toUpperCase();
      answers.push({method, path: url.pathname, status: response.status});
    }
    return response;
  };
  return {answers, restore: () => (window.fetch = original)};
}

// The shopper's operations (the service's shopper-routes list), as the widget may use them.
const guid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const shopperCalls = [
  new RegExp(`^GET /api/3/configurator/new/[^/]+$`, 'i'),
  new RegExp(`^PUT /api/3/configurator/${guid}(/changelanguage)?$`, 'i'),
  new RegExp(`^GET /api/3/configurator/${guid}/signed$`, 'i'),
  new RegExp(`^POST /api/3/configurator/${guid}/effects$`, 'i'),
  new RegExp(`^GET /configurator/[13]/configurator/open/[^/]+$`, 'i'),
  new RegExp(`^POST /configurator/[13]/configurator/copy/[^/]+$`, 'i'),
  new RegExp(`^PUT /configurator/[13]/configurator/${guid}/text$`, 'i'),
  new RegExp(`^GET /configurator/[13]/configurator/${guid}/image$`, 'i'),
  /^POST \/configurator\/[13]\/configurator\/requestquote$/i,
];

describe('the widget on a shopper-scoped token (Service.Configurator)', () => {
  it('runs the whole journey and calls nothing outside the shopper scope', async () => {
    const recorder = recordAnswers();
    try {
      // Start, update, text.
      const el = await readyConfigurator('Office Chair', {fetchToken: demoToken});
      const id = (name: string) => nodeByName(el.value!, name).id;
      await el.select(id('Foot ring'), true);
      await el.select(id('5 years'), true);
      await el.select(id('Engraving'), true);
      await el.setText(id('Engraving name'), 'Ada');
      // Change language.
      el.lang = 'de';
      await until(el, () => el.value?.languageIso === 'de', 'a German configuration');

      // Request quote: the answer names the quotation for people, without quotation access.
      const requested = nextEvent(el, 'configurator-quote-requested');
      await el.requestQuote({firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'});
      const quote = await requested;
      expect(quote.quotationId).to.be.a('string').and.not.equal('');
      expect(quote.result.quotationNumber).to.match(/^Q-\d{6}$/);

      // Open by code: a copy of the configuration, on its own token.
      const code = el.value!.code;
      const copy = await idleConfigurator();
      const ready = nextEvent(copy, 'configurator-ready');
      copy.configuration = code;
      const resumed = await ready;
      expect(resumed.configuration.id).not.to.equal(el.value!.id);

      // A step image, fetched with the page's token as a custom UI would.
      const {accessToken} = await demoToken();
      const stepId = el.value!.featureModel.steps[0]!.id;
      const image = await fetch(
        `${serviceUrl}/configurator/1/configurator/${el.value!.id}/image?stepId=${stepId}`,
        {headers: {Authorization: `Bearer ${accessToken}`}},
      );
      expect(image.status).to.equal(200);

      const calls = recorder.answers.map((a) => `${a.method} ${a.path}`);
      expect(calls.length).to.be.greaterThan(6);
      const outside = calls.filter((call) => !shopperCalls.some((allowed) => allowed.test(call)));
      expect(outside, 'calls outside the shopper scope').to.deep.equal([]);
      const refused = recorder.answers.filter((a) => a.status === 401 || a.status === 403);
      expect(refused).to.deep.equal([]);
    } finally {
      recorder.restore();
    }
  });

  it('is refused the back office, and the page can read why', async () => {
    const {accessToken} = await demoToken();
    for (const path of ['/api/2/crmaccounts', '/api/2/quotations']) {
      const response = await fetch(`${serviceUrl}${path}`, {
        headers: {Authorization: `Bearer ${accessToken}`},
      });
      expect(response.status).to.equal(403);
      // Exposed through CORS: the page is on another origin than the service.
      expect(response.headers.get('WWW-Authenticate')).to.equal(
        'Bearer error="insufficient_scope", scope="Service.Api"',
      );
      expect(((await response.json()) as {code: string}).code).to.equal('insufficient_scope');
    }
  });
});
