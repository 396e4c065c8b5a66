import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {SessionSource} from '../../src/controllers/session-controller.js';
import {SessionEvents, type UndoState} from '../../src/controllers/session-events.js';
import type {ConfiguratorChangeEvent} from '../../src/events/configurator-change-event.js';
import type {ConfiguratorErrorEvent} from '../../src/events/configurator-error-event.js';
import type {ConfiguratorReadyEvent} from '../../src/events/configurator-ready-event.js';
import type {ConfiguratorLanguageChangeEvent} from '../../src/events/configurator-language-change-event.js';
import {ConfiguratorError, type ConfiguratorSession} from '../../src/session/index.js';
import {FakeHost, record} from '../helpers/node/fake-host.js';
import {configuration, FakeSession} from '../helpers/node/fake-session.js';

/** A session source whose session a test replaces. */
class Source implements SessionSource {
  session: ConfiguratorSession | null = null;
  readonly watchers = new Set<(session: ConfiguratorSession | null) => void>();
  watch(replaced: (session: ConfiguratorSession | null) => void) {
    this.watchers.add(replaced);
    return () => this.watchers.delete(replaced);
  }
  replace(session: FakeSession | null) {
    this.session = session?.asSession ?? null;
    for (const replaced of this.watchers) replaced(this.session);
  }
}

function setUp(options: {inclVat?: boolean; undo?: UndoState | null} = {}) {
  const host = new FakeHost();
  const source = new Source();
  const failures: ConfiguratorError[] = [];
  const events = new SessionEvents(host.asElement, source, {
    inclVat: () => options.inclVat ?? true,
    undo: () => options.undo ?? null,
    failed: (error) => failures.push(error),
  });
  const session = new FakeSession();
  source.replace(session);
  return {host, source, events, session, failures};
}

test('listens only while the element is connected', async () => {
  const {host, source, session} = setUp();
  assert.equal(source.watchers.size, 0, 'not watching before the element connects');
  const ready = record<ConfiguratorReadyEvent>(host, 'configurator-ready');
  session.loaded(configuration('c1'));
  await host.update();
  assert.equal(host.requested, 0);
  assert.equal(ready.length, 0);

  host.connect();
  assert.equal(source.watchers.size, 1);
  session.loaded(configuration('c1'));
  assert.equal(host.requested, 1, 'a snapshot renders');

  host.disconnect();
  assert.equal(source.watchers.size, 0, 'lets go of its source');
  session.loaded(configuration('c2'));
  assert.equal(host.requested, 1, 'a snapshot of a disconnected element renders nothing');
});

test('`configurator-ready` waits for the render of the configuration and carries its price', async () => {
  const {host, session} = setUp({inclVat: false});
  host.connect();
  const ready = record<ConfiguratorReadyEvent>(host, 'configurator-ready');
  session.loaded(configuration('c1'));
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(ready.length, 0, 'not before the element has rendered');
  await host.update();
  assert.equal(ready.length, 1);
  assert.equal(ready[0]!.detail.configuration.id, 'c1');
  assert.equal(ready[0]!.detail.price.label, '€ 100.00');
  // The same configuration again is no new start.
  session.loaded(configuration('c1'));
  await host.update();
  assert.equal(ready.length, 1);
});

test('a language switch of the same configuration is `configurator-language-change`', async () => {
  const {host, session} = setUp();
  host.connect();
  const switched = record<ConfiguratorLanguageChangeEvent>(host, 'configurator-language-change');
  session.loaded(configuration('c1'));
  await host.update();
  session.loaded(configuration('c1', {languageIso: 'de'}));
  await host.update();
  assert.equal(switched.length, 1);
  assert.equal(switched[0]!.detail.lang, 'de');
});

test('changes become `configurator-change`; an undo’s change is whoever asked for it', async () => {
  const undo = {undoing: false, undoSource: 'user' as const};
  const {host, session} = setUp({undo});
  host.connect();
  const changes = record<ConfiguratorChangeEvent>(host, 'configurator-change');
  session.changed(configuration('c1'), ['n1'], 'api');
  session.changed(configuration('c1'), [], 'user');
  await host.update();
  assert.deepEqual(
    changes.map((e) => [e.detail.changes, e.detail.source]),
    [[['n1'], 'api']],
  );
  undo.undoing = true;
  session.changed(configuration('c0'), ['n1'], 'api');
  await host.update();
  assert.equal(changes.at(-1)!.detail.source, 'user');
});

test('failures are explained and reported after the render; an abort is not', async () => {
  const {host, session, failures} = setUp();
  host.connect();
  const errors = record<ConfiguratorErrorEvent>(host, 'configurator-error');
  // The session's snapshot with the error asks for the render the event waits for.
  host.requestUpdate();
  session.failed(new ConfiguratorError('aborted', 'gone'));
  session.failed(new ConfiguratorError('network', 'offline', {retryable: true}));
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(errors.length, 0);
  await host.update();
  assert.deepEqual(
    failures.map((e) => e.code),
    ['network'],
  );
  assert.deepEqual(
    errors.map((e) => [e.detail.code, e.detail.retryable]),
    [['network', true]],
  );
});

test('follows its source to the next session and drops news of a replaced one', async () => {
  const {host, source, session} = setUp();
  host.connect();
  const ready = record<ConfiguratorReadyEvent>(host, 'configurator-ready');
  session.loaded(configuration('c1'));
  const next = new FakeSession();
  source.replace(next);
  await host.update();
  assert.equal(ready.length, 0, 'the replaced session’s start is not announced');

  session.loaded(configuration('c9'));
  assert.equal(host.requested, 1, 'the old session is not listened to');
  next.loaded(configuration('c2'));
  await host.update();
  assert.deepEqual(
    ready.map((e) => e.detail.configuration.id),
    ['c2'],
  );
});

test('a session made while the element was away has its start announced on return', async () => {
  const {host, source, session} = setUp();
  host.connect();
  const ready = record<ConfiguratorReadyEvent>(host, 'configurator-ready');
  session.loaded(configuration('c1'));
  await host.update();
  host.disconnect();
  // The element's return starts the session before its controllers hear it is connected.
  const resumed = new FakeSession();
  source.replace(resumed);
  host.connect();
  resumed.loaded(configuration('c1'));
  await host.update();
  assert.deepEqual(
    ready.map((e) => e.detail.configuration.id),
    ['c1', 'c1'],
  );
});
