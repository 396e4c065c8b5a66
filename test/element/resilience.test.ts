import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {expect, fixture, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  $$,
  countingFetchToken,
  demoToken,
  nextEvent,
  nodeByName,
  openStep,
  optionInput,
  readyConfigurator,
  recordRequests,
  serviceUrl,
  settled,
  until,
  mount,
  nextTask,
  valueOf,
  idleConfigurator,
} from '../helpers/browser/service.js';

describe('tokens', () => {
  it('renews an expired token before the next request', async () => {
    // A lifetime of 0 s: every request finds the token expired and asks for a new one.
    const counter = countingFetchToken(async () => ({...(await demoToken()), expiresIn: 0}));
    // The configured picture and the price effects are requests of their own whose token
    // renewals would share or add to these; here neither asks, so only the configuration's
    // requests count.
    const send = ConfiguratorSession.prototype._send;
    ConfiguratorSession.prototype._send = function (this: ConfiguratorSession, request, report) {
      return request.blob || request.path.endsWith('/effects')
        ? new Promise(() => {})
        : send.call(this, request, report);
    } as typeof send;
    try {
      const el = await readyConfigurator('Office Chair', {fetchToken: counter.fetchToken});
      const afterStart = counter.calls;
      expect(afterStart).to.equal(1);
      await el.select(nodeByName(el.value!, 'Foot ring').id, true);
      await el.select(nodeByName(el.value!, 'Foot ring').id, false);
      expect(counter.calls).to.equal(afterStart + 2);
    } finally {
      ConfiguratorSession.prototype._send = send;
    }
  });

  it('renews once after a 401 and replays the request', async () => {
    let first = true;
    const counter = countingFetchToken(async () => {
      if (first) {
        first = false;
        return {accessToken: 'bogus-token', expiresIn: 3600};
      }
      return demoToken();
    });
    const errors: Event[] = [];
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        .fetchToken=${counter.fetchToken}
        @configurator-error=${(e: Event) => errors.push(e)}
      ></product-configurator>`,
    );
    const ready = nextEvent(el, 'configurator-ready');
    el.model = 'Office Chair';
    await ready;
    expect(counter.calls).to.equal(2);
    expect(errors).to.have.length(0);
  });

  it('gets its token from a token endpoint on the host backend', async () => {
    // scripts/test.mjs starts the service with this page's origin allowed, as a host would.
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        token-endpoint=${`${serviceUrl}/api/configurator-token`}
      ></product-configurator>`,
    );
    const ready = nextEvent(el, 'configurator-ready');
    el.model = 'Office Chair';
    expect((await ready).configuration.featureModel.name).to.equal('Office Chair');
    expect(el.value?.id).to.be.a('string');
  });

  it('reports a failing token source as an error with a stable code', async () => {
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        .fetchToken=${() => Promise.reject(new Error('backend down'))}
      ></product-configurator>`,
    );
    const error = nextEvent(el, 'configurator-error');
    el.model = 'Office Chair';
    const e = await error;
    expect(e.code).to.equal('token_failed');
    expect(e.bubbles && e.composed).to.equal(true);
    await el.updateComplete;
    expect($(el, '[part~="error"].blocking').textContent).to.contain('Something went wrong');
    await expect(el).to.be.accessible();
  });
});

describe('requests', () => {
  it('coalesces rapid slider input into few requests and keeps the last value', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Seat & back');
    const recorder = recordRequests();
    let changes = 0;
    el.addEventListener('configurator-change', () => changes++);
    try {
      const slider = $<HTMLInputElement>(el, 'input[type="range"]');
      for (const value of [44, 46, 48, 50, 52, 54, 56, 54, 52, 50, 48, 46, 48, 50]) {
        slider.value = String(value);
        slider.dispatchEvent(new Event('input', {bubbles: true}));
      }
      await settled(el);
    } finally {
      recorder.restore();
    }
    const puts = recorder.requests.filter((r) => r.method === 'PUT');
    expect(puts.length).to.be.within(1, 3);
    expect(changes).to.be.within(1, 3);
    expect(valueOf(el.value!, nodeByName(el.value!, 'Seat width').id)).to.equal(50);
    expect($<HTMLInputElement>(el, 'input[type="range"]').value).to.equal('50');
  });

  it('keeps the shopper’s choice through a failure and applies it on retry', async () => {
    const el = await readyConfigurator();
    const recorder = recordRequests();
    try {
      recorder.fail((url) => url.startsWith(serviceUrl));
      const error = nextEvent(el, 'configurator-error');
      optionInput(el, 'Graphite').click();
      const e = await error;
      expect(e.code).to.equal('network');
      expect(e.retryable).to.equal(true);
      expect(e.status).to.equal(null);
      await el.updateComplete;
      // The choice is still shown, and the banner offers a retry.
      expect(optionInput(el, 'Graphite').checked).to.equal(true);
      expect($(el, '[part~="error"].banner').textContent).to.contain('choices are kept');
      // And what went wrong.
      expect($(el, '[part~="error"].banner').textContent).to.contain('no connection');
      await expect(el).to.be.accessible();
      recorder.heal();
      const change = nextEvent(el, 'configurator-change');
      $(el, '[data-action="retry"]').click();
      const applied = await change;
      expect(
        valueOf(applied.configuration, nodeByName(applied.configuration, 'Graphite').id),
      ).to.equal(1);
      await until(
        el,
        () => !el.shadowRoot!.querySelector('[part~="error"].banner'),
        'the banner to go',
      );
    } finally {
      recorder.restore();
    }
  });

  it('recovers from a failed start with Retry', async () => {
    const recorder = recordRequests();
    try {
      recorder.fail((url) => url.startsWith(serviceUrl));
      const el = await idleConfigurator();
      const error = nextEvent(el, 'configurator-error');
      el.model = 'Office Chair';
      await error;
      await el.updateComplete;
      recorder.heal();
      const ready = nextEvent(el, 'configurator-ready');
      $(el, '[data-action="retry"]').click();
      await ready;
    } finally {
      recorder.restore();
    }
  });

  it('reports an unknown model', async () => {
    const el = await idleConfigurator();
    const error = nextEvent(el, 'configurator-error');
    el.model = 'No Such Product';
    const e = await error;
    expect(e.code).to.equal('model_not_found');
    expect(e.status).to.equal(404);
    expect(e.retryable).to.equal(false);
    expect(e.message).to.be.a('string').and.not.equal('');
    await el.updateComplete;
    expect($(el, '[part~="error"].blocking').textContent).to.contain('could not be found');
    await expect(el).to.be.accessible();
  });
});

describe('model texts', () => {
  it('never runs scripts or keeps handlers and javascript: URLs from hostile HTML', async () => {
    const w = window as {__xss?: unknown; alert: (m?: unknown) => void};
    const alert = w.alert;
    w.alert = () => (w.__xss = true);
    try {
      const el = await readyConfigurator();
      await openStep(el, 'Personalise');
      const assembly = nodeByName(el.value!, 'Assembly service');
      expect(assembly.description).to.contain('onerror');
      const option = $(el, `[data-node="${assembly.id}"]`);
      expect(option.textContent).to.contain('Delivered assembled');
      // The longer text (with a <script> in the model) is there on demand, without the script.
      const details = option.querySelector('details')!;
      details.open = true;
      expect(details.textContent).to.contain('Within 5 working days');
      // Let every image in the descriptions load or fail, so a surviving handler would have run.
      await Promise.all(
        $$<HTMLImageElement>(el, 'img').map((img) =>
          img.complete
            ? null
            : new Promise((resolve) => {
                img.addEventListener('load', resolve, {once: true});
                img.addEventListener('error', resolve, {once: true});
              }),
        ),
      );
      const markup = el.shadowRoot!.innerHTML;
      expect(markup).not.to.match(/onerror|javascript:|<script/i);
      for (const node of $$(el, '*')) {
        for (const attr of Array.from(node.attributes)) {
          expect(attr.name.startsWith('on'), `${node.tagName} ${attr.name}`).to.equal(false);
        }
      }
      expect(w.__xss).to.equal(undefined);
    } finally {
      w.alert = alert;
    }
  });
});

describe('several elements', () => {
  it('runs two instances on one page independently', async () => {
    const container = mount(
      html`<product-configurator
          api-url=${serviceUrl}
          .fetchToken=${demoToken}
        ></product-configurator>
        <product-configurator
          api-url=${serviceUrl}
          .fetchToken=${demoToken}
        ></product-configurator>`,
    );
    const [a, b] = Array.from(container.querySelectorAll('product-configurator'));
    const ready = Promise.all([
      nextEvent(a!, 'configurator-ready'),
      nextEvent(b!, 'configurator-ready'),
    ]);
    a!.model = 'Office Chair';
    b!.model = 'Office Chair';
    await ready;
    expect(a!.value!.id).not.to.equal(b!.value!.id);
    const foot = nodeByName(a!.value!, 'Foot ring').id;
    let bChanges = 0;
    b!.addEventListener('configurator-change', () => bChanges++);
    const aChange = nextEvent(a!, 'configurator-change');
    await a!.select(foot, true);
    expect((await aChange).target).to.equal(a);
    expect(valueOf(a!.value!, foot)).to.equal(1);
    expect(valueOf(b!.value!, foot)).to.equal(0);
    expect(bChanges).to.equal(0);
    // The language of one does not change the other.
    a!.lang = 'de';
    await until(a!, () => a!.value?.languageIso === 'de', 'a German configuration');
    expect(b!.value!.languageIso).to.equal('en');
    container.remove();
  });

  it('keeps its session when moved, and disposes it when removed', async () => {
    const el = await readyConfigurator();
    const session = el.session!;
    const other = document.createElement('section');
    document.body.append(other);
    let readyAgain = false;
    el.addEventListener('configurator-ready', () => (readyAgain = true));
    const recorder = recordRequests();
    try {
      other.append(el); // disconnect + connect in one task
      await nextTask();
      await el.updateComplete;
      // Moved twice more, once into a shadow root.
      const host = document.createElement('div');
      other.append(host);
      host.attachShadow({mode: 'open'}).append(el);
      other.append(el);
      await nextTask();
      await el.updateComplete;
    } finally {
      recorder.restore();
    }
    expect(recorder.requests.filter((r) => /\/(new|open)\//.test(r.url))).to.have.length(0);
    expect(el.session).to.equal(session);
    expect(session.snapshot.status).to.equal('ready');
    expect(readyAgain).to.equal(false);
    const foot = nodeByName(el.value!, 'Foot ring').id;
    await el.select(foot, true);

    el.remove();
    await nextTask();
    expect(session.snapshot.status).to.equal('disposed');
    expect(el.session).to.equal(null);

    // Coming back resumes the same configuration.
    const ready = nextEvent(el, 'configurator-ready');
    other.append(el);
    const again = await ready;
    expect(again.configuration.id).to.equal(session.id);
    expect(valueOf(again.configuration, foot)).to.equal(1);
    other.remove();
  });

  it('starts once whatever the order its attributes arrive in', async () => {
    const recorder = recordRequests();
    try {
      const el = document.createElement('product-configurator');
      el.setAttribute('model', 'Office Chair');
      el.setAttribute('lang', 'de');
      document.body.append(el);
      el.setAttribute('api-url', serviceUrl);
      el.fetchToken = demoToken;
      const ready = await nextEvent(el, 'configurator-ready');
      expect(ready.configuration.languageIso).to.equal('de');
      const starts = recorder.requests.filter((r) => r.url.includes('/configurator/new/'));
      expect(starts).to.have.length(1);
      el.remove();
    } finally {
      recorder.restore();
    }
  });

  it('follows a model changed while the first one loads, and reports only the second', async () => {
    const recorder = recordRequests();
    const events: Event[] = [];
    try {
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          .fetchToken=${demoToken}
          @configurator-ready=${(e: Event) => events.push(e)}
          @configurator-error=${(e: Event) => events.push(e)}
          @configurator-change=${(e: Event) => events.push(e)}
        ></product-configurator>`,
      );
      el.model = 'Office Chair';
      await el.updateComplete;
      const session = el.session!;
      const ready = nextEvent(el, 'configurator-ready');
      el.model = 'Standing Desk';
      const e = await ready;
      expect(e.configuration.featureModel.name).to.equal('Standing Desk');
      expect(session.snapshot.status).to.equal('disposed');
      expect(el.session).not.to.equal(session);
      // Whatever the first start's fate, it never reaches the page.
      await nextTask();
      await el.updateComplete;
      expect(events.map((x) => x.type)).to.deep.equal(['configurator-ready']);
      expect(el.value!.featureModel.name).to.equal('Standing Desk');
    } finally {
      recorder.restore();
    }
  });

  it('aborts a request in flight when it leaves the page, without an error or change event', async () => {
    const el = await readyConfigurator();
    const events: string[] = [];
    for (const type of ['configurator-change', 'configurator-error'] as const) {
      el.addEventListener(type, (e) => events.push(e.type));
    }
    const session = el.session!;
    const pending = el.select(nodeByName(el.value!, 'Foot ring').id, true);
    expect(session.snapshot.busy).to.equal(true);
    el.remove();
    const error = await pending.then(
      () => null,
      (e: {code?: string}) => e,
    );
    expect(error?.code).to.equal('aborted');
    await nextTask();
    expect(session.snapshot.status).to.equal('disposed');
    expect(events).to.deep.equal([]);
  });

  it('resumes the same session from its id', async () => {
    const first = await readyConfigurator();
    const foot = nodeByName(first.value!, 'Foot ring').id;
    await first.select(foot, true);
    const id = first.value!.id;
    first.remove();
    const el = await idleConfigurator();
    const ready = nextEvent(el, 'configurator-ready');
    el.configuration = id;
    const resumed = await ready;
    expect(resumed.configuration.id).to.equal(id);
    expect(valueOf(resumed.configuration, foot)).to.equal(1);
    await el.updateComplete;
    expect($(el, '.code').textContent!.trim()).to.equal(resumed.configuration.code);
  });

  it('resumes a copy from a session code', async () => {
    const first = await readyConfigurator();
    const foot = nodeByName(first.value!, 'Foot ring').id;
    await first.select(foot, true);
    const code = first.value!.code;
    const el = await idleConfigurator();
    const ready = nextEvent(el, 'configurator-ready');
    el.configuration = code;
    const resumed = await ready;
    expect(resumed.configuration.id).not.to.equal(first.value!.id);
    expect(valueOf(resumed.configuration, foot)).to.equal(1);
  });
});
