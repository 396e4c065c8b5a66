import assert from 'node:assert/strict';
import {test} from 'node:test';
import {SessionController} from '../../src/controllers/session-controller.js';
import type {SessionConfig, SettingsVerdict} from '../../src/controllers/settings-check.js';
import {ConfiguratorError} from '../../src/session/index.js';
import type {ConfiguratorSession} from '../../src/session/index.js';
import {FakeHost} from '../helpers/node/fake-host.js';
import {configuration, FakeSession} from '../helpers/node/fake-session.js';

const settings = (over: Partial<SessionConfig> = {}): SessionConfig => ({
  model: 'chair',
  configuration: '',
  apiUrl: 'https://service.example',
  tokenEndpoint: '',
  fetchToken: async () => ({accessToken: 't', expiresIn: 60}),
  publishableKey: '',
  lang: 'en',
  ...over,
});

/** A controller on a fake host whose sessions are fakes; `verdict` overrides the judge. */
function setUp(verdict?: (config: SessionConfig) => SettingsVerdict) {
  const host = new FakeHost();
  const made: FakeSession[] = [];
  const controller = new SessionController(host.asElement, {
    judge: (config) => verdict?.(config) ?? {run: config},
    create: (options) => {
      const session = new FakeSession(options.lang);
      made.push(session);
      return session.asSession;
    },
  });
  const replaced: (ConfiguratorSession | null)[] = [];
  controller.watch((session) => replaced.push(session));
  return {host, controller, made, replaced};
}

const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

test('registers with its host and makes no session while the element is not on the page', () => {
  const {host, controller, made} = setUp();
  assert.ok(host.controllers.has(controller));
  controller.sync(settings());
  assert.equal(made.length, 0);
  assert.equal(controller.session, null);
});

test('starts the model once connected, and tells its watchers', () => {
  const {host, controller, made, replaced} = setUp();
  host.connect();
  controller.sync(settings());
  assert.equal(made.length, 1);
  assert.equal(controller.session, made[0]!.asSession);
  assert.deepEqual(replaced, [made[0]!.asSession]);
  assert.deepEqual(made[0]!.calls, [['start', 'chair', ['signal']]]);
});

test('a configuration to resume is opened instead of the model started', () => {
  const {host, controller, made} = setUp();
  host.connect();
  controller.sync(settings({configuration: 'QWERTYUI'}));
  assert.deepEqual(made[0]!.calls, [['open', 'QWERTYUI', ['signal']]]);
});

test('the same settings again keep the session; another model replaces it', () => {
  const {host, controller, made, replaced} = setUp();
  host.connect();
  controller.sync(settings());
  controller.sync(settings());
  assert.equal(made.length, 1);
  controller.sync(settings({model: 'table'}));
  assert.equal(made.length, 2);
  assert.ok(made[0]!.disposed);
  assert.equal(controller.session, made[1]!.asSession);
  // The watchers let go of the old session before it is disposed, then hear of the new one.
  assert.deepEqual(replaced, [made[0]!.asSession, null, made[1]!.asSession]);
});

test('another language changes the loaded session’s language instead of starting anew', () => {
  const {host, controller, made} = setUp();
  host.connect();
  controller.sync(settings());
  made[0]!.loaded(configuration('c1'));
  controller.sync(settings({lang: 'de'}));
  assert.equal(made.length, 1);
  assert.deepEqual(made[0]!.calls.at(-1), ['changeLanguage', 'de']);
});

test('the judge decides: `stop` disposes the session, `keep` keeps it', () => {
  let verdict: SettingsVerdict | null = null;
  const {host, controller, made} = setUp((config) => verdict ?? {run: config});
  host.connect();
  controller.sync(settings());
  verdict = 'keep';
  controller.sync(settings({tokenEndpoint: '', fetchToken: null}));
  assert.equal(controller.session, made[0]!.asSession);
  verdict = 'stop';
  controller.sync(settings({model: ''}));
  assert.equal(controller.session, null);
  assert.ok(made[0]!.disposed);
});

test('a move keeps the session; a removal disposes it and the return resumes it by id', async () => {
  const {host, controller, made} = setUp();
  host.connect();
  controller.sync(settings());
  made[0]!.loaded(configuration('c1'));

  host.disconnect();
  host.connect();
  await microtask();
  assert.equal(made[0]!.disposed, false, 'moved, not removed');
  assert.equal(controller.session, made[0]!.asSession);

  host.disconnect();
  await microtask();
  assert.ok(made[0]!.disposed, 'removed');
  assert.equal(controller.session, null);

  const before = host.requested;
  host.connect();
  assert.ok(host.requested > before, 'the return asks for an update, which syncs again');
  controller.sync(settings());
  assert.deepEqual(made[1]!.calls, [['open', 'c1', ['signal']]]);
});

test('commands reach the session: a click at once, typing held a quiet moment', async () => {
  const {host, controller, made} = setUp();
  host.connect();
  controller.sync(settings());
  const session = made[0]!;
  await controller.select('n1', true);
  await controller.select('n1', false, 'api');
  await controller.setValue('n2', 5);
  await controller.setText('n3', 'hi', 'api');
  controller.flush();
  await controller.resolveConflict(true);
  controller.dismissError();
  assert.deepEqual(session.calls.slice(1), [
    ['select', 'n1', true, {source: 'user'}],
    ['select', 'n1', false, {source: 'api'}],
    ['setValue', 'n2', 5, {quietMs: 300}],
    ['setText', 'n3', 'hi', {source: 'api'}],
    ['flush'],
    ['resolveConflict', true],
    ['dismissError'],
  ]);
});

test('a restart and a failed load’s retry run as the start task', async () => {
  const {host, controller, made} = setUp();
  host.connect();
  controller.sync(settings());
  const session = made[0]!;
  await controller.retry();
  assert.deepEqual(session.calls.at(-1), ['retry']);
  session.loaded(configuration('c1'));
  await controller.restart();
  assert.deepEqual(session.calls.at(-1), ['restart']);
  await controller.startModel();
  assert.deepEqual(session.calls.at(-1), ['start', 'chair', ['signal']]);
});

test('without a session the public methods reject with not_started', async () => {
  const {controller} = setUp();
  assert.throws(
    () => controller.require(),
    (e) => e instanceof ConfiguratorError && e.code === 'not_started',
  );
  await assert.rejects(controller.restart(), {code: 'not_started'});
});

test('a watcher that let go hears nothing more', () => {
  const {host, controller} = setUp();
  const heard: unknown[] = [];
  const unwatch = controller.watch((session) => heard.push(session));
  unwatch();
  host.connect();
  controller.sync(settings());
  assert.deepEqual(heard, []);
});
