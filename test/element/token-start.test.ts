// The token request that starts the session: an element with no token on the page names its
// start in the token request, and the service's test process mounts the demo's token endpoint,
// built on the helper with `startSessions`. Each test uses an endpoint URL of its own, so the
// page holds no token for it yet (token sources are shared per URL across the page).
import {expect, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  mount,
  nextEvent,
  nodeByName,
  recordRequests,
  serviceUrl,
  until,
  valueOf,
} from '../helpers/browser/service.js';

let endpoints = 0;
const freshEndpoint = () => `${serviceUrl}/api/configurator-token?page=${++endpoints}`;
const isStart = (r: {url: string}) => r.url.includes('/configurator/new/');

/**
 * Rewrites the token endpoint's answers on the page's way in, as another endpoint would have
 * answered; `restore` puts the page's fetch back.
 */
function rewriteTokenAnswers(rewrite: (body: Record<string, unknown>) => Record<string, unknown>) {
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    if (!String(input).includes('/api/configurator-token')) return response;
    return Response.json(rewrite((await response.json()) as Record<string, unknown>));
  };
  return {restore: () => (window.fetch = original)};
}

function mountElements(endpoint: string, models: string[], lang = 'en') {
  const page = mount(
    html`<div>
      ${models.map(
        (model) =>
          html`<product-configurator
            model=${model}
            lang=${lang}
            api-url=${serviceUrl}
            token-endpoint=${endpoint}
          ></product-configurator>`,
      )}
    </div>`,
  );
  return {
    page,
    elements: [...page.querySelectorAll<ProductConfiguratorElement>('product-configurator')],
  };
}

describe('the token request that starts the session', () => {
  it('brings the configuration with the token: one request before the shopper can act', async () => {
    const endpoint = freshEndpoint();
    const recorder = recordRequests();
    const {page, elements} = mountElements(endpoint, ['Office Chair'], 'de');
    const [el] = elements;
    try {
      await nextEvent(el!, 'configurator-ready');
      // Nothing but the token request reached the network, and it named the start.
      const service = recorder.requests.filter((r) => !r.url.includes('/dist/'));
      expect(service.map((r) => [r.method, r.url, r.body])).to.deep.equal([
        ['POST', endpoint, JSON.stringify({start: {model: 'Office Chair', lang: 'de'}})],
      ]);
      expect(el!.value!.languageIso).to.equal('de');
      expect($(el!, '[part~="product-name"]').textContent).to.contain(el!.value!.featureModel.name);
      // The session is the service's, reachable with the token: a choice lands on it.
      const footRing = nodeByName(el!.value!, 'Fußring').id;
      const id = el!.value!.id;
      await el!.select(footRing, true);
      expect(el!.value!.id).to.equal(id);
      expect(valueOf(el!.value!, footRing)).to.equal(1);
      expect(
        recorder.requests.filter((r) => r.method === 'PUT' && r.url.includes(id)),
      ).to.have.length(1);
    } finally {
      recorder.restore();
      page.remove();
    }
  });

  it('starts only the first of two elements with the shared token; the second asks itself', async () => {
    const endpoint = freshEndpoint();
    const recorder = recordRequests();
    const {page, elements} = mountElements(endpoint, ['Office Chair', 'Standing Desk']);
    try {
      const [a, b] = elements;
      await Promise.all([nextEvent(a!, 'configurator-ready'), nextEvent(b!, 'configurator-ready')]);
      const tokens = recorder.requests.filter((r) => r.url === endpoint);
      expect(tokens.map((r) => r.body)).to.deep.equal([
        JSON.stringify({start: {model: 'Office Chair', lang: 'en'}}),
      ]);
      expect(
        recorder.requests.filter(isStart).map((r) => decodeURIComponent(r.url)),
      ).to.have.length(1);
      expect(decodeURIComponent(recorder.requests.find(isStart)!.url)).to.contain(
        'new/Standing Desk',
      );
      expect(a!.value!.featureModel.name).to.equal('Office Chair');
      expect(b!.value!.featureModel.name).to.equal('Standing Desk');
    } finally {
      recorder.restore();
      page.remove();
    }
  });

  it('starts the session itself when the endpoint answers a token alone', async () => {
    const endpoint = freshEndpoint();
    const rewriting = rewriteTokenAnswers(({configuration: _, ...token}) => token);
    const recorder = recordRequests();
    const {page, elements} = mountElements(endpoint, ['Office Chair']);
    try {
      await nextEvent(elements[0]!, 'configurator-ready');
      expect(recorder.requests.filter(isStart)).to.have.length(1);
      expect(elements[0]!.value!.featureModel.name).to.equal('Office Chair');
    } finally {
      recorder.restore();
      rewriting.restore();
      page.remove();
    }
  });

  it('refuses a malformed configuration from the endpoint as bad_response, and recovers', async () => {
    const endpoint = freshEndpoint();
    const rewriting = rewriteTokenAnswers((token) => ({...token, configuration: {id: 7}}));
    const recorder = recordRequests();
    const {page, elements} = mountElements(endpoint, ['Office Chair']);
    const el = elements[0]!;
    try {
      const error = await nextEvent(el, 'configurator-error');
      expect(error).to.include({code: 'bad_response', status: 200, retryable: true});
      expect(recorder.requests.filter(isStart)).to.have.length(0);
      // Retry asks the service itself, with the token the endpoint handed over.
      await el.updateComplete;
      const ready = nextEvent(el, 'configurator-ready');
      $(el, '[data-action="retry"]').click();
      await ready;
      expect(recorder.requests.filter(isStart)).to.have.length(1);
      expect(recorder.requests.filter((r) => r.url === endpoint)).to.have.length(1);
      expect(el.value!.featureModel.name).to.equal('Office Chair');
    } finally {
      recorder.restore();
      rewriting.restore();
      page.remove();
    }
  });

  it('opens a session code with the token too: one request before the shopper can act', async () => {
    // A configuration to resume, saved by another visit.
    const first = mountElements(freshEndpoint(), ['Office Chair']);
    await nextEvent(first.elements[0]!, 'configurator-ready');
    const {code} = first.elements[0]!.value!;
    first.page.remove();

    const endpoint = freshEndpoint();
    const recorder = recordRequests();
    const page = mount(
      html`<product-configurator
        configuration=${code}
        lang="fr"
        api-url=${serviceUrl}
        token-endpoint=${endpoint}
      ></product-configurator>`,
    );
    const el = page.querySelector<ProductConfiguratorElement>('product-configurator')!;
    try {
      const {configuration} = await nextEvent(el, 'configurator-ready');
      const service = recorder.requests.filter((r) => !r.url.includes('/dist/'));
      expect(service.map((r) => [r.method, r.url, r.body])).to.deep.equal([
        ['POST', endpoint, JSON.stringify({start: {configuration: code, lang: 'fr'}})],
      ]);
      // The saved Office Chair, in the language this page asks for.
      expect(configuration.featureModel.name).to.equal('Chaise de bureau');
      expect(configuration.languageIso).to.equal('fr');
    } finally {
      recorder.restore();
      page.remove();
    }
  });

  it('never shows a start the element stopped wanting: the model changed meanwhile', async () => {
    const endpoint = freshEndpoint();
    const recorder = recordRequests();
    const {page, elements} = mountElements(endpoint, ['Office Chair']);
    const el = elements[0]!;
    try {
      // The token request, carrying Office Chair's start, is on its way.
      await until(el, () => recorder.requests.some((r) => r.url === endpoint), 'the token request');
      const ready = nextEvent(el, 'configurator-ready');
      el.model = 'Standing Desk';
      expect((await ready).configuration.featureModel.name).to.equal('Standing Desk');
      expect(recorder.requests.filter(isStart)).to.have.length(1);
      expect(recorder.requests.filter((r) => r.url === endpoint)).to.have.length(1);
    } finally {
      recorder.restore();
      page.remove();
    }
  });
});
