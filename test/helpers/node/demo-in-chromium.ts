// The set-up every end-to-end embedding test shares: the widget built, the service as
// `npm start` runs it, and a Chromium to open pages in, each started before the tests of a file
// (or of a describe block) and stopped after them; and what a page's element came to first.
import {after, before} from 'node:test';
import type {Browser, Page} from 'playwright-core';
import {
  ensureBuilt,
  launchChromium,
  startHostSite,
  startServiceProcess,
  type HostSite,
  type ServiceProcess,
} from './embedding.js';

export interface DemoInChromium {
  /** The Chromium the tests open pages in. */
  readonly browser: Browser;
  /** `npm start`'s service, on its own origin. */
  readonly service: ServiceProcess;
}

/**
 * Registers the before and after hooks of the suite it is called in: builds what a targeted
 * run skipped, starts the service with the environment `env()` gives when it starts (so it may
 * name origins that an earlier `before` set up), then Chromium; closes both after the tests.
 */
export function useDemoInChromium(env: () => Record<string, string> = () => ({})): DemoInChromium {
  let browser: Browser | undefined;
  let service: ServiceProcess | undefined;
  before(async () => {
    await ensureBuilt();
    service = await startServiceProcess(env());
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is started in the suite’s before hook');
      return browser;
    },
    get service() {
      if (!service) throw new Error('the service is started in the suite’s before hook');
      return service;
    },
  };
}

/** The demo set-up with a host page's site of its own, on another origin the service allows. */
export interface HostPageInChromium extends DemoInChromium {
  /** The host's site, where a test puts the pages it opens. */
  readonly host: HostSite;
}

/**
 * `useDemoInChromium` with a host site started first, its origin the service's one allowed
 * origin; the site closes after the tests.
 */
export function useHostPageInChromium(): HostPageInChromium {
  let host: HostSite | undefined;
  before(async () => {
    host = await startHostSite();
  });
  const demo = useDemoInChromium(() => ({ALLOWED_ORIGINS: host!.origin}));
  after(async () => {
    await host?.close();
  });
  return {
    get browser() {
      return demo.browser;
    },
    get service() {
      return demo.service;
    },
    get host() {
      if (!host) throw new Error('the host site is started in the suite’s before hook');
      return host;
    },
  };
}

/** What a page's element came to first: ready, or an error with its detail and notice text. */
export interface Outcome {
  code?: string;
  retryable?: boolean;
  status?: number | null;
  /** The text of the element's error notice once rendered. */
  text?: string;
  ready?: boolean;
}

/**
 * Listens to the page's elements from the page's start (the outcome may come before any later
 * script could listen); call before `page.goto`. The answer reads the first `configurator-ready`
 * (unless `errorsOnly`) or `configurator-error`, with the error notice as rendered.
 */
export async function watchOutcome(
  page: Page,
  {errorsOnly = false} = {},
): Promise<() => Promise<Outcome>> {
  await page.addInitScript((errorsOnly) => {
    const w = window as unknown as {outcome: Promise<unknown>};
    w.outcome = new Promise((resolve) => {
      if (!errorsOnly) {
        document.addEventListener('configurator-ready', () => resolve({ready: true}));
      }
      document.addEventListener('configurator-error', async (e) => {
        const el = e.target as HTMLElement & {updateComplete: Promise<boolean>};
        await el.updateComplete;
        resolve({
          ...(e as CustomEvent).detail,
          text: el.shadowRoot!.querySelector('[part~="error"]')?.textContent ?? '',
        });
      });
    });
  }, errorsOnly);
  return async () =>
    (await page.evaluate(
      () => (window as unknown as {outcome: Promise<unknown>}).outcome,
    )) as Outcome;
}

/** A host's page holding the widget's script from the service and one Office Chair element. */
export const widgetPage = (serviceUrl: string, attributes: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<script type="module" src="${serviceUrl}/dist/product-configurator.js"></script>
<product-configurator model="Office Chair" api-url="${serviceUrl}" ${attributes}></product-configurator>
</body></html>`;
