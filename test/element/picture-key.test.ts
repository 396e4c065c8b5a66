// The configured picture is asked for only when the service's key for it changes
// (docs/decisions/0112): a change the picture does not show costs the update alone.
import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  demoToken,
  nodeByName,
  readyConfigurator,
  recordRequests,
  serviceUrl,
  until,
} from '../helpers/browser/service.js';
import '../../src/product-configurator.js';

const picture = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.querySelector<HTMLImageElement>('.product-image');
const images = (recorder: ReturnType<typeof recordRequests>) =>
  recorder.requests.filter((r) => /\/image(\?|$)/.test(r.url)).length;

/**
 * A change applied and rendered, and the task after it in which the picture controller looks
 * at the new configuration (it looks a task after each update, not within it).
 */
async function changed(el: ProductConfiguratorElement, name: string) {
  await el.select(nodeByName(el.value!, name).id, true);
  await el.updateComplete;
  await new Promise((resolve) => setTimeout(resolve));
}

/** Answers as a service without picture keys gives them. */
function withoutPictureKeys() {
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    if (!response.headers.get('content-type')?.includes('json')) return response;
    const body = (await response.json()) as Record<string, unknown>;
    delete body.pictureKey;
    return new Response(JSON.stringify(body), {
      status: response.status,
      headers: response.headers,
    });
  };
  return () => (window.fetch = original);
}

describe('the picture, asked for when what it shows changes', () => {
  it('Office Chair: the warranty costs no picture; a colour does; a drawing seen before comes from the cache', async () => {
    const recorder = recordRequests();
    try {
      const el = await readyConfigurator('Office Chair');
      await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
      const first = picture(el)!.src;
      const key = el.value!.pictureKey;
      expect(key).to.match(/^[\w-]{22}$/);
      expect(images(recorder)).to.equal(1);

      await changed(el, '5 years');
      expect(el.value!.pictureKey).to.equal(key);
      const puts = recorder.requests.filter((r) => r.method === 'PUT').length;
      expect(puts, 'the change was sent').to.be.greaterThan(0);
      expect(images(recorder), 'no picture for the warranty').to.equal(1);

      await changed(el, 'White');
      await until(el, () => picture(el)!.src !== first, 'the white frame');
      expect(images(recorder)).to.equal(2);

      // Black again, with the five-year warranty: a state not seen before, a drawing that was.
      await changed(el, 'Black');
      await until(el, () => picture(el)!.src === first, 'the first picture again');
      expect(el.value!.pictureKey).to.equal(key);
      expect(images(recorder), 'the earlier drawing from the cache').to.equal(2);
    } finally {
      recorder.restore();
    }
  });

  it('a picture that shows a later state than the one asked for is kept for that state, not shown for this one', async () => {
    const recorder = recordRequests();
    // Picture requests wait at a gate; decodes are reported as they finish.
    const fetchWithGate = window.fetch;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let asked = 0;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (/\/image(\?|$)/.test(String(input)) && ++asked > 1) await gate;
      return fetchWithGate(input, init);
    };
    const decode = HTMLImageElement.prototype.decode;
    let decoded = 0;
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      return decode.call(this).then(() => void (decoded += 1));
    };
    try {
      const el = await readyConfigurator('Office Chair');
      await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
      const first = picture(el)!.src;
      const before = decoded;

      // White: its picture is asked for and held at the gate.
      await changed(el, 'White');
      await until(el, () => asked === 2, 'the white picture asked for');
      // Meanwhile the session turns silver at the service, by another hand.
      const silver = nodeByName(el.value!, 'Polished silver').id;
      const {accessToken} = await demoToken();
      const put = await fetchWithGate(`${serviceUrl}/api/3/configurator/${el.value!.id}`, {
        method: 'PUT',
        headers: {Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json'},
        body: JSON.stringify({featureModelNodeId: silver, value: 1, isSelection: true}),
      });
      const silverKey = ((await put.json()) as {pictureKey: string}).pictureKey;
      expect(silverKey).not.to.equal(el.value!.pictureKey);
      // The held request now draws silver: its tag says so.
      open();
      await until(el, () => decoded > before, 'the silver picture decoded');
      await new Promise((resolve) => setTimeout(resolve));
      await el.updateComplete;
      expect(picture(el)!.src, 'not shown as the white frame').to.equal(first);

      // Silver chosen here too: its answer names the drawing that came, already held.
      await changed(el, 'Polished silver');
      expect(el.value!.pictureKey).to.equal(silverKey);
      await until(el, () => picture(el)!.src !== first, 'the silver picture');
      expect(images(recorder), 'the silver picture from the cache').to.equal(2);
    } finally {
      HTMLImageElement.prototype.decode = decode;
      window.fetch = fetchWithGate;
      recorder.restore();
    }
  });

  it('a service without picture keys: the picture is asked for after each change, as before', async () => {
    const restore = withoutPictureKeys();
    const recorder = recordRequests();
    try {
      const el = await readyConfigurator('Office Chair');
      await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
      expect(el.value!.pictureKey).to.equal(undefined);
      expect(images(recorder)).to.equal(1);
      await changed(el, '5 years');
      expect(images(recorder), 'asked again: nothing says it is the same').to.equal(2);
      await until(el, () => picture(el)?.dataset.configured === 'true', 'the picture shown');
    } finally {
      recorder.restore();
      restore();
    }
  });
});
