import {expect} from '@open-wc/testing';
import {render} from 'lit';
import {rehearse, viewParts} from '../../src/element/rehearsal.js';
import {en} from '../../src/i18n/en.js';
import {normaliseTexts, normaliseValues} from '../../src/session/values.js';
import {buildViewModel} from '../../src/view/view-model.js';
import type {Configuration} from '../../src/wire/index.js';
import {demoToken, serviceUrl} from '../helpers/browser/service.js';

// Lit parses each template once per page, into a <template> element made for it: recording
// those shows which templates a render had to prepare. This page renders nothing else.
const made: string[] = [];
const createElement = document.createElement;
document.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
  const el = createElement.call(this, tag, options);
  if (tag === 'template') queueMicrotask(() => made.push((el as HTMLTemplateElement).innerHTML));
  return el;
} as typeof document.createElement;

async function firstConfiguration(model: string): Promise<Configuration> {
  const {accessToken} = await demoToken();
  const answer = await fetch(
    `${serviceUrl}/api/3/configurator/new/${encodeURIComponent(model)}?lang=en`,
    {headers: {authorization: `Bearer ${accessToken}`}},
  );
  expect(answer.status).to.equal(200);
  return (await answer.json()) as Configuration;
}

describe('the rehearsed first render', () => {
  it('does nothing once a real configuration has been rendered', async () => {
    let asked = 0;
    await rehearse(en, () => (asked++, false));
    expect(asked).to.equal(1);
    expect(made).to.deep.equal([]);
  });

  it('stops between parts once a real configuration is rendered', async () => {
    // The first part only: the real render is here by the second.
    let parts = 0;
    await rehearse(en, () => parts++ === 0);
    expect(parts).to.equal(2);
    const firstPart = made.length;
    expect(firstPart).to.be.greaterThan(5);
    expect(made.some((t) => t.includes('summary'))).to.equal(false);
  });

  it("prepares every template of a sample model's first step but its pictures", async () => {
    made.length = 0;
    await rehearse(en, () => true);
    // The other parts: the layout, total bar, summary and tools; the numbers' step.
    expect(made.length).to.be.greaterThan(3);
    for (const model of ['Office Chair', 'E-Bike', 'Standing Desk']) {
      const configuration = await firstConfiguration(model);
      made.length = 0;
      const view = buildViewModel({
        configuration,
        values: normaliseValues(configuration.values),
        texts: normaliseTexts(configuration.textValues),
        pending: new Map(),
        apiUrl: serviceUrl,
        inclVat: true,
        onlyStep: configuration.featureModel.steps[0]!.id,
      });
      const box = document.createElement('div');
      for (const part of viewParts(view, en)) render(part(), box);
      await Promise.resolve();
      const unprepared = made.filter((t) => !t.includes('<img'));
      expect(unprepared, model).to.deep.equal([]);
    }
  });
});
