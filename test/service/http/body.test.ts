import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {ServiceError} from '../../../service/errors.js';
import {Fields, guidList, readJson} from '../../../service/http/index.js';

const request = (body: BodyInit, type: string | null = 'application/json') =>
  new Request('http://service.test/', {
    method: 'PUT',
    body,
    headers: type ? {'Content-Type': type} : {},
  });

const rejects = async (work: () => unknown, status: number, code: string, message?: RegExp) => {
  await assert.rejects(
    async () => work(),
    (error: unknown) => {
      assert.ok(error instanceof ServiceError, String(error));
      assert.equal(error.status, status);
      assert.equal(error.code, code);
      if (message) assert.match(error.message, message);
      return true;
    },
  );
};

describe('readJson', () => {
  test('parses JSON, with or without a declared type', async () => {
    assert.deepEqual(await readJson(request('{"a":1}')), {a: 1});
    assert.deepEqual(await readJson(request('[1]', null)), [1]);
    assert.deepEqual(await readJson(request('{}', 'application/vnd.api+json; charset=utf-8')), {});
  });

  test('maps malformed JSON to malformed_body and an empty body to invalid_body', async () => {
    await rejects(() => readJson(request('{"a":')), 400, 'malformed_body');
    await rejects(() => readJson(request('  ')), 400, 'invalid_body');
  });

  test('answers another structured type with 415, and anything but JSON with 415 when strict', async () => {
    await rejects(() => readJson(request('{}', 'application/xml')), 415, 'unsupported_media_type');
    await rejects(
      () => readJson(request('a=1', 'application/x-www-form-urlencoded')),
      415,
      'unsupported_media_type',
    );
    await rejects(
      () => readJson(request('{}', null), {contentType: 'strict'}),
      415,
      'unsupported_media_type',
    );
  });

  test('stops reading above the limit with 413', async () => {
    const big = JSON.stringify({text: 'x'.repeat(2000)});
    await rejects(() => readJson(request(big), {limit: 1000}), 413, 'payload_too_large');
    // A stream without Content-Length is counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(200)));
        controller.close();
      },
    });
    const streamed = new Request('http://service.test/', {
      method: 'PUT',
      body: stream,
      headers: {'Content-Type': 'application/json'},
      duplex: 'half',
    } as RequestInit);
    await rejects(() => readJson(streamed, {limit: 1000}), 413, 'payload_too_large');
  });
});

describe('Fields', () => {
  test('reads property names in any letter case', () => {
    for (const name of ['FeatureModelNodeId', 'featureModelNodeId', 'featuremodelnodeid']) {
      const fields = Fields.of({[name]: '6F9619FF-8B86-D011-B42D-00C04FC964FF'});
      assert.equal(fields.guid('featureModelNodeId'), '6f9619ff-8b86-d011-b42d-00c04fc964ff');
    }
  });

  test('names the field of a wrong type', async () => {
    await rejects(
      () => Fields.of({Value: '12'}).number('value'),
      400,
      'invalid_body',
      /body\.value/,
    );
    await rejects(() => Fields.of({isSelection: 1}).boolean('isSelection'), 400, 'invalid_body');
    await rejects(() => Fields.of({id: 'nope'}).guid('id'), 400, 'invalid_body', /GUID/);
    await rejects(() => Fields.of({n: 1.5}).integer('n'), 400, 'invalid_body', /integer/);
    await rejects(() => Fields.of([]), 400, 'invalid_body', /object/);
    await rejects(
      () =>
        Fields.of({a: {b: 1}})
          .nullableObject('a')!
          .string('b'),
      400,
      'invalid_body',
      /body\.a\.b/,
    );
  });

  test('rejects one property given twice in different cases', async () => {
    await rejects(() => Fields.of({value: 1, Value: 2}), 400, 'invalid_body', /twice/);
  });

  test('uses the fallback for an absent boolean and null for absent nullables', () => {
    const fields = Fields.of({textValue: null});
    assert.equal(fields.boolean('isSelection', false), false);
    assert.equal(fields.nullableString('textValue'), null);
    assert.equal(fields.nullableArray('ids', 10), null);
  });

  test('guidList names the bad item', async () => {
    await rejects(() => guidList(['x'], 'body.configurationIds'), 400, 'invalid_body', /\[0\]/);
  });
});
