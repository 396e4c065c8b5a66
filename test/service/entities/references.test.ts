import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {after, before, describe, test} from 'node:test';
import {expectError} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

type Item = Record<string, unknown> & {id: string};

let service: RunningService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const post = (path: string, body: unknown) => service.call(path, {method: 'POST', json: body});
const put = (path: string, body: unknown) => service.call(path, {method: 'PUT', json: body});
const remove = (path: string) => service.call(path, {method: 'DELETE'});
const created = async (path: string, body: unknown) => {
  const response = await post(path, body);
  assert.equal(response.status, 201, await response.clone().text());
  return json<Item>(response);
};
const field = (error: {details?: unknown}) => (error.details as {field: string}).field;

describe('foreign keys of quotations and lines', () => {
  test('a quotation names an existing debtor and seller, a line an existing quotation', async () => {
    const debtor = await created('/api/2/crmaccounts', {firstName: 'Ada'});
    const seller = await created('/api/2/organizations', {name: 'Chairs Inc.'});
    const missing = randomUUID();

    const badDebtor = await expectError(
      await post('/api/2/quotations', {debtorId: missing}),
      400,
      'invalid_reference',
    );
    assert.equal(field(badDebtor), 'body.debtorId');
    // An organization is no CRM account: the key names its own model only.
    assert.equal(
      field(
        await expectError(
          await post('/api/2/quotations', {debtorId: seller.id}),
          400,
          'invalid_reference',
        ),
      ),
      'body.debtorId',
    );
    const badSeller = await expectError(
      await post('/api/2/quotations', [{debtorId: debtor.id}, {sellerId: missing}]),
      400,
      'invalid_reference',
    );
    assert.equal(field(badSeller), 'body[1].sellerId');
    // The bulk write is all or nothing: the first quotation was not kept.
    const listed = await json<Item[]>(
      await service.call(`/api/2/quotations?debtorId=${debtor.id}`),
    );
    assert.equal(listed.length, 0);

    // Null keys are fine; real ones too.
    const quotation = await created('/api/2/quotations', {
      debtorId: debtor.id,
      sellerId: seller.id,
    });
    await created('/api/2/quotations', {debtorId: null, sellerId: null});
    const badUpdate = await expectError(
      await put('/api/2/quotations', {id: quotation.id, sellerId: missing}),
      400,
      'invalid_reference',
    );
    assert.equal(field(badUpdate), 'body.sellerId');
    assert.equal((await put('/api/2/quotations', {id: quotation.id, sellerId: null})).status, 200);

    const badLine = await expectError(
      await post('/api/2/quotationlines', {quotationId: missing}),
      400,
      'invalid_reference',
    );
    assert.equal(field(badLine), 'body.quotationId');
    const line = await created('/api/2/quotationlines', {quotationId: quotation.id});
    assert.equal(
      field(
        await expectError(
          await put('/api/2/quotationlines', [{id: line.id, quotationId: missing}]),
          400,
          'invalid_reference',
        ),
      ),
      'body[0].quotationId',
    );
  });

  test('deleting a quotation deletes its lines; a named debtor or seller cannot go', async () => {
    const debtor = await created('/api/2/crmaccounts', {firstName: 'Grace'});
    const seller = await created('/api/2/organizations', {name: 'Desks Ltd.'});
    const quotation = await created('/api/2/quotations', {
      debtorId: debtor.id,
      sellerId: seller.id,
    });
    const other = await created('/api/2/quotations', {});
    const lines = await json<Item[]>(
      await post('/api/2/quotationlines', [
        {quotationId: quotation.id, description: 'a'},
        {quotationId: quotation.id, description: 'b'},
      ]),
    );
    const kept = await created('/api/2/quotationlines', {quotationId: other.id});

    const refused = await expectError(
      await remove(`/api/2/crmaccounts/${debtor.id}`),
      409,
      'conflict',
    );
    assert.deepEqual((refused.details as {ids: string[]}).ids, [quotation.id]);
    await expectError(await remove(`/api/2/organizations/${seller.id}`), 409, 'conflict');
    assert.equal((await service.call(`/api/2/crmaccounts/${debtor.id}`)).status, 200);

    assert.equal((await remove(`/api/2/quotations/${quotation.id}`)).status, 204);
    for (const line of lines) {
      await expectError(await service.call(`/api/2/quotationlines/${line.id}`), 404, 'not_found');
    }
    assert.equal((await service.call(`/api/2/quotationlines/${kept.id}`)).status, 200);
    // Nothing names the debtor and seller any more.
    assert.equal((await remove(`/api/2/crmaccounts/${debtor.id}`)).status, 204);
    assert.equal((await remove(`/api/2/organizations/${seller.id}`)).status, 204);
  });
});
