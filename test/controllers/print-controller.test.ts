import assert from 'node:assert/strict';
import {test} from 'node:test';
import {PrintController, type PrintTarget} from '../../src/controllers/print-controller.js';
import {FakeHost} from '../helpers/node/fake-host.js';

/** The window's printing: its events, and the dialogs it was asked to open. */
class FakeWindow extends EventTarget implements PrintTarget {
  printed = 0;
  print(): void {
    this.printed++;
    // As a browser does: the events around the dialog, in the same task.
    this.dispatchEvent(new Event('beforeprint'));
    this.dispatchEvent(new Event('afterprint'));
  }
}

/** An encoder load that a test settles when it wants. */
function deferredEncoder() {
  const loads: {resolve: () => void; reject: (e: Error) => void}[] = [];
  const load = () =>
    new Promise<{qrModules: (text: string) => boolean[][]}>((resolve, reject) =>
      loads.push({
        resolve: () => resolve({qrModules: (text) => [[text.length % 2 === 0]]}),
        reject,
      }),
    );
  return {loads, load};
}

/** The page's idle moments, run when a test says the page is idle. */
function idleMoments() {
  const tasks = new Set<() => void>();
  const whenIdle = (task: () => void) => {
    tasks.add(task);
    return () => void tasks.delete(task);
  };
  const run = () => {
    const now = [...tasks];
    tasks.clear();
    now.forEach((task) => task());
  };
  return {tasks, whenIdle, run};
}

function setUp() {
  const host = new FakeHost();
  const win = new FakeWindow();
  const encoder = deferredEncoder();
  const idle = idleMoments();
  const print = new PrintController(host.asElement, encoder.load, win, idle.whenIdle);
  host.connect();
  return {host, win, encoder, print, idle};
}

test('beforeprint renders the sheet at once and loads the encoder once; afterprint drops it', async () => {
  const {host, win, encoder, print} = setUp();
  assert.equal(print.wanted, false);
  assert.equal(encoder.loads.length, 0, 'nothing loaded before printing');

  win.dispatchEvent(new Event('beforeprint'));
  assert.equal(print.wanted, true);
  assert.ok(host.requested > 0);
  assert.equal(print.qr('ab'), null, 'no code before the chunk is here');
  win.dispatchEvent(new Event('beforeprint'));
  assert.equal(encoder.loads.length, 1, 'one load, however often printing is asked for');

  encoder.loads[0]!.resolve();
  await host.update();
  assert.deepEqual(print.qr('ab'), [[true]]);

  win.dispatchEvent(new Event('afterprint'));
  assert.equal(print.wanted, false);
});

test('the action waits for the encoder and the render, then opens the dialog', async () => {
  const {host, win, encoder, print} = setUp();
  const done = print.print();
  await host.update();
  assert.equal(win.printed, 0, 'not before the QR code is here');
  encoder.loads[0]!.resolve();
  // The encoder's arrival asks for another render; the dialog waits for it.
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(win.printed, 0);
  await host.update();
  await done;
  assert.equal(win.printed, 1);
});

test('an encoder that cannot load (offline) prints without the code and is tried again', async () => {
  const {host, win, encoder, print} = setUp();
  const done = print.print();
  encoder.loads[0]!.reject(new TypeError('Failed to fetch'));
  await new Promise((resolve) => setTimeout(resolve));
  await host.update();
  await done;
  assert.equal(win.printed, 1);
  assert.equal(print.qr('ab'), null);

  win.dispatchEvent(new Event('beforeprint'));
  assert.equal(encoder.loads.length, 2, 'the next print tries again');
});

test('stops listening when the element leaves the page', () => {
  const {host, win, print} = setUp();
  host.disconnect();
  win.dispatchEvent(new Event('beforeprint'));
  assert.equal(print.wanted, false);
});

test('the encoder loads once the page is idle, so a print from the menu has its code at once', async () => {
  const {host, win, encoder, print, idle} = setUp();
  assert.equal(encoder.loads.length, 0, 'not while the page is busy');
  assert.equal(idle.tasks.size, 1);
  idle.run();
  assert.equal(encoder.loads.length, 1);
  const requested = host.requested;
  encoder.loads[0]!.resolve();
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(host.requested, requested, 'nothing on screen renders again for it');

  win.dispatchEvent(new Event('beforeprint'));
  assert.equal(print.wanted, true);
  assert.deepEqual(print.qr('ab'), [[true]], 'the code in the same task as beforeprint');
  assert.deepEqual(print.qr('abc'), [[false]], 'and the code of a changed link');
  assert.equal(encoder.loads.length, 1, 'loaded once');
});

test('an element that leaves before the page is idle loads nothing', () => {
  const {host, encoder, idle} = setUp();
  host.disconnect();
  assert.equal(idle.tasks.size, 0);
  idle.run();
  assert.equal(encoder.loads.length, 0);
});
