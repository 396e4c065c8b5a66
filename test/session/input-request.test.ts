import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {HttpClient} from '../../src/session/http-client.js';
import {
  requirementOf,
  sendInput as send,
  versioned,
  type Input,
  type Sender,
} from '../../src/session/input-request.js';
import type {MergeModule} from '../../src/session/session-options.js';
import type {Configuration} from '../../src/wire/index.js';

const held = {id: 's/1', languageIso: 'en'} as unknown as Configuration;
const answer = {id: 's/1', languageIso: 'en', answered: true} as unknown as Configuration;

const input = (over: Partial<Input>): Input => ({
  kind: 'select',
  nodeId: 'n1',
  value: 1,
  text: '',
  source: 'user',
  _ignoreConflicts: false,
  _waiters: [],
  _holdUntil: 0,
  _since: 0,
  ...over,
});

/** An HTTP client that records each request and answers from `answers`, in turn. */
function fakeHttp(...answers: (Configuration | null)[]) {
  const requests: Record<string, unknown>[] = [];
  const http = ((options: Record<string, unknown>) => {
    requests.push(options);
    return Promise.resolve(answers.length > 0 ? answers.shift() : answer);
  }) as unknown as HttpClient;
  return {http, requests};
}

const merge = {} as MergeModule;
const signal = new AbortController().signal;

/** Sends `sent` for a session holding `configuration`, with `http`, `merge`, `signal`, `query`. */
const sendInput = (
  http: HttpClient,
  sent: Input,
  configuration: Configuration,
  merge: MergeModule | Promise<unknown> | undefined,
  signal: AbortSignal,
  query?: () => Record<string, string> | undefined,
) =>
  send(
    {
      _http: http,
      _configuration: configuration,
      _merge: merge,
      _abort: {signal},
      _query: query,
    } as unknown as Sender,
    sent,
  );

test('a choice and a value send a requirement; only a choice is a selection', () => {
  assert.deepEqual(requirementOf(input({kind: 'select', value: 0})), {
    featureModelNodeId: 'n1',
    value: 0,
    isSelection: true,
  });
  assert.equal(requirementOf(input({kind: 'value', value: 42})).isSelection, false);
});

test('each kind of input goes to its own path, the session id encoded', async () => {
  const cases = [
    [input({kind: 'select'}), '/api/3/configurator/s%2F1'],
    [input({kind: 'value', value: 3}), '/api/3/configurator/s%2F1'],
    [input({kind: 'text', text: 'hi'}), `${versioned}/s%2F1/text`],
    [input({kind: 'language', nodeId: '', text: 'de'}), '/api/3/configurator/s%2F1/changelanguage'],
  ] as const;
  for (const [sent, path] of cases) {
    const {http, requests} = fakeHttp();
    assert.equal(await sendInput(http, sent, held, undefined, signal), answer);
    assert.equal(requests[0]!.path, path);
    assert.equal(requests[0]!.method, 'PUT');
    assert.equal(requests[0]!.signal, signal);
  }
});

test('a text sends the node and its text; a language its code', async () => {
  const text = fakeHttp();
  await sendInput(text.http, input({kind: 'text', text: 'Anna'}), held, undefined, signal);
  assert.deepEqual(text.requests[0]!.json, {featureModelNodeId: 'n1', textValue: 'Anna'});
  const lang = fakeHttp();
  await sendInput(lang.http, input({kind: 'language', text: 'de'}), held, undefined, signal);
  assert.equal(lang.requests[0]!.text, 'de');
});

test('a language the session already speaks costs no request', async () => {
  const {http, requests} = fakeHttp();
  assert.equal(
    await sendInput(http, input({kind: 'language', text: 'en'}), held, merge, signal),
    held,
  );
  assert.equal(requests.length, 0);
});

test('updates ask for a compressed answer once the merge is here, and only updates', async () => {
  const loading = fakeHttp();
  await sendInput(loading.http, input({}), held, Promise.resolve(), signal);
  assert.deepEqual(loading.requests[0]!.query, {ignoreConflicts: false, compress: undefined});

  const loaded = fakeHttp();
  await sendInput(loaded.http, input({_ignoreConflicts: true}), held, merge, signal);
  assert.deepEqual(loaded.requests[0]!.query, {ignoreConflicts: true, compress: true});

  const text = fakeHttp();
  await sendInput(text.http, input({kind: 'text', text: 'x'}), held, merge, signal);
  assert.equal(text.requests[0]!.query, undefined);
});

test('a compressed answer that cannot be merged is asked for again, whole', async () => {
  const {http, requests} = fakeHttp(null, answer);
  assert.equal(await sendInput(http, input({}), held, merge, signal), answer);
  assert.deepEqual(
    requests.map((r) => (r.query as {compress?: boolean}).compress),
    [true, undefined],
  );
});

test('a 404 about a node is not_found; any other 404 means the session is gone', async () => {
  const {http, requests} = fakeHttp();
  await sendInput(http, input({}), held, undefined, signal);
  const notFound = requests[0]!.notFoundCode as (code: string | null) => string;
  assert.equal(notFound('unknown_node'), 'not_found');
  assert.equal(notFound('unknown_step'), 'not_found');
  assert.equal(notFound('session_not_found'), 'session_not_found');
  assert.equal(notFound(null), 'session_not_found');
});

test('what the session’s `_query` gives goes with a choice, a value and a text, not a language', async () => {
  const query = () => ({effectsOf: 'step-1'});
  const cases = [
    [input({kind: 'select'}), {ignoreConflicts: false, compress: true, effectsOf: 'step-1'}],
    [
      input({kind: 'value', value: 3}),
      {ignoreConflicts: false, compress: true, effectsOf: 'step-1'},
    ],
    [input({kind: 'text', text: 'hi'}), {effectsOf: 'step-1'}],
    [input({kind: 'language', nodeId: '', text: 'de'}), undefined],
  ] as const;
  for (const [sent, expected] of cases) {
    const {http, requests} = fakeHttp();
    await sendInput(http, sent, held, merge, signal, query);
    assert.deepEqual(requests[0]!.query, expected, sent.kind);
  }
  // Without it (or when it gives nothing) the query is what it always was.
  for (const hook of [undefined, () => undefined]) {
    const {http, requests} = fakeHttp();
    await sendInput(http, input({}), held, merge, signal, hook);
    await sendInput(http, input({kind: 'text', text: 'hi'}), held, merge, signal, hook);
    assert.deepEqual(requests[0]!.query, {ignoreConflicts: false, compress: true});
    assert.equal(requests[1]!.query, undefined);
  }
});
