// Price labels are written from a layout learnt from ICU (docs/decisions/0067) rather than by
// ICU each time; every label must still be exactly what ICU writes, spaces made plain.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {formatPrice, roundMoney} from '../../../service/i18n/price-format.js';
import {languages, localeOf} from '../../../service/i18n/languages.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

const icu = (amount: number, lang: (typeof languages)[number], currency: string, digits: number) =>
  new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(amount)
    .replace(/[\u00a0\u202f]/g, ' ');

describe('price labels', () => {
  for (const lang of languages) {
    for (const [currency, digits] of [
      ['eur', 2],
      ['usd', 2],
      ['jpy', 0],
      ['kwd', 3],
    ] as const) {
      test(`${lang}, ${currency} with ${digits} decimals: as ICU writes them`, () => {
        const next = random(digits * 31 + lang.length);
        const amounts = [0, -0, 1e14, -1e14, 1e16, 0.005, 1.005, 2.675, 1234.5678];
        for (let n = 0; n < 4000; n++) {
          const magnitude = 10 ** Math.floor(next() * 10);
          const raw = (next() - 0.2) * magnitude;
          amounts.push(raw, roundMoney(raw, digits), roundMoney(raw, 2), Math.round(raw));
        }
        for (const amount of amounts) {
          assert.equal(
            formatPrice(amount, lang, currency, digits),
            icu(amount, lang, currency, digits),
            `${amount}`,
          );
        }
      });
    }
  }
});
