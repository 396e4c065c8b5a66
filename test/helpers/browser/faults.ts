// A fault-injecting proxy in the page: requests that match a rule get the rule's fault instead
// of (or on top of) the real service's answer; every other request goes to the real service.
// It wraps `window.fetch`, which the widget calls for the service and the token endpoint alike.

export interface SeenRequest {
  method: string;
  url: string;
  init: RequestInit | undefined;
}

/**
 * What a matching request gets:
 * - `hang`: no answer ever; the request only ends when its signal aborts (a timeout).
 * - `offline`: fails as fetch does without a network.
 * - `{status, body}`: this answer; a string body is sent as it is (broken JSON), anything else
 *   as JSON, `undefined` as no body at all.
 * - a function: computes the answer, and may call `real` to reach the service first.
 */
export type Fault =
  | 'hang'
  | 'offline'
  | {status?: number; body?: unknown}
  | ((request: SeenRequest, real: () => Promise<Response>) => Promise<Response>);

interface Rule {
  match: (request: SeenRequest) => boolean;
  fault: Fault;
  /** How many more requests it takes; Infinity until removed. */
  left: number;
}

export interface FaultProxy {
  /** Adds a rule; later rules win over earlier ones. Answers a function that removes it. */
  on(match: (request: SeenRequest) => boolean, fault: Fault, times?: number): () => void;
  /** Removes every rule: the service answers everything again. */
  heal(): void;
  /** The requests a rule answered, in order. */
  faulted: SeenRequest[];
  /** Every request the page made while installed. */
  seen: SeenRequest[];
  restore(): void;
}

/** Matches requests by method and a piece of the URL. */
export const request =
  (method: string, urlPart: string | RegExp) =>
  (r: SeenRequest): boolean =>
    r.method === method &&
    (typeof urlPart === 'string' ? r.url.includes(urlPart) : urlPart.test(r.url));

function answer(fault: {status?: number; body?: unknown}): Response {
  const {status = 200, body} = fault;
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {status, headers: {'Content-Type': 'application/json'}});
}

function hang(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, {once: true});
  });
}

export function injectFaults(): FaultProxy {
  const original = window.fetch;
  const rules: Rule[] = [];
  const proxy: FaultProxy = {
    faulted: [],
    seen: [],
    on(match, fault, times = Infinity) {
      const rule: Rule = {match, fault, left: times};
      rules.unshift(rule);
      return () => {
        const index = rules.indexOf(rule);
        if (index >= 0) rules.splice(index, 1);
      };
    },
    heal() {
      rules.splice(0);
    },
    restore() {
      window.fetch = original;
    },
  };
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const seen: SeenRequest = {method, url, init};
    proxy.seen.push(seen);
    const rule = rules.find((r) => r.left > 0 && r.match(seen));
    if (!rule) return original(input, init);
    rule.left--;
    proxy.faulted.push(seen);
    const {fault} = rule;
    if (fault === 'hang') return hang(init?.signal);
    if (fault === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    if (typeof fault === 'function') return fault(seen, () => original(input, init));
    return Promise.resolve(answer(fault));
  };
  return proxy;
}
