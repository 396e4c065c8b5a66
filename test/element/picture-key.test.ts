// The configured picture is asked for only when the service's key for it changes
// (docs/decisions/0112): a change the picture does not show costs the update alone.
import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {nodeByName, readyConfigurator, recordRequests, until} from '../helpers/browser/service.js';
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
