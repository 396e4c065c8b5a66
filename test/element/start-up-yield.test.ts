// The render that first shows a configuration comes in a task after the answer's, so that the
// page's main thread is free in between (docs/decisions/0101): a task the page schedules when
// the answer arrives runs before `configurator-ready`. Without the pause the answer, the render
// and the ready event would all run in the answer's task, and the page's task after them.
import {expect, fixture, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import {
  $$,
  demoToken,
  nextEvent,
  readyConfigurator,
  serviceUrl,
  until,
  type TokenAnswer,
} from '../helpers/browser/service.js';

type PostTask = (task: () => void, options: {priority: string}) => Promise<void>;
const scheduler = () =>
  (window as unknown as {scheduler?: {postTask?: PostTask; yield?: unknown}}).scheduler;

describe('start-up yields to the page', () => {
  before(async () => {
    // The configure view's chunk loaded by an element before: otherwise the first render could
    // not show the configuration anyway, and the ready event would wait for the chunk.
    (await readyConfigurator()).remove();
  });

  const cases = [
    {
      name: 'scheduler.yield, before a task of the page at user-blocking priority',
      withScheduler: true,
      post: (run: () => void) => void scheduler()!.postTask!(run, {priority: 'user-blocking'}),
    },
    {
      name: 'a message to itself where there is no scheduler, after the page’s earlier message',
      withScheduler: false,
      post: (run: () => void) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = run;
        channel.port2.postMessage(null);
      },
    },
  ];

  for (const {name, withScheduler, post} of cases) {
    it(`renders the first screen in a task after the answer's: ${name}`, async () => {
      if (withScheduler) expect(typeof scheduler()?.yield).to.equal('function');
      const own = Object.getOwnPropertyDescriptor(window, 'scheduler');
      if (!withScheduler) {
        Object.defineProperty(window, 'scheduler', {value: undefined, configurable: true});
      }
      try {
        // The token is held until the session's events are listened to.
        let giveToken!: () => void;
        const token = new Promise<TokenAnswer>((resolve) => {
          giveToken = () => resolve(demoToken());
        });
        const el = await fixture<ProductConfiguratorElement>(
          html`<product-configurator
            api-url=${serviceUrl}
            lang="en"
            .fetchToken=${() => token}
          ></product-configurator>`,
        );
        const order: string[] = [];
        el.addEventListener(EventName.ready, () => order.push('ready'));
        el.model = 'Office Chair';
        await until(el, () => !!el.session, 'a session');
        const session = el.session!;
        const pageTask = new Promise<void>((resolve) => {
          const onSnapshot = () => {
            if (!session.snapshot.configuration) return;
            session.removeEventListener('snapshot', onSnapshot);
            order.push('answer');
            post(() => {
              const shown = $$(el, '[role="tab"]').length > 0;
              order.push(shown ? 'page task, first screen shown' : 'page task');
              resolve();
            });
          };
          session.addEventListener('snapshot', onSnapshot);
        });
        const ready = nextEvent(el, EventName.ready);
        giveToken();
        await Promise.all([ready, pageTask]);
        expect(order).to.deep.equal(['answer', 'page task', 'ready']);
        expect($$(el, '[role="tab"]').length).to.be.greaterThan(1);
      } finally {
        if (own) Object.defineProperty(window, 'scheduler', own);
        else delete (window as {scheduler?: unknown}).scheduler;
      }
    });
  }

  it('draws its first render (the skeleton) in a task after the one that connected it', async () => {
    const el = document.createElement('product-configurator') as ProductConfiguratorElement;
    el.apiUrl = serviceUrl;
    el.lang = 'en';
    el.model = 'Office Chair';
    el.fetchToken = demoToken;
    const order: string[] = [];
    const render = el.render.bind(el);
    el.render = () => {
      if (!order.includes('render')) order.push('render');
      return render();
    };
    // A task the page posts as it adds the element, at the highest priority there is.
    const pageTask = new Promise<void>((resolve) =>
      scheduler()!.postTask!(
        () => {
          order.push('page task');
          resolve();
        },
        {priority: 'user-blocking'},
      ),
    );
    document.body.append(el);
    try {
      // Connected (its token asked for) but not drawn within the page's task.
      expect(order).to.deep.equal([]);
      await Promise.all([pageTask, el.updateComplete]);
      expect(order).to.deep.equal(['page task', 'render']);
      expect(el.shadowRoot!.querySelector('.skeleton, [role="tab"]')).not.to.equal(null);
    } finally {
      el.remove();
    }
  });
});
