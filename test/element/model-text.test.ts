// Whatever a model's texts and pictures are, the widget keeps its layout: a long word, table or
// listing stays inside the widget, a card without a picture keeps its radio off the name, and
// the phone's total stays on one line.
import {expect} from '@open-wc/testing';
import {setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {injectFaults, request, type FaultProxy} from '../helpers/browser/faults.js';
import {$, $$, readyConfigurator, serviceUrl, until} from '../helpers/browser/service.js';

type Node = Record<string, unknown> & {features?: Node[]};

/** The real start answer with every feature node changed by `change`. */
const everyNode =
  (change: (node: Node) => void) => async (_request: unknown, real: () => Promise<Response>) => {
    const body = (await (await real()).json()) as {featureModel: {steps: {features: Node[]}[]}};
    const walk = (nodes: Node[] = []) => {
      for (const node of nodes) {
        change(node);
        walk(node.features);
      }
    };
    for (const step of body.featureModel.steps) walk(step.features);
    return Response.json(body);
  };

/** Opens each step in turn and calls `check` on it. */
async function eachStep(el: ProductConfiguratorElement, check: (title: string) => void) {
  for (const tab of $$(el, '[role="tab"]')) {
    tab.click();
    await el.updateComplete;
    await until(el, () => tab.getAttribute('aria-selected') === 'true', 'the step shown');
    check(tab.textContent ?? '');
  }
}

let faults: FaultProxy;
beforeEach(() => {
  faults = injectFaults();
});
afterEach(async () => {
  faults.restore();
  await setViewport({width: 800, height: 600});
});

describe('model texts that do not fit', () => {
  for (const width of [390, 1280]) {
    it(`keep the page as wide as it was at ${width}px (long words, tables, listings)`, async () => {
      await setViewport({width, height: 900});
      const word = 'x'.repeat(300);
      faults.on(
        request('GET', '/api/3/configurator/new/'),
        everyNode((node) => {
          node.name = `${String(node.name)}${'y'.repeat(60)}`;
          node.description = `<table><tr><td>${word}</td></tr></table><pre>${word}</pre><p>${word}</p>`;
        }),
      );
      const el = await readyConfigurator('E-Bike');
      await eachStep(el, (title) => {
        expect(document.documentElement.scrollWidth, title).to.be.at.most(innerWidth);
        const panel = $(el, '[role="tabpanel"]');
        expect(panel.scrollWidth, title).to.be.at.most(panel.clientWidth + 1);
      });
    });
  }
});

describe('cards without a picture', () => {
  it('keep the radio beside the name, not on it', async () => {
    await setViewport({width: 1280, height: 900});
    faults.on(
      request('GET', '/api/3/configurator/new/'),
      everyNode((node) => delete node.imageUrl),
    );
    const el = await readyConfigurator('E-Bike');
    let cards = 0;
    await eachStep(el, (title) => {
      for (const label of $$(el, '.cards .option-label')) {
        cards++;
        const radio = label.querySelector('input')!.getBoundingClientRect();
        const name = label.querySelector('.option-name')!.getBoundingClientRect();
        const overlap =
          radio.right > name.left && radio.bottom > name.top && radio.top < name.bottom;
        expect(overlap, `${title}: ${label.textContent}`).to.equal(false);
      }
    });
    expect(cards).to.be.greaterThan(0);
  });
});

describe('card pictures that fail to load', () => {
  it('are left out, with the radio beside the name', async () => {
    await setViewport({width: 1280, height: 900});
    let n = 0;
    faults.on(
      request('GET', '/api/3/configurator/new/'),
      everyNode((node) => {
        if (node.imageUrl) node.imageUrl = `${serviceUrl}/images/missing-${n++}.png`;
      }),
    );
    const el = await readyConfigurator('E-Bike');
    const images = () => $$<HTMLImageElement>(el, '.cards .option-image');
    expect(images().length).to.be.greaterThan(0);
    await until(el, () => images().every((image) => image.hidden), 'every failed picture hidden');
    for (const label of $$(el, '.cards .option-label')) {
      const radio = label.querySelector('input')!.getBoundingClientRect();
      const name = label.querySelector('.option-name')!.getBoundingClientRect();
      expect(
        radio.right <= name.left || radio.bottom <= name.top,
        label.textContent ?? '',
      ).to.equal(true);
    }
  });
});

describe('the total on a phone', () => {
  for (const [model, lang, picture] of [
    ['Office Chair', 'nl', false],
    ['Standing Desk', 'de', false],
    ['E-Bike', 'de', true],
  ] as const) {
    it(`stays on one line (${model}, ${lang})`, async () => {
      await setViewport({width: 320, height: 700});
      const el = await readyConfigurator(model, {lang});
      const bar = $(el, '[part~="total-bar"]');
      // Where the model has a configured picture, it takes its place in the bar first.
      if (picture) await until(el, () => !!bar.querySelector('img')?.complete, 'the picture');
      const value = $(el, '.total-bar-value');
      const range = document.createRange();
      range.selectNodeContents(value);
      const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
      expect(lines.size, value.textContent ?? '').to.equal(1);
    });
  }
});
