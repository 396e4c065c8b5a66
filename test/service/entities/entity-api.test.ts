import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {after, before, describe, test} from 'node:test';
import {storedModels, type EntityModel} from '../../../service/entities/index.js';
import {expectError} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

type Item = Record<string, unknown> & {id: string};

let service: RunningService;
before(async () => {
  service = await startService();
});
after(() => service.close());

/** Every call of this file must answer below 500: malformed input is the client's fault. */
async function call(path: string, init: Parameters<RunningService['call']>[1] = {}) {
  const response = await service.call(path, init);
  assert.ok(response.status < 500, `${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return response;
}
const get = async <T = Item[]>(path: string) => {
  const response = await call(path);
  assert.equal(response.status, 200, `GET ${path}: ${response.status}`);
  return json<T>(response);
};
const post = (path: string, body: unknown) => call(path, {method: 'POST', json: body});
const put = (path: string, body: unknown) => call(path, {method: 'PUT', json: body});

/** The fifteen stored models' URIs as the seed's table spells them, and the feature models. */
const uris = [
  '/api/2/applicationevents',
  '/api/2/associatedfeatureproperties',
  '/api/2/categories',
  '/api/2/crmaccounts',
  '/api/2/featurehasfeatureproperties',
  '/api/2/featureproperties',
  '/api/2/features',
  '/api/2/leasetables',
  '/api/2/organizations',
  '/api/2/quotationlines',
  '/api/2/quotationproperties',
  '/api/2/quotations',
  '/api/2/uom',
  '/api/2/UserCreationRequests',
  '/api/2/vats',
];

/**
 * The id of a stored entity of each collection a required foreign key of the model names
 * (a quotation line needs a quotation).
 */
async function referenced(model: EntityModel): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const field of Object.values(model.fields)) {
    const target = field.references?.collection;
    if (!target || field.default) continue;
    const targetModel = storedModels.find((candidate) => candidate.collection === target)!;
    const created = await post(`/api/2/${targetModel.path}`, sample(targetModel, 'target'));
    assert.equal(created.status, 201);
    ids[target] = (await json<Item>(created)).id;
  }
  return ids;
}

/** A valid body for a model: every required property with a value of its type. */
function sample(
  model: EntityModel,
  tag: string,
  ids: Record<string, string> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.default || field.managed) continue;
    body[name] = field.references
      ? ids[field.references.collection]
      : field.type === 'guid'
        ? randomUUID()
        : field.type === 'string'
          ? (field.oneOf?.[0] ?? `${tag} ${name}`)
          : field.type === 'boolean'
            ? true
            : field.type === 'date-time'
              ? new Date().toISOString()
              : 7;
  }
  return body;
}

/** A property to change in an update, with a new value of its type. */
function editable(model: EntityModel): [string, unknown] {
  const [name, field] = Object.entries(model.fields).find(
    ([name, field]) =>
      name !== 'id' &&
      !field.managed &&
      !field.readOnly &&
      !field.oneOf &&
      ['string', 'number'].includes(field.type),
  )!;
  return [name, field.type === 'number' ? 42.5 : 'changed'];
}

describe('every entity URI', () => {
  test('the table lists the fifteen stored models', () => {
    assert.deepEqual(
      storedModels.map((model) => `/api/2/${model.path}`),
      uris,
    );
  });

  for (const model of storedModels) {
    const uri = `/api/2/${model.path}`;
    test(`${uri}: create, read, update, bulk, delete`, async () => {
      // Single POST answers what was stored, with an id and the service's moments.
      const ids = await referenced(model);
      const created = await post(uri, sample(model, 'one', ids));
      assert.equal(created.status, 201);
      const one = await json<Item>(created);
      assert.match(one.id, /^[0-9a-f-]{36}$/);
      assert.equal(typeof one.createdAt, 'string');
      assert.deepEqual(await get<Item>(`${uri}/${one.id}`), one);
      // The URI matches in any letter case.
      assert.deepEqual(
        await get<Item>(`${uri.toUpperCase().replace('/API/2', '/api/2')}/${one.id}`),
        one,
      );

      // Bulk POST: array in, array out, all stored.
      const bulk = await post(uri, [sample(model, 'two', ids), sample(model, 'three', ids)]);
      assert.equal(bulk.status, 201);
      const two = await json<Item[]>(bulk);
      assert.equal(two.length, 2);
      const listed = await get(`${uri}?limit=1000`);
      for (const item of [one, ...two]) assert.ok(listed.some((entity) => entity.id === item.id));

      // Single PUT merges: the id comes in the body, left-out properties keep their values.
      const [name, value] = editable(model);
      const updated = await put(uri, {id: one.id, [name]: value});
      assert.equal(updated.status, 200);
      const changed = await json<Item>(updated);
      assert.equal(changed[name], value);
      assert.equal(changed.createdAt, one.createdAt);
      assert.ok(String(changed.updatedAt) > String(one.updatedAt));
      assert.deepEqual(await get<Item>(`${uri}/${one.id}`), changed);

      // Bulk PUT: array in, array out.
      const bulkPut = await put(
        uri,
        two.map((item) => ({id: item.id, [name]: value})),
      );
      assert.equal(bulkPut.status, 200);
      const both = await json<Item[]>(bulkPut);
      assert.deepEqual(
        both.map((item) => [item.id, item[name]]),
        two.map((item) => [item.id, value]),
      );

      // Filter on the changed property finds exactly the three.
      const filtered = await get(`${uri}?${name}=${encodeURIComponent(String(value))}&limit=1000`);
      assert.deepEqual(
        filtered.map((item) => item.id).sort(),
        [one.id, ...two.map((i) => i.id)].sort(),
      );

      // DELETE: 204, then gone (404 for GET and a second DELETE).
      const deleted = await call(`${uri}/${one.id}`, {method: 'DELETE'});
      assert.equal(deleted.status, 204);
      await expectError(await call(`${uri}/${one.id}`), 404, 'not_found');
      await expectError(await call(`${uri}/${one.id}`, {method: 'DELETE'}), 404, 'not_found');
      // PUT of an unknown id is 404 too.
      await expectError(await put(uri, {id: one.id, [name]: value}), 404, 'not_found');
    });
  }

  test('/api/2/featuremodels lists the configuration models; RootFeature only when included', async () => {
    const plain = await get('/api/2/featuremodels');
    assert.ok(plain.length >= 1);
    for (const model of plain) {
      assert.equal(typeof model.name, 'string');
      assert.equal('rootFeature' in model, false);
    }
    const withRoot = await get<Array<Item & {rootFeature: Item}>>(
      '/api/2/featuremodels?include=RootFeature',
    );
    for (const model of withRoot) {
      assert.equal(model.rootFeature.name, model.name);
      assert.equal(typeof model.rootFeature.price, 'number');
      assert.ok('imageUrl' in model.rootFeature);
    }
    const first = withRoot[0]!;
    const single = await get<Item>(`/api/2/featuremodels/${first.id}?include=rootfeature`);
    assert.deepEqual(single, first);
    const dutch = await get('/api/2/featuremodels?lang=nl');
    assert.equal(dutch.length, plain.length);
    const byName = await get(`/api/2/featuremodels?name=${encodeURIComponent(String(first.name))}`);
    assert.deepEqual(
      byName.map((m) => m.id),
      [first.id],
    );
    // Feature models come from the configuration models: read-only here.
    for (const method of ['POST', 'PUT'] as const) {
      await expectError(
        await call('/api/2/featuremodels', {method, json: {id: first.id, name: 'x'}}),
        405,
        'method_not_allowed',
      );
    }
    await expectError(
      await call(`/api/2/featuremodels/${first.id}`, {method: 'DELETE'}),
      405,
      'method_not_allowed',
    );
    await expectError(await call(`/api/2/featuremodels/${randomUUID()}`), 404, 'not_found');
  });
});

describe('list queries', () => {
  const vats = '/api/2/vats';
  let created: Item[];
  let outer: RunningService;
  // A service of its own, so the lists hold exactly what these tests put in.
  before(async () => {
    outer = service;
    service = await startService();
    const response = await post(vats, [
      {name: 'NL high', percentage: 21, countryIso: 'NL', isDefault: true},
      {name: 'NL low', percentage: 9, countryIso: 'NL', isDefault: false},
      {name: 'DE high', percentage: 19, countryIso: 'DE', isDefault: true},
      {name: 'DE low', percentage: 7, countryIso: 'DE', isDefault: false},
      {name: 'Zero', percentage: 0, countryIso: null, isDefault: false},
    ]);
    assert.equal(response.status, 201);
    created = await json<Item[]>(response);
  });
  after(async () => {
    await service.close();
    service = outer;
  });

  test('filters by equality with the property type', async () => {
    const names = (items: Item[]) => items.map((item) => item.name).sort();
    assert.deepEqual(names(await get(`${vats}?countryIso=NL`)), ['NL high', 'NL low']);
    assert.deepEqual(names(await get(`${vats}?isDefault=true`)), ['DE high', 'NL high']);
    assert.deepEqual(names(await get(`${vats}?isdefault=false&countryiso=DE`)), ['DE low']);
    assert.deepEqual(names(await get(`${vats}?percentage=19`)), ['DE high']);
    assert.deepEqual(names(await get(`${vats}?percentage=9.0`)), ['NL low']);
    assert.deepEqual(names(await get(`${vats}?countryIso=null`)), ['Zero']);
    assert.deepEqual(names(await get(`${vats}?id=${created[0]!.id.toUpperCase()}`)), ['NL high']);
  });

  test('orders by any property, ascending or descending, and pages with skip and limit', async () => {
    const percentages = (items: Item[]) => items.map((item) => item.percentage);
    assert.deepEqual(percentages(await get(`${vats}?orderby=percentage`)), [0, 7, 9, 19, 21]);
    assert.deepEqual(
      percentages(await get(`${vats}?orderBy=Percentage&descending=true`)),
      [21, 19, 9, 7, 0],
    );
    assert.deepEqual(percentages(await get(`${vats}?orderby=percentage&skip=1&limit=2`)), [7, 9]);
    assert.deepEqual(await get(`${vats}?skip=5`), []);
    assert.deepEqual(await get(`${vats}?limit=0`), []);
    // Nulls sort first; ties keep the order of creation.
    assert.deepEqual(
      (await get(`${vats}?orderby=countryIso`)).map((item) => item.name),
      ['Zero', 'DE high', 'DE low', 'NL high', 'NL low'],
    );
    // Without orderby: creation order; descending alone reverses it.
    assert.deepEqual(
      (await get(`${vats}?descending=true&limit=2`)).map((item) => item.name),
      ['Zero', 'DE low'],
    );
  });

  test('limit defaults to 100 and goes up to 1000', async () => {
    const response = await post(
      '/api/2/uom',
      Array.from({length: 120}, (_, i) => ({name: `unit ${i}`})),
    );
    assert.equal(response.status, 201);
    assert.equal((await get('/api/2/uom')).length, 100);
    assert.ok((await get('/api/2/uom?limit=1000')).length >= 120);
  });

  test('refuses bad query parameters with invalid_query naming them', async () => {
    for (const query of [
      'skip=-1',
      'skip=1.5',
      'skip=abc',
      'skip=',
      'limit=1001',
      'limit=-5',
      'limit=ten',
      'orderby=nope',
      'descending=maybe',
      'nope=1',
      'percentage=abc',
      'isDefault=maybe',
      'id=not-a-guid',
      'include=Lines',
    ]) {
      const body = await expectError(await call(`${vats}?${query}`), 400, 'invalid_query');
      const parameter = (body.details as {parameter: string}).parameter;
      assert.equal(parameter, query.split('=')[0], query);
    }
    await expectError(await call('/api/2/quotations?include=Nope'), 400, 'invalid_query');
    await expectError(await call('/api/2/quotations?synced=yes'), 400, 'invalid_query');
    await expectError(await call('/api/2/quotations?createdAt=yesterday'), 400, 'invalid_query');
    await expectError(
      await call('/api/2/quotations?createdAt=2024-02-30T00:00Z'),
      400,
      'invalid_query',
    );
    // A single GET takes include only.
    await expectError(await call(`${vats}/${created[0]!.id}?limit=1`), 400, 'invalid_query');
    await expectError(await call(`/api/2/vats?lang=nl`), 400, 'invalid_query');
  });
});

describe('quotation relations', () => {
  test('Lines, Debtor and Seller only when included', async () => {
    const debtor = await json<Item>(
      await post('/api/2/crmaccounts', {firstName: 'Ada', email: 'ada@example.com'}),
    );
    const seller = await json<Item>(await post('/api/2/organizations', {name: 'Chairs Inc.'}));
    const quotation = await json<Item>(
      await post('/api/2/quotations', {debtorId: debtor.id, sellerId: seller.id, synced: false}),
    );
    assert.equal(quotation.status, 'draft');
    assert.match(String(quotation.number), /^Q-\d{6}$/);
    const lines = await json<Item[]>(
      await post('/api/2/quotationlines', [
        {quotationId: quotation.id, description: 'second', sortOrder: 2, quantity: 1},
        {quotationId: quotation.id, description: 'first', sortOrder: 1, quantity: 3},
      ]),
    );
    await post('/api/2/quotations', {synced: true});

    const plain = await get<Item>(`/api/2/quotations/${quotation.id}`);
    for (const relation of ['lines', 'debtor', 'seller']) assert.equal(relation in plain, false);

    const full = await get<Item & {lines: Item[]; debtor: Item; seller: Item}>(
      `/api/2/quotations/${quotation.id}?include=Lines&include=Debtor&include=Seller`,
    );
    assert.deepEqual(
      full.lines.map((line) => line.description),
      ['first', 'second'],
    );
    assert.deepEqual(full.lines.map((line) => line.id).sort(), lines.map((line) => line.id).sort());
    assert.equal(full.debtor.firstName, 'Ada');
    assert.equal(full.seller.name, 'Chairs Inc.');

    const listed = await get<Array<Item & {lines?: Item[]; debtor?: Item}>>(
      `/api/2/quotations?synced=false&include=lines,debtor&debtorId=${debtor.id}`,
    );
    assert.equal(listed.length, 1);
    assert.equal(listed[0]!.lines!.length, 2);
    assert.equal('seller' in listed[0]!, false);
    const unsynced = await get('/api/2/quotations?synced=true');
    assert.ok(unsynced.every((item) => item.synced === true) && unsynced.length >= 1);

    // Relation properties echoed back in a PUT are ignored, so GET-modify-PUT works.
    const echoed = await put('/api/2/quotations', {...full, remarks: 'call first'});
    assert.equal(echoed.status, 200);
    assert.equal((await json<Item>(echoed)).remarks, 'call first');
  });
});

describe('quotation totals', () => {
  test('follow the lines written and deleted through the entity API', async () => {
    const quotation = await json<Item>(await post('/api/2/quotations', {}));
    const other = await json<Item>(await post('/api/2/quotations', {}));
    const totals = async (id: string) => {
      const item = await get<Item>(`/api/2/quotations/${id}`);
      return [item.totalPriceExVAT, item.totalPriceIncVAT];
    };
    const lines = await json<Item[]>(
      await post('/api/2/quotationlines', [
        {quotationId: quotation.id, totalPriceExVAT: 100.1, totalPriceIncVAT: 121.12},
        {quotationId: quotation.id, totalPriceExVAT: 0.2, totalPriceIncVAT: 0.24},
      ]),
    );
    assert.deepEqual(await totals(quotation.id), [100.3, 121.36]);
    await put('/api/2/quotationlines', {id: lines[1]!.id, quotationId: other.id});
    assert.deepEqual(await totals(quotation.id), [100.1, 121.12]);
    assert.deepEqual(await totals(other.id), [0.2, 0.24]);
    assert.equal(
      (await call(`/api/2/quotationlines/${lines[0]!.id}`, {method: 'DELETE'})).status,
      204,
    );
    assert.deepEqual(await totals(quotation.id), [0, 0]);
  });

  test('past requested, lines and money stay as sent; a verified quotation changes only synced', async () => {
    const quotation = await json<Item>(await post('/api/2/quotations', {}));
    const open = await json<Item>(await post('/api/2/quotations', {}));
    const [line] = await json<Item[]>(
      await post('/api/2/quotationlines', [
        {quotationId: quotation.id, totalPriceExVAT: 100, totalPriceIncVAT: 121},
      ]),
    );
    const move = (operation: string) =>
      call(`/api/2/quotations/${quotation.id}/${operation}`, {method: 'POST'});
    const stored = () => get<Item>(`/api/2/quotations/${quotation.id}`);
    const closed = async (response: Response) => {
      const error = await expectError(response, 409, 'quotation_closed');
      assert.deepEqual(error.details, {id: quotation.id, status: (await stored()).status});
    };
    assert.equal((await move('submit')).status, 200);
    // The lines of a submitted quotation: none joins, changes, moves away or is deleted.
    await closed(
      await post('/api/2/quotationlines', {
        quotationId: quotation.id,
        totalPriceExVAT: -1000,
        totalPriceIncVAT: -1210,
      }),
    );
    await closed(await put('/api/2/quotationlines', {id: line!.id, totalPriceExVAT: 1}));
    await closed(await put('/api/2/quotationlines', {id: line!.id, quotationId: open.id}));
    await closed(await call(`/api/2/quotationlines/${line!.id}`, {method: 'DELETE'}));
    await closed(await put('/api/2/quotations', {id: quotation.id, totalPriceExVAT: 1}));
    await closed(await put('/api/2/quotations', {id: quotation.id, currencyIso: 'usd'}));
    // Its remarks may still change until it is verified.
    assert.equal((await put('/api/2/quotations', {id: quotation.id, remarks: 'sent'})).status, 200);
    assert.equal((await move('accept')).status, 200);
    assert.equal((await move('verify')).status, 200);
    await closed(await put('/api/2/quotations', {id: quotation.id, remarks: 'changed'}));
    // A back office marks a final quotation as exported.
    const synced = await put('/api/2/quotations', {id: quotation.id, synced: true});
    assert.equal(synced.status, 200);
    const final = await stored();
    assert.deepEqual(
      [final.synced, final.remarks, final.totalPriceExVAT, final.totalPriceIncVAT],
      [true, 'sent', 100, 121],
    );
    const kept = await get<Item>(`/api/2/quotationlines/${line!.id}`);
    assert.deepEqual([kept.quotationId, kept.totalPriceExVAT], [quotation.id, 100]);
  });
});

describe('bad input', () => {
  const vats = '/api/2/vats';

  test('malformed JSON, wrong content type and empty bodies', async () => {
    for (const method of ['POST', 'PUT']) {
      await expectError(
        await call(vats, {
          method,
          body: '{"name": ',
          headers: {'Content-Type': 'application/json'},
        }),
        400,
        'malformed_body',
      );
      await expectError(
        await call(vats, {
          method,
          body: 'name=x',
          headers: {'Content-Type': 'application/x-www-form-urlencoded'},
        }),
        415,
        'unsupported_media_type',
      );
      await expectError(
        await call(vats, {method, body: '', headers: {'Content-Type': 'application/json'}}),
        400,
        'invalid_body',
      );
      for (const body of [42, 'text', null, [42], [{name: 'ok', percentage: 1}, 'x']]) {
        await expectError(await call(vats, {method, json: body}), 400, 'invalid_body');
      }
    }
  });

  test('wrong types, unknown and missing properties name the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{name: 'x', percentage: '21'}, 'body.percentage'],
      [{name: 'x', percentage: 21, isDefault: 'yes'}, 'body.isDefault'],
      [{name: 42, percentage: 21}, 'body.name'],
      [{name: null, percentage: 21}, 'body.name'],
      [{percentage: 21}, 'body.name'],
      [{name: 'x', id: 'not-a-guid'}, 'body.id'],
      [[{name: 'ok'}, {name: 'x', percentage: Number.NaN}], 'body[1].percentage'],
    ];
    for (const [body, field] of cases) {
      const error = await expectError(await post(vats, body), 400, 'invalid_body');
      assert.equal((error.details as {field: string}).field, field, JSON.stringify(body));
    }
    const unknown = await expectError(
      await post(vats, {name: 'x', rate: 21, colour: 'red'}),
      400,
      'invalid_body',
    );
    assert.deepEqual((unknown.details as {fields: string[]}).fields, ['body.rate', 'body.colour']);
    assert.match(unknown.message, /rate, colour/);
    const integer = await expectError(
      await post('/api/2/categories', {name: 'x', sortOrder: 1.5}),
      400,
      'invalid_body',
    );
    assert.equal((integer.details as {field: string}).field, 'body.sortOrder');
    await expectError(await post('/api/2/quotations', {status: 'paid'}), 400, 'invalid_body');
    // Days that are not on the calendar are refused, not rolled over to another day.
    for (const occurredAt of [
      '2024-13-45T10:00Z',
      '2024-02-30T23:00Z',
      '2023-02-29T10:00Z',
      '2024-04-31T10:00Z',
      '2024-01-01T24:00Z',
    ]) {
      await expectError(
        await post('/api/2/applicationevents', {name: 'x', occurredAt}),
        400,
        'invalid_body',
      );
    }
    const leapDay = await post('/api/2/applicationevents', {
      name: 'x',
      occurredAt: '2024-02-29T23:30+01:00',
    });
    assert.equal(leapDay.status, 201);
    assert.equal(
      (await json<{occurredAt: string}>(leapDay)).occurredAt,
      '2024-02-29T22:30:00.000Z',
    );
    // A property given twice in different letter case is ambiguous.
    await expectError(await post(vats, {name: 'x', Name: 'y'}), 400, 'invalid_body');
    // PUT needs the id in the body.
    await expectError(await put(vats, {name: 'x'}), 400, 'invalid_body');
  });

  test('property names are case-insensitive on input', async () => {
    const response = await post(vats, {
      NAME: 'Loud',
      Percentage: 5,
      countryiso: 'BE',
      IsDefault: true,
    });
    assert.equal(response.status, 201);
    const stored = await json<Item>(response);
    assert.deepEqual(
      [stored.name, stored.percentage, stored.countryIso, stored.isDefault],
      ['Loud', 5, 'BE', true],
    );
    const updated = await json<Item>(await put(vats, {ID: stored.id.toUpperCase(), PERCENTAGE: 6}));
    assert.equal(updated.percentage, 6);
  });

  test('duplicate ids conflict, and a failed bulk write stores nothing', async () => {
    const id = randomUUID();
    assert.equal((await post(vats, {id, name: 'first', percentage: 1})).status, 201);
    await expectError(await post(vats, {id, name: 'again', percentage: 1}), 409, 'conflict');
    const fresh = randomUUID();
    await expectError(
      await post(vats, [
        {id: fresh, name: 'new', percentage: 1},
        {id, name: 'dup', percentage: 1},
      ]),
      409,
      'conflict',
    );
    await expectError(await call(`${vats}/${fresh}`), 404, 'not_found');
    const twice = randomUUID();
    await expectError(
      await post(vats, [
        {id: twice, name: 'a', percentage: 1},
        {id: twice, name: 'b', percentage: 1},
      ]),
      409,
      'conflict',
    );
    // A bulk PUT with one unknown id changes nothing.
    await expectError(
      await put(vats, [
        {id, percentage: 99},
        {id: randomUUID(), percentage: 99},
      ]),
      404,
      'not_found',
    );
    assert.equal((await get<Item>(`${vats}/${id}`)).percentage, 1);
  });

  test('a PUT carrying a stale updatedAt is refused (optimistic concurrency)', async () => {
    const stored = await json<Item>(await post(vats, {name: 'v', percentage: 1}));
    const first = await put(vats, {...stored, percentage: 2});
    assert.equal(first.status, 200);
    await expectError(await put(vats, {...stored, percentage: 3}), 409, 'conflict');
    const current = await json<Item>(first);
    assert.equal((await put(vats, {...current, percentage: 3})).status, 200);
    await expectError(await put(vats, {id: stored.id, updatedAt: 'soon'}), 400, 'invalid_body');
  });

  test('unknown ids and paths', async () => {
    await expectError(await call(`${vats}/${randomUUID()}`), 404, 'not_found');
    await expectError(await call(`${vats}/not-a-guid`), 404, 'not_found');
    await expectError(await call('/api/2/nothings'), 404, 'not_found');
    await expectError(
      await call(`/api/2/quotations/${randomUUID()}/submit`, {method: 'POST'}),
      404,
      'not_found',
    );
  });

  test('needs a bearer token', async () => {
    const response = await service.call(vats, {token: null});
    assert.equal(response.status, 401);
  });
});

describe('concurrent writes', () => {
  test('many parallel POSTs and PUTs lose nothing', async () => {
    const organizations = '/api/2/organizations';
    const posted = await Promise.all(
      Array.from({length: 60}, (_, i) => post(organizations, {name: `Parallel ${i}`})),
    );
    assert.ok(posted.every((response) => response.status === 201));
    const ids = await Promise.all(posted.map((response) => json<Item>(response).then((o) => o.id)));
    assert.equal(new Set(ids).size, 60);
    const listed = await get(`${organizations}?limit=1000`);
    for (const id of ids) assert.ok(listed.some((item) => item.id === id));

    // Parallel PUTs of different properties of one entity all survive (PUT merges).
    const target = ids[0]!;
    const fields = [
      'email',
      'phoneNumber',
      'streetName',
      'houseNumber',
      'postalCode',
      'city',
      'countryIso',
      'vatNumber',
      'cocNumber',
    ];
    const updates = await Promise.all(
      fields.map((field) => put(organizations, {id: target, [field]: `${field} value`})),
    );
    assert.ok(updates.every((response) => response.status === 200));
    const merged = await get<Item>(`${organizations}/${target}`);
    for (const field of fields) assert.equal(merged[field], `${field} value`);

    // Parallel bulk PUTs over every entity.
    await Promise.all(ids.map((id, i) => put(organizations, [{id, name: `Renamed ${i}`}])));
    const renamed = await get(`${organizations}?limit=1000`);
    for (const [i, id] of ids.entries()) {
      assert.equal(renamed.find((item) => item.id === id)!.name, `Renamed ${i}`);
    }
  });
});
