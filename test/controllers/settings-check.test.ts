import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {SessionConfig} from '../../src/controllers/settings-check.js';
import type {ConfiguratorErrorEvent} from '../../src/events/configurator-error-event.js';
import {ConfiguratorError} from '../../src/session/index.js';
import {FakeHost, record} from '../helpers/node/fake-host.js';

// The document the check reads: its base URL and whether the page's scripts have run.
const page = Object.assign(new EventTarget(), {
  baseURI: 'https://shop.example/chairs/',
  readyState: 'loading',
});
Object.assign(globalThis, {document: page, window: new EventTarget()});
const {SettingsCheck} = await import('../../src/controllers/settings-check.js');

const settings = (over: Partial<SessionConfig> = {}): SessionConfig => ({
  model: 'chair',
  configuration: '',
  apiUrl: 'https://service.example/',
  tokenEndpoint: '/token',
  fetchToken: null,
  publishableKey: '',
  lang: 'en',
  ...over,
});

/** The code of the mistake the check shows now. */
const codeOf = (check: {readonly error: ConfiguratorError | null}) => check.error?.code;

function setUp() {
  const host = new FakeHost();
  const check = new SettingsCheck(host.asElement);
  host.connect();
  return {host, check, errors: record<ConfiguratorErrorEvent>(host, 'configurator-error')};
}

test('registers with its host', () => {
  const {host, check} = setUp();
  assert.ok(host.controllers.has(check));
});

test('good settings run, with the service URL absolute and without its trailing slash', () => {
  const {check} = setUp();
  assert.deepEqual(check.judge(settings(), false), {
    run: settings({apiUrl: 'https://service.example'}),
  });
  assert.deepEqual(check.judge(settings({apiUrl: '/api/'}), false), {
    run: settings({apiUrl: 'https://shop.example/api'}),
  });
  assert.equal(check.error, null);
});

test('nothing to load stops any session, and is no mistake', () => {
  const {check} = setUp();
  assert.equal(check.judge(settings({model: ''}), true), 'stop');
  assert.equal(check.error, null);
});

test('an api-url that is not a URL stops, warns once and reports once after the render', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const {host, check, errors} = setUp();
  host.requestUpdate();
  assert.equal(check.judge(settings({apiUrl: 'localhost:8787'}), false), 'stop');
  assert.equal(check.judge(settings({apiUrl: 'localhost:8787'}), false), 'stop');
  assert.equal(check.error?.code, 'invalid_api_url');
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(errors.length, 0, 'not before the element shows it');
  await host.update();
  assert.deepEqual(
    errors.map((e) => [e.detail.code, e.detail.retryable]),
    [['invalid_api_url', false]],
  );
  assert.equal(warn.mock.callCount(), 1);
  // Mended before the render: the mistake is not reported at all.
  host.requestUpdate();
  check.judge(settings({apiUrl: 'ftp://x'}), false);
  check.judge(settings(), false);
  await host.update();
  assert.equal(errors.length, 1);
});

test('a missing token source waits for the page’s scripts, and is forgotten by a removed element', async (t) => {
  t.mock.method(console, 'warn', () => {});
  const noToken = settings({tokenEndpoint: ''});

  const removed = setUp();
  assert.equal(removed.check.judge(noToken, false), 'keep');
  removed.host.disconnect();

  const {host, check, errors} = setUp();
  assert.equal(check.judge(noToken, false), 'keep');
  assert.equal(check.error, null, 'not yet a mistake while the page loads');
  const before = host.requested;
  const removedBefore = removed.host.requested;
  page.dispatchEvent(new Event('DOMContentLoaded'));
  assert.equal(host.requested, before + 1, 'looks again once the scripts have run');
  assert.equal(removed.host.requested, removedBefore, 'a removed element is not woken');

  assert.equal(check.judge(noToken, true), 'keep', 'a running session keeps its token source');
  assert.equal(check.error, null);
  assert.equal(check.judge(noToken, false), 'keep');
  // Read again: the judge has changed it since the check above.
  assert.equal(codeOf(check), 'no_token_source');
  await host.update();
  assert.deepEqual(
    errors.map((e) => e.detail.code),
    ['no_token_source'],
  );
});

test('a fetch-token attribute is named as the mistake it is', (t) => {
  t.mock.method(console, 'warn', () => {});
  const {host, check} = setUp();
  host.attributes.add('fetch-token');
  check.judge(settings({tokenEndpoint: ''}), false);
  assert.match(check.error?.message ?? '', /fetchToken must be set as a property/);
});

test('a refused origin is explained to the developer once per refusing party', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  Object.assign(globalThis, {location: {origin: 'https://shop.example'}});
  const {check} = setUp();
  const refused = new ConfiguratorError('origin_not_allowed', 'refused', {
    details: {refusedBy: 'service'},
  });
  await check.explain(refused);
  assert.equal(warn.mock.callCount(), 0, 'nothing to explain before settings ran');
  check.judge(settings(), false);
  // Asked twice at once, before its hints have loaded: written once.
  await Promise.all([check.explain(refused), check.explain(refused)]);
  assert.equal(warn.mock.callCount(), 1);
  assert.match(
    String(warn.mock.calls[0]!.arguments[0]),
    /https:\/\/service\.example.*allowed origins/,
  );
  // Another element explains its own.
  const other = setUp().check;
  other.judge(settings(), false);
  await other.explain(refused);
  assert.equal(warn.mock.callCount(), 2);
});
