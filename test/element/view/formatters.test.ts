import {expect} from '@open-wc/testing';
import {en} from '../../../src/i18n/en.js';
import {renderNumber} from '../../../src/view/render-node.js';
import type {NumberView} from '../../../src/view/view-model.js';
import {mount} from '../../helpers/browser/service.js';

describe('formatters', () => {
  afterEach(() => document.querySelectorAll('body > div').forEach((d) => d.remove()));

  it('makes one number format per locale, however many numbers are rendered', () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    // Counts constructions; formatting itself is left to the real thing.
    const Counting = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made++;
      return new Original(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = Counting;
    try {
      // A locale no other test renders in, so the cache starts empty for it.
      const s = {...en, locale: 'en-IE'};
      const views: NumberView[] = Array.from({length: 40}, (_, i) => ({
        kind: 'number',
        id: `n${i}`,
        name: `Number ${i}`,
        descriptionHtml: null,
        value: 1000 + i,
        min: 0,
        max: 5000,
        step: 1,
        unit: 'mm',
        slider: i % 2 === 0,
        priceLabel: '',
        unitEffectLabel: '',
        disabled: false,
        disabledReason: null,
        missing: false,
      }));
      const on = {select() {}, setValue() {}, setText() {}};
      for (let round = 0; round < 3; round++) {
        const host = mount(views.map((v) => renderNumber(v, s, on)));
        // The range of each field, formatted for the locale (a slider's value is in its number
        // field now, not in the text).
        expect(host.textContent).to.contain('Between 0 and 5,000');
        host.remove();
      }
      expect(made).to.equal(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
