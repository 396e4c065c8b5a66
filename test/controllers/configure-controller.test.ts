import assert from 'node:assert/strict';
import {test} from 'node:test';
import {ConfigureController} from '../../src/controllers/configure-controller.js';
import {SessionController} from '../../src/controllers/session-controller.js';
import type {SessionConfig} from '../../src/controllers/settings-check.js';
import {en} from '../../src/i18n/en.js';
import {FakeHost} from '../helpers/node/fake-host.js';
import {configuration, FakeSession} from '../helpers/node/fake-session.js';

const settings = (model: string): SessionConfig => ({
  model,
  configuration: '',
  apiUrl: 'https://service.example',
  tokenEndpoint: '',
  fetchToken: async () => ({accessToken: 't', expiresIn: 60}),
  publishableKey: '',
  lang: 'en',
});

/** A session controller running fake sessions, and a configure controller made later. */
function setUp() {
  const host = new FakeHost();
  const made: FakeSession[] = [];
  const sessions = new SessionController(host.asElement, {
    judge: (config) => ({run: config}),
    create: () => {
      made.push(new FakeSession());
      return made.at(-1)!.asSession;
    },
  });
  host.connect();
  sessions.sync(settings('chair'));
  const screens: string[] = [];
  const make = () =>
    new ConfigureController<{names: string[]}>(
      host.asElement,
      sessions,
      {
        goToStep: (id, focus) => screens.push(`step ${id} ${focus}`),
        review: () => screens.push('review'),
      },
      {
        strings: () => en,
        announce: () => {},
        restart: () => Promise.resolve(),
        opened: () => {},
        isCode: () => true,
      },
    );
  return {host, sessions, made, screens, make};
}

test('made late, attaches at once: the running session gets its undo history', () => {
  const {host, made, make} = setUp();
  const configure = make();
  assert.ok(host.controllers.has(configure));
  assert.equal(configure.history?.session, made[0]!.asSession);
  assert.equal(typeof made[0]!.between, 'function', 'the history keeps copies between inputs');
});

test('a new session gets its own history and the old one is let go', () => {
  const {sessions, made, make} = setUp();
  const configure = make();
  const first = configure.history;
  sessions.sync(settings('table'));
  assert.equal(made.length, 2);
  assert.notEqual(configure.history, first);
  assert.equal(configure.history?.session, made[1]!.asSession);
  assert.equal(made[0]!.between, null, 'the old history detached');
});

test('disconnected it stops following; connected again it catches up', async () => {
  const {host, sessions, made, make} = setUp();
  const configure = make();
  const first = configure.history;
  host.disconnect();
  host.connect();
  assert.equal(configure.history, first, 'a move keeps the history');
  host.disconnect();
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  assert.equal(configure.history, first, 'not following while away');
  host.connect();
  sessions.sync(settings('chair'));
  assert.equal(configure.history?.session, made[1]!.asSession);
});

test('the step handlers stay the same object and reach the session and the screens', async () => {
  const {made, screens, make} = setUp();
  const configure = make();
  const steps = configure.steps;
  steps.select('n1', true);
  steps.setValue('n2', 3);
  steps.setText('n3', 'x');
  steps.flush();
  steps.goToStep('s2', 'tab');
  steps.review();
  assert.equal(configure.steps, steps);
  assert.deepEqual(made[0]!.calls.slice(1), [
    ['select', 'n1', true, {source: 'user'}],
    ['setValue', 'n2', 3, {quietMs: 300}],
    ['setText', 'n3', 'x', {quietMs: 300}],
    ['flush'],
  ]);
  assert.deepEqual(screens, ['step s2 tab', 'review']);
});

test('with nothing to undo, undo answers the configuration as it is', async () => {
  const {made, make} = setUp();
  const configure = make();
  made[0]!.loaded(configuration('c1'));
  assert.equal((await configure.undo())?.id, 'c1');
  assert.deepEqual(made[0]!.calls.slice(1), [], 'nothing sent');
});

test('the picture is made once, when asked with the extras', () => {
  const {make} = setUp();
  const configure = make();
  let made = 0;
  const picture = () => (made++, {src: 'blob:1'}) as never;
  assert.equal(configure.picture, null);
  configure.withPicture(picture);
  configure.withPicture(picture);
  assert.equal(made, 1);
  assert.equal(configure.picture, 'blob:1');
});
