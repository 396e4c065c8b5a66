import {fixture, html, oneEvent} from '@open-wc/testing';
import {render} from 'lit';
import type {ProductConfiguratorElement} from '../../../src/element/product-configurator-element.js';
import {EventName} from '../../../src/events/event-names.js';
import type {Configuration, FeatureNode} from '../../../src/wire/index.js';
import '../../../src/product-configurator.js';
import {requestDemoToken} from '../demo-token.js';

/** The reference service, started by scripts/test.mjs on another origin than the page. */
export const serviceUrl: string =
  (window as {__SERVICE_URL__?: string}).__SERVICE_URL__ ?? 'http://127.0.0.1:8787';

export interface TokenAnswer {
  accessToken: string;
  expiresIn: number;
}

/**
 * Scheme 1 with the demo credentials, as a host backend would do it: a shopper's token
 * (`Service.Configurator`), so every browser test proves the widget needs no more.
 */
export async function demoToken(): Promise<TokenAnswer> {
  const body = await requestDemoToken(serviceUrl, 'Service.Configurator');
  return {accessToken: body.access_token, expiresIn: body.expires_in};
}

/** A `fetchToken` that counts its calls. */
export function countingFetchToken(answer: () => Promise<TokenAnswer> = demoToken) {
  const counter = {
    calls: 0,
    fetchToken: () => {
      counter.calls += 1;
      return answer();
    },
  };
  return counter;
}

/** Renders a configurator on the test page and waits for its first configuration. */
export async function readyConfigurator(
  model = 'Office Chair',
  options: {lang?: string; fetchToken?: () => Promise<TokenAnswer>} = {},
): Promise<ProductConfiguratorElement> {
  const el = await fixture<ProductConfiguratorElement>(
    html`<product-configurator
      api-url=${serviceUrl}
      lang=${options.lang ?? 'en'}
      .fetchToken=${options.fetchToken ?? demoToken}
    ></product-configurator>`,
  );
  const ready = oneEvent(el, EventName.ready);
  el.model = model;
  await ready;
  // Ready as soon as the steps are on screen; the summary column comes a frame later.
  await el.updateComplete;
  return el;
}

/** Renders a configurator with the service and the demo token, but no model or session yet. */
export function idleConfigurator(): Promise<ProductConfiguratorElement> {
  return fixture<ProductConfiguratorElement>(
    html`<product-configurator
      api-url=${serviceUrl}
      .fetchToken=${demoToken}
    ></product-configurator>`,
  );
}

/** Every event of the element's public contract (the language change is the element's own). */
export const contractEventTypes = [
  EventName.ready,
  EventName.change,
  EventName.conflict,
  EventName.quoteSubmit,
  EventName.quoteRequested,
  EventName.error,
] as const;

/** Finds a node of the element's configuration by its name (in the session's language). */
export function nodeByName(configuration: Configuration, name: string): FeatureNode {
  const found = allNodes(configuration).find((n) => n.name === name);
  if (!found) throw new Error(`no node named ${name}`);
  return found;
}

export function allNodes(configuration: Configuration): FeatureNode[] {
  const out: FeatureNode[] = [];
  const walk = (n: FeatureNode) => {
    out.push(n);
    n.features.forEach(walk);
  };
  configuration.featureModel.steps.forEach((s) => s.features.forEach(walk));
  return out;
}

/** The numeric value of a node, whichever value shape the service sent. */
export function valueOf(configuration: Configuration, nodeId: string): number {
  const v = configuration.values[nodeId];
  if (v === undefined) return 0;
  return typeof v === 'number' ? v : v.selected ? v.value : 0;
}

/** Shadow-root query that fails loudly. */
export function $<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = el.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

export function $$<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return Array.from(el.shadowRoot!.querySelectorAll<T>(selector));
}

/** Resolves when the element's session has no request in flight. */
export async function settled(el: ProductConfiguratorElement): Promise<void> {
  const session = el.session;
  if (!session) return;
  while (session.snapshot.busy || session.snapshot.pending.size > 0) {
    if (session.snapshot.conflict || session.snapshot.error) break;
    await new Promise((resolve) => session.addEventListener('snapshot', resolve, {once: true}));
  }
  await el.updateComplete;
}

/** The next event of a type, typed from `HTMLElementEventMap`. */
export function nextEvent<K extends keyof HTMLElementEventMap>(
  target: EventTarget,
  type: K,
): Promise<HTMLElementEventMap[K]> {
  return new Promise((resolve) =>
    target.addEventListener(type, (e) => resolve(e as HTMLElementEventMap[K]), {once: true}),
  );
}

/** Resolves once `predicate` holds, checked after every render of the element. */
export async function until(
  el: ProductConfiguratorElement,
  predicate: () => boolean,
  what = 'condition',
  // A limit for what never comes, generous for a busy machine; below mocha's 60 s.
  timeoutMs = 45_000,
): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    // Every session change re-renders the element; wait for the next snapshot, then its render.
    await new Promise<void>((resolve) => {
      const session = el.session;
      const done = () => resolve();
      if (session) session.addEventListener('snapshot', done, {once: true});
      // Also re-check now and then: some state changes (a dialog closing) bring no snapshot.
      // Timers, not animation frames: a page in a background tab gets no frames.
      setTimeout(done, 50);
    });
    await el.updateComplete;
  }
}

/** Counts the page's requests to the service by method and path, through `window.fetch`. */
export function recordRequests() {
  const original = window.fetch;
  const requests: {method: string; url: string; body?: string}[] = [];
  let failing: ((url: string) => boolean) | null = null;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    requests.push({method, url, ...(typeof init?.body === 'string' && {body: init.body})});
    if (failing?.(url)) return Promise.reject(new TypeError('Failed to fetch'));
    return original(input, init);
  };
  return {
    requests,
    /** Makes matching requests fail as if the network were down. */
    fail(match: (url: string) => boolean) {
      failing = match;
    },
    heal() {
      failing = null;
    },
    restore() {
      window.fetch = original;
    },
  };
}

/** The radio or checkbox of an option, by the option's visible name. */
export function optionInput(el: Element, name: string): HTMLInputElement {
  const option = $$(el, '[part~="option"]').find(
    (o) => o.querySelector('.option-name')?.textContent?.trim() === name,
  );
  const input = option?.querySelector('input');
  if (!input) throw new Error(`no option named ${name}`);
  return input;
}

/** What the quote form needs from a shopper: a name and an email address. */
export const contact = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'};

/**
 * Types into the quote form's fields as a shopper does: the value, then an `input` event that
 * leaves the shadow root, as the element listens for it. `fields` add to or override `contact`.
 */
export function fillQuoteForm(el: Element, fields: Record<string, string> = {}): HTMLFormElement {
  const form = $<HTMLFormElement>(el, 'form[part~="form"]');
  for (const [name, value] of Object.entries({...contact, ...fields})) {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!input) throw new Error(`the quote form has no field ${name}`);
    input.value = value;
    input.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
  }
  return form;
}

/** Clicks a step tab by its title. */
export async function openStep(el: ProductConfiguratorElement, title: string): Promise<void> {
  const tab = $$(el, '[role="tab"]').find((t) => t.textContent?.includes(title));
  if (!tab) throw new Error(`no step ${title}`);
  tab.click();
  await el.updateComplete;
}

/** Lets queued tasks (and the microtasks before them) run. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Renders a template into a new container on the page without waiting for an animation frame
 * (a page in a background tab gets none). Remove the container at the end of the test.
 */
export function mount(template: unknown): HTMLDivElement {
  const container = document.createElement('div');
  document.body.append(container);
  render(template, container);
  return container;
}
