import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {after, before, describe, test} from 'node:test';
import {readConfig} from '../../../service/config.js';
import {Limits, checkJsonDepth} from '../../../service/http/index.js';
import {expectError, startChair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

let service: RunningService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON depth', () => {
  test(`a body nesting deeper than ${Limits.bodyDepth} levels is 400 body_too_deep`, async () => {
    const deep = `{"name": ${nested(Limits.bodyDepth)}}`;
    const refused = await service.call('/api/2/uom', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: deep,
    });
    const error = await expectError(refused, 400, 'body_too_deep');
    assert.deepEqual(error.details, {limit: Limits.bodyDepth});
    // A hundred thousand levels, which recursive code would not survive, are refused alike.
    const deeper = await service.call('/api/2/uom', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: nested(100_000),
    });
    await expectError(deeper, 400, 'body_too_deep');
    // At the limit the body is read, and judged by the operation.
    const atLimit = await service.call('/api/2/uom', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: `{"name": ${nested(Limits.bodyDepth - 1)}}`,
    });
    await expectError(atLimit, 400, 'invalid_body');
  });

  test('brackets inside strings, escaped quotes included, do not count', () => {
    checkJsonDepth(`{"a": "${'['.repeat(100)}\\"${'{'.repeat(100)}"}`);
    assert.throws(() => checkJsonDepth(nested(Limits.bodyDepth + 1)), {code: 'body_too_deep'});
    checkJsonDepth(nested(Limits.bodyDepth));
  });
});

describe('the request target', () => {
  test(`a path and query longer than ${Limits.urlLength} characters is 414 uri_too_long`, async () => {
    const long = `/api/2/uom?name=${'x'.repeat(Limits.urlLength)}`;
    await expectError(await service.call(long), 414, 'uri_too_long');
    // Before authentication, too: a stranger cannot make the service read it.
    await expectError(await service.call(long, {token: null}), 414, 'uri_too_long');
  });

  test(`more than ${Limits.queryParameters} query parameters is 400 too_many_parameters`, async () => {
    const query = (n: number) => Array.from({length: n}, (_, index) => `name=${index}`).join('&');
    const error = await expectError(
      await service.call(`/api/2/uom?${query(Limits.queryParameters + 1)}`),
      400,
      'too_many_parameters',
    );
    assert.deepEqual(error.details, {
      count: Limits.queryParameters + 1,
      limit: Limits.queryParameters,
    });
    // At the limit, the list query reads them (the same property twice matches nothing).
    const atLimit = await service.call(`/api/2/uom?${query(Limits.queryParameters)}`);
    assert.equal(atLimit.status, 200);
    assert.deepEqual(await json(atLimit), []);
  });
});

describe('arrays in configurator and quote bodies', () => {
  test('request quote and add to quotation name at most 100 configurations', async () => {
    const ids = Array.from({length: 101}, () => randomUUID());
    const quote = await expectError(
      await service.call('/configurator/1/configurator/requestquote', {
        method: 'POST',
        json: {quotationRequest: {email: 'a@b.example'}, configurationIds: ids},
      }),
      413,
      'too_many_items',
    );
    assert.deepEqual(quote.details, {field: 'body.configurationIds', count: 101, limit: 100});
    await expectError(
      await service.call('/configurator/1/configurator/addtoquotation', {
        method: 'PUT',
        json: {quotationId: randomUUID(), configurationIds: ids},
      }),
      413,
      'too_many_items',
    );
    // Within the limit the body is read: unknown sessions are 404, not 413.
    await expectError(
      await service.call('/configurator/1/configurator/requestquote', {
        method: 'POST',
        json: {quotationRequest: {email: 'a@b.example'}, configurationIds: ids.slice(0, 100)},
      }),
      404,
      'not_found',
    );
  });

  test('quantities are matched to configurations in one pass', async () => {
    const ids = Array.from({length: 100}, () => randomUUID());
    const quantities = Object.fromEntries(ids.map((id) => [id.toUpperCase(), 2]));
    quantities[randomUUID()] = 1;
    const error = await expectError(
      await service.call('/configurator/1/configurator/requestquote', {
        method: 'POST',
        json: {quotationRequest: {}, configurationIds: ids, quantities},
      }),
      400,
      'invalid_body',
    );
    assert.match(error.message, /is not one of configurationIds/);
  });

  test('text/multiple takes at most 500 text requirements', async () => {
    const session = await startChair(service);
    const texts = Array.from({length: 501}, () => ({
      featureModelNodeId: randomUUID(),
      textValue: 'x',
    }));
    const error = await expectError(
      await service.call(`/configurator/1/configurator/${session.id}/text/multiple`, {
        method: 'PUT',
        json: texts,
      }),
      413,
      'too_many_items',
    );
    assert.deepEqual(error.details, {field: 'body', count: 501, limit: 500});
  });
});

describe('WEBHOOKS_ALLOW_PRIVATE_TARGETS', () => {
  test('is off unless set to 1 (or true, yes); nonsense fails start-up', () => {
    assert.equal(readConfig({}).webhooksAllowPrivateTargets, false);
    assert.equal(
      readConfig({WEBHOOKS_ALLOW_PRIVATE_TARGETS: '0'}).webhooksAllowPrivateTargets,
      false,
    );
    assert.equal(
      readConfig({WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1'}).webhooksAllowPrivateTargets,
      true,
    );
    assert.equal(
      readConfig({WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'TRUE'}).webhooksAllowPrivateTargets,
      true,
    );
    assert.throws(
      () => readConfig({WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'maybe'}),
      /WEBHOOKS_ALLOW_PRIVATE_TARGETS must be 1 or 0/,
    );
  });
});
