import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {stableGuid} from '../../../service/auth/index.js';
import type {EventPublisher, QuotationEventContent} from '../../../service/events.js';
import type {
  CrmAccountRecord,
  QuotationLineRecord,
  QuotationRecord,
} from '../../../service/quotations/index.js';
import type {Configuration, QuoteRequestResult} from '../../../src/wire/index.js';
import {chairNode, expectError, startChair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const base = '/configurator/1/configurator';
const missing = '00000000-0000-4000-8000-000000000000';

const customer = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  companyName: 'Analytical Engines Ltd',
  streetName: 'St James Square',
  houseNumber: '12',
  postalCode: 'SW1Y 4JH',
  city: 'London',
  countryIso: 'gb',
  languageIso: 'EN',
  remarks: 'Please deliver before Friday',
  grecaptcha: 'token-from-the-page',
};

describe('quotations over HTTP', () => {
  let service: RunningService;
  const published: {topic: string; content: QuotationEventContent}[] = [];
  const events: EventPublisher = {publish: (topic, content) => published.push({topic, content})};
  before(async () => (service = await startService({events})));
  after(() => service.close());

  /** A chair with its mandatory warranty answered, plus whatever `keys` switch on. */
  const readyChair = async (...keys: string[]) => {
    const session = await startChair(service);
    let last = session;
    for (const key of ['warranty-5', ...keys]) {
      const response = await service.call(`/api/3/configurator/${session.id}`, {
        method: 'PUT',
        json: {featureModelNodeId: chairNode(key), value: 1, isSelection: true},
      });
      last = await json<Configuration>(response);
    }
    assert.deepEqual(last.unansweredMandatories, []);
    return last;
  };
  const requestQuote = (body: unknown) =>
    service.call(`${base}/requestquote`, {method: 'POST', json: body});
  const quotations = () => service.store.collection<QuotationRecord>('quotations');
  const lines = (quotationId: string) =>
    service.store
      .collection<QuotationLineRecord>('quotationlines')
      .list()
      .filter((line) => line.quotationId === quotationId)
      .sort((a, b) => a.sortOrder - b.sortOrder);

  describe('POST requestquote', () => {
    test('takes each customer field only as long as a quote form needs', async () => {
      const chair = await readyChair();
      for (const [field, value] of [
        ['firstName', 'x'.repeat(101)],
        ['email', `${'x'.repeat(250)}@example.com`],
        ['iban', 'NL'.padEnd(35, '0')],
        ['remarks', 'x'.repeat(4001)],
      ] as const) {
        const answer = await requestQuote({
          quotationRequest: {...customer, [field]: value},
          configurationIds: [chair.id],
        });
        const body = await json<{code: string; details: {field: string}}>(answer);
        assert.equal(answer.status, 400, field);
        assert.equal(body.details.field, `body.quotationRequest.${field}`);
      }
      const longest = await requestQuote({
        quotationRequest: {...customer, firstName: 'x'.repeat(100), remarks: 'x'.repeat(4000)},
        configurationIds: [chair.id],
      });
      assert.equal(longest.status, 200);
    });

    test('creates a CRM account, a requested quotation and its lines, and announces it', async () => {
      const first = await readyChair('headrest');
      const second = await readyChair();
      const response = await requestQuote({
        quotationRequest: customer,
        configurationIds: [first.id, second.id],
        quantities: {[first.id.toUpperCase()]: 3},
      });
      assert.equal(response.status, 200);
      const result = await json<QuoteRequestResult>(response);

      const account = service.store
        .collection<CrmAccountRecord>('crmaccounts')
        .get(result.debtorId);
      assert.ok(account);
      assert.equal(account.firstName, 'Ada');
      assert.equal(account.email, 'ada@example.com');
      assert.equal(account.countryIso, 'GB');
      assert.equal(account.languageIso, 'en');
      assert.equal(account.grecaptcha, undefined, 'the captcha token is not kept');

      const quotation = quotations().get(result.quotationId);
      assert.ok(quotation);
      assert.equal(quotation.status, 'requested');
      assert.equal(quotation.synced, false);
      assert.equal(quotation.debtorId, result.debtorId);
      assert.equal(quotation.sellerId, null);
      assert.equal(quotation.userId, stableGuid('demo-client'));
      assert.equal(quotation.currencyIso, 'eur');
      assert.equal(quotation.remarks, 'Please deliver before Friday');
      assert.match(quotation.number ?? '', /^Q-\d{6}$/);

      const [line1, line2] = lines(quotation.id);
      assert.equal(lines(quotation.id).length, 2);
      assert.equal(line1!.configurationId, first.id);
      assert.equal(line1!.quantity, 3);
      assert.equal(line1!.articleCode, 'OC-1000');
      assert.equal(line1!.unitPriceExVAT, first.totalPriceExVAT);
      assert.equal(line1!.unitPriceIncVAT, first.totalPriceIncVAT);
      assert.equal(line1!.totalPriceExVAT, Math.round(first.totalPriceExVAT * 3 * 100) / 100);
      assert.match(line1!.description ?? '', /^Office Chair\n/);
      assert.match(line1!.description ?? '', /Headrest/);
      assert.match(line1!.description ?? '', /Warranty: 5 years/);
      assert.equal(line2!.configurationId, second.id);
      assert.equal(line2!.quantity, 1);
      assert.equal(
        quotation.totalPriceExVAT,
        Math.round((line1!.totalPriceExVAT + line2!.totalPriceExVAT) * 100) / 100,
      );

      assert.deepEqual(published.at(-1), {
        topic: 'quotation.requested',
        content: {quotationId: quotation.id, userId: stableGuid('demo-client')},
      });
    });

    test('numbers quotations in sequence', async () => {
      const session = await readyChair();
      const a = await json<QuoteRequestResult>(
        await requestQuote({quotationRequest: {}, configurationIds: [session.id]}),
      );
      // Another request (the same one again would answer the first quotation: quote-retry).
      const b = await json<QuoteRequestResult>(
        await requestQuote({quotationRequest: {remarks: 'b'}, configurationIds: [session.id]}),
      );
      const number = (id: string) => Number(quotations().get(id)!.number!.slice(2));
      assert.equal(number(b.quotationId), number(a.quotationId) + 1);
    });

    test('refuses a configuration with unanswered mandatory features', async () => {
      const session = await startChair(service);
      const before = quotations().list().length;
      const error = await expectError(
        await requestQuote({quotationRequest: customer, configurationIds: [session.id]}),
        409,
        'configuration_incomplete',
      );
      assert.deepEqual((error.details as {unansweredMandatories: string[]}).unansweredMandatories, [
        chairNode('warranty'),
      ]);
      assert.equal(quotations().list().length, before, 'nothing stored');
    });

    test('answers unknown configurations with 404 and stores nothing', async () => {
      const session = await readyChair();
      const accounts = service.store.collection('crmaccounts').list().length;
      await expectError(
        await requestQuote({quotationRequest: customer, configurationIds: [session.id, missing]}),
        404,
        'not_found',
      );
      assert.equal(service.store.collection('crmaccounts').list().length, accounts);
    });

    test('validates the customer, the ids and the quantities', async () => {
      const session = await readyChair();
      const cases: [unknown, RegExp][] = [
        [{configurationIds: [session.id]}, /quotationRequest/],
        [{quotationRequest: {email: 'not-an-email'}, configurationIds: [session.id]}, /email/],
        [{quotationRequest: {shipto_Email: 'a@b'}, configurationIds: [session.id]}, /shipto_Email/],
        [{quotationRequest: {countryIso: 'NLD'}, configurationIds: [session.id]}, /countryIso/],
        [{quotationRequest: {languageIso: 'n1'}, configurationIds: [session.id]}, /languageIso/],
        [{quotationRequest: {firstName: 42}, configurationIds: [session.id]}, /firstName/],
        [{quotationRequest: {}, configurationIds: []}, /configurationIds/],
        [{quotationRequest: {}, configurationIds: null}, /configurationIds/],
        [{quotationRequest: {}, configurationIds: ['nope']}, /configurationIds\[0\]/],
        [{quotationRequest: {}, configurationIds: [session.id, session.id]}, /twice/],
        [
          {quotationRequest: {}, configurationIds: [session.id], quantities: {[session.id]: 0}},
          /quantities/,
        ],
        [
          {quotationRequest: {}, configurationIds: [session.id], quantities: {[session.id]: 1.5}},
          /quantities/,
        ],
        [
          {quotationRequest: {}, configurationIds: [session.id], quantities: {[missing]: 2}},
          /quantities/,
        ],
      ];
      for (const [body, field] of cases) {
        const error = await expectError(await requestQuote(body), 400, 'invalid_body');
        assert.match(error.message, field, JSON.stringify(body));
      }
    });

    test('reads the body in any letter case', async () => {
      const session = await readyChair();
      const response = await requestQuote({
        QuotationRequest: {FirstName: 'Grace', EMAIL: 'grace@example.com'},
        ConfigurationIds: [session.id],
        Quantities: null,
      });
      assert.equal(response.status, 200);
      const {debtorId} = await json<QuoteRequestResult>(response);
      const account = service.store.collection<CrmAccountRecord>('crmaccounts').get(debtorId)!;
      assert.equal(account.firstName, 'Grace');
      assert.equal(account.email, 'grace@example.com');
    });
  });

  describe('PUT addtoquotation', () => {
    const add = (body: unknown) =>
      service.call(`${base}/addtoquotation`, {method: 'PUT', json: body});

    test('appends one line per configuration and updates the totals', async () => {
      const session = await readyChair();
      const {quotationId} = await json<QuoteRequestResult>(
        await requestQuote({quotationRequest: customer, configurationIds: [session.id]}),
      );
      const extra = await readyChair('footring', 'floor-mat');
      const response = await add({
        quotationId,
        configurationIds: [extra.id],
        quantities: {[extra.id]: 2},
      });
      assert.equal(response.status, 200);
      const answer = await json<QuotationRecord & {lines: QuotationLineRecord[]}>(response);
      assert.equal(answer.id, quotationId);
      assert.equal(answer.lines.length, 2);
      const stored = lines(quotationId);
      assert.deepEqual(
        stored.map((line) => [line.configurationId, line.quantity, line.sortOrder]),
        [
          [session.id, 1, 1],
          [extra.id, 2, 2],
        ],
      );
      const quotation = quotations().get(quotationId)!;
      assert.equal(
        quotation.totalPriceExVAT,
        Math.round((session.totalPriceExVAT + 2 * extra.totalPriceExVAT) * 100) / 100,
      );
      assert.equal(answer.totalPriceExVAT, quotation.totalPriceExVAT);
    });

    test('answers an unknown quotation or configuration with 404, bad bodies with 400', async () => {
      const session = await readyChair();
      await expectError(
        await add({quotationId: missing, configurationIds: [session.id]}),
        404,
        'not_found',
      );
      const {quotationId} = await json<QuoteRequestResult>(
        await requestQuote({quotationRequest: {}, configurationIds: [session.id]}),
      );
      await expectError(await add({quotationId, configurationIds: [missing]}), 404, 'not_found');
      await expectError(
        await add({quotationId: 'Q-1', configurationIds: [session.id]}),
        400,
        'invalid_body',
      );
      await expectError(await add({quotationId, configurationIds: 'all'}), 400, 'invalid_body');
    });
  });
});
