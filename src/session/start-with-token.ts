// An element that starts (or opens) a session before the page holds a token asks its token
// endpoint for both at once: the token request's body names the session, and an endpoint built
// on the helper with `startSessions` answers the service's start beside the token. The shopper
// then waits one round trip instead of two (docs/decisions/0075). An endpoint that ignores the
// body answers a token alone, and the session starts as before.

interface Wish {
  /** The token endpoint's absolute URL, as its token source requests it. */
  endpoint: string;
  /** The token request's body: `{"start": {"model" or "configuration", "lang"}}`. */
  body: string;
  /** The start's answer, as JSON, once a token request brought it. */
  answer?: string;
}

// Starts waiting for the page's next token request, oldest first. A wish leaves when a token
// request carries it, when its session sends its first request, or when it is withdrawn.
const wishes: Wish[] = [];

const withdraw = (wish: Wish) => {
  const at = wishes.indexOf(wish);
  if (at >= 0) wishes.splice(at, 1);
};

/**
 * The `fetch` of every element's token endpoint source. One function for all of them, so that
 * elements using the same endpoint still share one source and one token. A request that
 * reports nothing carries the oldest waiting start for its endpoint; the start's answer, when
 * the endpoint brings one, is kept for the element that wished it and taken out of the token's.
 */
export async function tokenEndpointFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const endpoint = String(input);
  const early = init?.body == null ? takeEarly(endpoint) : undefined;
  // The script-tag file's request carried the start it names: the wish for that start is over.
  const wish =
    init?.body == null &&
    wishes.find((w) => w.endpoint === endpoint && (!early || w.body === early.body));
  if (wish) withdraw(wish);
  if (early) {
    // The token source's deadline and its caller's signal end the wait for it as for any
    // request (they stop waiting for work that ignores its signal).
    const response = await early.response;
    return wish ? keepAnswer(wish, response) : response;
  }
  if (!wish) return fetch(input, init);
  const response = await fetch(input, {
    ...init,
    // JSON labelled text/plain keeps the POST a CORS simple request, as a renewal's report.
    headers: {
      ...(init?.headers as Record<string, string>),
      'Content-Type': 'text/plain;charset=UTF-8',
    },
    body: wish.body,
  });
  return keepAnswer(wish, response);
}

/**
 * The token request the script-tag file started for `endpoint` before the element's code ran
 * (src/loader/loader.ts), taken once: only the page's first token request for it uses it.
 */
function takeEarly(endpoint: string): {body: string; response: Promise<Response>} | undefined {
  const key = Symbol.for('product-configurator.early-token');
  const early = (globalThis as Record<symbol, unknown>)[key] as
    {url: string; body: string; response: Promise<Response>} | undefined;
  if (early?.url !== endpoint) return undefined;
  delete (globalThis as Record<symbol, unknown>)[key];
  return early;
}

/** A token answer that may hold the start `wish` named: the start is kept, the token passed on. */
async function keepAnswer(wish: Wish, response: Response): Promise<Response> {
  if (!response.ok) return response;
  const text = await response.text();
  // The helper writes the start last (src/server/token-endpoint.ts): its text is cut out as it
  // is and parsed once, by the session, instead of parsed here, written again and parsed there
  // (about a tenth of the main thread's work from the answer to the first screen).
  const at = text.indexOf(lastKey);
  if (at > 0 && text.endsWith('}}') && text[at + lastKey.length] === '{') {
    const token = text.slice(0, at) + '}';
    try {
      if (!('configuration' in (JSON.parse(token) as object))) {
        wish.answer = text.slice(at + lastKey.length, -1);
        return new Response(token, response);
      }
    } catch {
      // Not the helper's layout: read whole below.
    }
  }
  let rest = text;
  try {
    const {configuration, ...token} = JSON.parse(text) as {configuration?: unknown};
    if (typeof configuration === 'object' && configuration !== null) {
      wish.answer = JSON.stringify(configuration);
      rest = JSON.stringify(token);
    }
  } catch {
    // Not JSON: the token source reads it and says so.
  }
  return new Response(rest, response);
}

const lastKey = ',"configuration":';

/** An element's start, offered to the page's next token request. */
export interface StartWithToken {
  /** The session's `fetch`: its start is answered from the token's answer when that held it. */
  fetch: typeof fetch;
  /** Withdraws the wish (the element's session is gone). */
  cancel(): void;
}

/**
 * Offers the start of a `model`, or the opening of a session id or code (`configuration`), in
 * `lang` to the next token request for `endpoint` (an absolute URL). Call before the session
 * starts: its first request is the start or open, answered from what a token request brought
 * for it or else from the network; the wish ends with that request.
 */
export function startWithToken(
  endpoint: string,
  start: {model: string} | {configuration: string},
  lang: string,
): StartWithToken {
  const wish: Wish = {endpoint, body: JSON.stringify({start: {...start, lang}})};
  wishes.push(wish);
  let first = true;
  return {
    cancel: () => withdraw(wish),
    fetch: (input, init) => {
      if (!first) return fetch(input, init);
      // The session's first request is its start; a session whose token was already on the
      // page sends it to the network, and the wish is over either way.
      first = false;
      withdraw(wish);
      const {answer} = wish;
      wish.answer = undefined;
      return answer !== undefined && init?.method === 'GET' && /\/(new|open)\//.test(String(input))
        ? Promise.resolve(new Response(answer, {headers: {'Content-Type': 'application/json'}}))
        : fetch(input, init);
    },
  };
}
