// A change's price effects travel with its answer (docs/decisions/0109): once the service has
// answered the start's question, a change costs one configurator request besides its picture,
// and the step's figures show in the render of the new total. A service that does not answer the
// opt-in still gets figures asked of it (or estimates), and one without effects never sees it.
import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import {$, $$, nextTask, readyConfigurator, settled, until} from '../helpers/browser/service.js';

interface Sent {
  method: string;
  url: string;
}

/**
 * Records the page's requests through `window.fetch`. `answer` may answer one itself (a
 * service without a path), fail it as the network does, or send it to another URL (a service
 * that ignores a parameter); `reply` may change the service's answer.
 */
function watchFetch(
  answer?: (sent: Sent) => Response | Error | string | undefined,
  reply?: (sent: Sent, response: Response) => Promise<Response>,
) {
  const original = window.fetch;
  const sent: Sent[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    sent.push({method, url});
    const other = answer?.({method, url});
    if (other instanceof Response) return Promise.resolve(other);
    if (other instanceof Error) return Promise.reject(other);
    const response = original(other ?? input, init);
    return reply ? response.then((r) => reply({method, url}, r)) : response;
  };
  return {sent, restore: () => (window.fetch = original)};
}

const isEffects = (s: Sent) => new URL(s.url).pathname.endsWith('/effects');
const isPicture = (s: Sent) => new URL(s.url).pathname.endsWith('/image');
/** A change of the session: the update (a choice or a value) or a text. */
const isChange = (s: Sent) => s.method === 'PUT';

/** Options each element has had chosen so far, by node id. */
const chosen = new WeakMap<ProductConfiguratorElement, Set<string>>();

/** What the page shows about the step's figures, read when the change's event fires. */
interface AtChange {
  total: string;
  service: number;
  pending: number;
  estimates: number;
}

const figures = (el: ProductConfiguratorElement): Omit<AtChange, 'total'> => ({
  service: $$(el, '[data-effect-source="service"] [data-effect]').length,
  pending: $$(el, '[data-effect-source="pending"]').length,
  estimates: $$(el, '[data-effect-source="estimate"]').length,
});

/**
 * Chooses the first alternative on the step shown not chosen yet, and answers what the page showed
 * when the change's event fired and every request from the click until what the change leads to
 * has been sent: the answer, then its picture (each option chosen here changes the drawing), then
 * the picture on screen, a round trip after it was asked for, then a few tasks. The effects'
 * question is asked a task after the render, before the picture (whose check is a task after
 * the update), and waits only for its module, loaded at the start: by the time the picture's
 * answer is on screen, it has been sent if it ever is.
 */
async function change(el: ProductConfiguratorElement, sent: Sent[]) {
  const from = sent.length;
  const visited = chosen.get(el) ?? new Set<string>();
  chosen.set(el, visited);
  for (const o of $$(el, '[part~="option"].selected')) visited.add(o.dataset.node!);
  // Never one chosen before: a state seen before has its picture already.
  const option = $$(el, '[part~="option"]:not(.selected):not(.disabled)').find(
    (o) => o.querySelector('input[type="radio"]') && !visited.has(o.dataset.node!),
  )!;
  visited.add(option.dataset.node!);
  const atChange = new Promise<AtChange>((resolve) =>
    el.addEventListener(
      EventName.change,
      () => resolve({total: $(el, '.total-bar-value').textContent!.trim(), ...figures(el)}),
      {once: true},
    ),
  );
  const pictureBefore = $(el, '.product-image').getAttribute('src');
  option.querySelector('input')!.click();
  const shown = await atChange;
  await settled(el);
  await until(el, () => sent.slice(from).some(isPicture), 'the picture of the change');
  await until(
    el,
    () => $(el, '.product-image').getAttribute('src') !== pictureBefore,
    'the picture of the change on screen',
  );
  for (let i = 0; i < 3; i++) await nextTask();
  await el.updateComplete;
  return {shown, requests: sent.slice(from)};
}

/** The total as the page shows it for the session's configuration now (the VAT mode on screen). */
const totalNow = (el: ProductConfiguratorElement) => {
  const c = el.value!;
  return $<HTMLInputElement>(el, '[role="switch"]').checked
    ? c.totalPriceIncVATLabel
    : c.totalPriceExVATLabel;
};

/** Waits until every option on screen shows the service's figure. */
const exact = (el: ProductConfiguratorElement) =>
  until(
    el,
    () => $$(el, '[data-effect-source]:not([data-effect-source="service"])').length === 0,
    'the service effects',
  );

/**
 * The change asked the effects question once, after its answer, and the service's figures show
 * once it is answered.
 */
async function askedOnce(el: ProductConfiguratorElement, requests: Sent[]) {
  expect(requests.filter(isEffects)).to.have.length(1);
  await exact(el);
  expect(figures(el).service).to.be.greaterThan(0);
}

describe('a change’s price effects come with its answer', () => {
  it('Office Chair: one configurator request per change besides the picture, the figures with the total', async function () {
    this.timeout(60_000);
    const watched = watchFetch();
    try {
      const el = await readyConfigurator('Office Chair');
      // The start asks its question once the shopper can act: the service answers effects.
      await exact(el);
      expect(watched.sent.filter(isEffects)).to.have.length(1);
      for (let round = 0; round < 2; round++) {
        const before = el.value!.totalPriceExVAT;
        const {shown, requests} = await change(el, watched.sent);
        expect(el.value!.totalPriceExVAT, 'the change moved the total').to.not.equal(before);
        // The render that shows the new total shows the step's figures, the service's.
        expect(shown.total).to.equal(totalNow(el));
        expect(shown.pending, 'options waiting for a figure').to.equal(0);
        expect(shown.estimates, 'estimates').to.equal(0);
        expect(shown.service).to.be.greaterThan(0);
        // One change, one configurator request, which asked for the step's effects; its picture.
        const api = requests.filter((r) => !isPicture(r));
        expect(api.map((r) => `${r.method} ${new URL(r.url).pathname}`)).to.deep.equal([
          `PUT /api/3/configurator/${el.value!.id}`,
        ]);
        expect(new URL(api[0]!.url).searchParams.get('effectsOf')).to.match(/^[0-9a-f-]{36}$/);
        expect(requests.filter(isPicture)).to.have.length(1);
        expect(requests.filter(isEffects)).to.have.length(0);
        await exact(el);
      }
      el.remove();
    } finally {
      watched.restore();
    }
  });

  it('a service that ignores the opt-in: the figures are asked for as before', async function () {
    this.timeout(60_000);
    // What a service without the addition does with the parameter: nothing.
    const watched = watchFetch(({method, url}) => {
      if (method !== 'PUT' || !url.includes('effectsOf=')) return undefined;
      const plain = new URL(url);
      plain.searchParams.delete('effectsOf');
      return plain.href;
    });
    try {
      const el = await readyConfigurator('Office Chair');
      await exact(el);
      const {shown, requests} = await change(el, watched.sent);
      // No figure from the answer: none shows until the question is answered, none is wrong.
      expect(shown.estimates).to.equal(0);
      expect(shown.pending).to.be.greaterThan(0);
      // The same wait as above sees the question: its absence there is no matter of waiting.
      await askedOnce(el, requests);
      el.remove();
    } finally {
      watched.restore();
    }
  });

  it('effects of a shape not expected: the change holds, the figures are asked for', async function () {
    this.timeout(60_000);
    const watched = watchFetch(undefined, async ({method, url}, response) => {
      if (method !== 'PUT' || !url.includes('effectsOf=')) return response;
      const body = (await response.json()) as {stepEffects?: unknown};
      body.stepEffects = {
        stepId: new URL(url).searchParams.get('effectsOf'),
        effects: [{featureModelNodeId: 7, totalPriceExVAT: 'free'}],
      };
      return Response.json(body, {status: response.status});
    });
    try {
      const el = await readyConfigurator('Office Chair');
      await exact(el);
      const before = el.value!.totalPriceExVAT;
      const {shown, requests} = await change(el, watched.sent);
      expect(el.value!.totalPriceExVAT).to.not.equal(before);
      expect(shown.total).to.equal(totalNow(el));
      expect(el.session!.snapshot.error).to.equal(null);
      expect(shown.estimates).to.equal(0);
      await askedOnce(el, requests);
      el.remove();
    } finally {
      watched.restore();
    }
  });

  for (const [what, refusal] of [
    ['answers 404 to the question', () => new Response('{"code":"not_found"}', {status: 404})],
    ['cannot be reached for the question', () => new TypeError('Failed to fetch')],
  ] as const) {
    it(`a service that ${what}: estimates, and no change asks for effects`, async function () {
      this.timeout(60_000);
      const watched = watchFetch((sent) => (isEffects(sent) ? refusal() : undefined));
      try {
        const el = await readyConfigurator('Office Chair');
        await until(el, () => figures(el).estimates > 0, 'the estimates');
        const {requests} = await change(el, watched.sent);
        await until(el, () => figures(el).estimates > 0, 'the estimates after the change');
        const changes = watched.sent.filter(isChange);
        expect(changes.length).to.be.greaterThan(0);
        // What a service without effects sees is what it saw before they existed.
        for (const r of changes) expect(r.url, r.url).to.not.include('effectsOf');
        expect(requests.filter(isChange)).to.have.length(1);
        el.remove();
      } finally {
        watched.restore();
      }
    });
  }
});
