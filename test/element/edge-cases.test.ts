import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {expect, fixture, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {loadStrings, stringsFor} from '../../src/i18n/strings-for.js';
import {
  $,
  countingFetchToken,
  demoToken,
  nextEvent,
  nodeByName,
  readyConfigurator,
  recordRequests,
  serviceUrl,
  valueOf,
} from '../helpers/browser/service.js';

// A well-formed id the service has never handed out.
const unknownId = '00000000-0000-4000-8000-00000000dead';

describe('a saved configuration the service does not know', () => {
  for (const lang of ['en', 'nl', 'de', 'fr']) {
    it(`offers to start the model anew instead of retrying forever (${lang})`, async () => {
      const s = await loadStrings(lang);
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          lang=${lang}
          .fetchToken=${demoToken}
        ></product-configurator>`,
      );
      const error = nextEvent(el, 'configurator-error');
      el.configuration = unknownId;
      el.model = 'Office Chair';
      const e = await error;
      expect(e).to.include({code: 'session_not_found', retryable: false, status: 404});
      await el.updateComplete;

      const notice = $(el, '[part~="error"].blocking');
      expect(notice.textContent).to.contain(s.errorSavedNotFound);
      expect(el.shadowRoot!.querySelector('[data-action="retry"]')).to.equal(null);
      const start = $(el, '[data-action="start-new"]');
      expect(start.textContent?.trim()).to.equal(s.newConfiguration);
      await expect(el).to.be.accessible();

      const ready = nextEvent(el, 'configurator-ready');
      start.click();
      const {configuration} = await ready;
      expect(configuration.featureModel.name).to.not.equal('');
      expect(configuration.id).to.not.equal(unknownId);
      expect(configuration.languageIso).to.equal(lang);
      expect(el.value?.id).to.equal(configuration.id);
      expect(el.shadowRoot!.querySelector('[part~="error"].blocking')).to.equal(null);
      expect($(el, '[part~="product-name"]').textContent?.trim()).to.equal(
        configuration.featureModel.name,
      );
    });
  }

  it('says what to check, without a useless retry, when there is no model to start', async () => {
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        .fetchToken=${demoToken}
      ></product-configurator>`,
    );
    const error = nextEvent(el, 'configurator-error');
    el.configuration = unknownId;
    expect((await error).code).to.equal('session_not_found');
    await el.updateComplete;
    const s = stringsFor('en');
    const notice = $(el, '[part~="error"].blocking');
    expect(notice.textContent).to.contain(s.errorSavedNotFound);
    expect(notice.textContent).to.contain(s.errorSavedNotFoundNoModel);
    expect(notice.querySelector('button')).to.equal(null);
    await expect(el).to.be.accessible();
    // Coming back online does not try the unknown id again either (a retry starts loading at
    // once, before any request).
    window.dispatchEvent(new Event('online'));
    expect(el.session?.snapshot.status).to.equal('error');
  });
});

describe('changing where tokens come from', () => {
  it('keeps the session and the choices when fetchToken is replaced', async () => {
    // A lifetime of 0 s: every request asks for a token, so the next one shows its source.
    const first = countingFetchToken(async () => ({...(await demoToken()), expiresIn: 0}));
    // The configured picture's own request would share a renewal already on its way from the
    // first source; it never asks here, so the select's token shows the source it came from.
    const send = ConfiguratorSession.prototype._send;
    ConfiguratorSession.prototype._send = function (this: ConfiguratorSession, request, report) {
      return request.blob ? new Promise(() => {}) : send.call(this, request, report);
    } as typeof send;
    try {
      const el = await readyConfigurator('Office Chair', {fetchToken: first.fetchToken});
      const footRing = nodeByName(el.value!, 'Foot ring').id;
      await el.select(footRing, true);
      const session = el.session;
      const id = el.value!.id;
      let readies = 0;
      el.addEventListener('configurator-ready', () => readies++);

      const second = countingFetchToken(async () => ({...(await demoToken()), expiresIn: 0}));
      el.fetchToken = second.fetchToken;
      await el.updateComplete;
      expect(el.session).to.equal(session);
      expect(el.value?.id).to.equal(id);
      expect(valueOf(el.value!, footRing)).to.equal(1);

      const firstCalls = first.calls;
      await el.select(footRing, false);
      expect(second.calls).to.be.greaterThan(0);
      expect(first.calls).to.equal(firstCalls);
      expect(el.value?.id).to.equal(id);
      expect(readies).to.equal(0);
    } finally {
      ConfiguratorSession.prototype._send = send;
    }
  });

  it('keeps the session when token-endpoint changes, and asks the new endpoint', async () => {
    const recorder = recordRequests();
    try {
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          token-endpoint=${`${serviceUrl}/api/configurator-token?site=a`}
        ></product-configurator>`,
      );
      const ready = nextEvent(el, 'configurator-ready');
      el.model = 'Office Chair';
      await ready;
      const footRing = nodeByName(el.value!, 'Foot ring').id;
      await el.select(footRing, true);
      const session = el.session;
      const id = el.value!.id;
      let readies = 0;
      el.addEventListener('configurator-ready', () => readies++);

      el.tokenEndpoint = `${serviceUrl}/api/configurator-token?site=b`;
      await el.updateComplete;
      expect(el.session).to.equal(session);
      await el.select(footRing, false);
      expect(el.value?.id).to.equal(id);
      expect(valueOf(el.value!, footRing)).to.equal(0);
      expect(readies).to.equal(0);
      // The new endpoint handed out the token for the request after the change.
      const tokenRequests = recorder.requests.filter((r) => r.url.includes('configurator-token'));
      expect(tokenRequests.at(-1)?.url).to.contain('site=b');
      // No new session was started or opened: the one start went with the first token request.
      const starts = recorder.requests.filter(
        (r) => /\/new\/|\/open\//.test(r.url) || r.body?.includes('"start"'),
      );
      expect(starts).to.have.length(1);
    } finally {
      recorder.restore();
    }
  });
});

describe('changing api-url', () => {
  it('starts anew on the other service, as documented', async () => {
    // The same service under another name stands in for another service: the URL differs.
    const otherUrl = serviceUrl.replace('127.0.0.1', 'localhost');
    expect(otherUrl).to.not.equal(serviceUrl);
    const el = await readyConfigurator('Office Chair');
    const footRing = nodeByName(el.value!, 'Foot ring').id;
    await el.select(footRing, true);
    const session = el.session;
    const id = el.value!.id;

    const ready = nextEvent(el, 'configurator-ready');
    el.apiUrl = otherUrl;
    const {configuration} = await ready;
    expect(el.session).to.not.equal(session);
    expect(configuration.id).to.not.equal(id);
    expect(valueOf(configuration, footRing)).to.equal(0);
  });
});
