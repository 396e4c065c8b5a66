// The helper may start the page's configurator session inside the request that hands over the
// token (docs/decisions/0075-the-token-request-starts-the-session.md). A page's start-up is
// otherwise two of the shopper's round trips in a row, the token and then `new/{model}`; here
// the second is the helper's own request to the service, server to server, and the page needs
// one.
import {readCapped} from './read-capped.js';
import type {StartRequest} from './token-request-body.js';
import {joinUrl, labelOf} from './upstream-token.js';

/** The `startSessions` option of the token endpoint. */
export interface SessionStartOptions {
  /** The service's `{base_url}`: what the element's `api-url` names. */
  apiUrl: string | URL;
  /**
   * How long to wait for the service's answer, in milliseconds; then the token is handed over
   * alone and the page starts its session itself. Default 3000.
   */
  timeoutMs?: number;
}

/** Checked options: the URL is built once, when the endpoint is created. */
export interface PreparedSessionStart {
  /** `{apiUrl}/api/3/configurator/new/`, the model's name to be appended. */
  base: string;
  /**
   * `{apiUrl}/configurator/3/configurator/open/`, the id or code to be appended: the
   * versioned API's open, as the element's session asks it (the v3 generation has none).
   */
  openBase: string;
  /** `base` and `openBase` without user info, for log lines. */
  label: string;
  openLabel: string;
  timeoutMs: number;
}

/** The service's answer, or why the start was left to the page (for the operator's log). */
export type SessionStartOutcome = {answer: object} | {reason: string};

// The largest answer the helper carries: a bound against an answer without end, not a size
// where the page's own start would be better. A large model's start is the one that most
// needs a single round trip (the generated 2,000-node model's answer is 1.2 MB, gzipped for
// the page); over 1 MiB it used to be left to the page, two round trips.
export const maxAnswerBytes = 16 * 1024 * 1024;
// Longer is not a model's name nor a session's id or code; the page's own start meets the
// service's answer to it.
const maxNameLength = 1024;
// The contract's two-letter language, or a tag as a browser names one (`de-CH`).
const langSyntax = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/**
 * Checks `startSessions` as the credentials' URLs are checked (https off loopback: a token
 * crosses it), and builds the URL once.
 *
 * @throws TypeError naming the option, never its value.
 */
export function prepareSessionStart(
  options: SessionStartOptions,
  allowHttp: boolean,
  timeoutMs: number,
): PreparedSessionStart {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      "token endpoint: `startSessions` must be an object with the service's `apiUrl`",
    );
  }
  const base = joinUrl(
    options.apiUrl,
    'api/3/configurator/new/',
    'startSessions.apiUrl',
    allowHttp,
  );
  const openBase = joinUrl(
    options.apiUrl,
    'configurator/3/configurator/open/',
    'startSessions.apiUrl',
    allowHttp,
  );
  return {base, openBase, label: labelOf(base), openLabel: labelOf(openBase), timeoutMs};
}

/**
 * Starts `start` on the service (or opens it) with the page's `token`, the one it is being
 * handed, and the page's `origin` (its `Origin` header): a service that refuses the page
 * refuses this start too, so the page meets the refusal when it starts, not at the shopper's
 * first click on a configurator that looked ready. Answers
 * the service's answer, parsed, or why there is none: a model the service does not know, a
 * refusal, no answer in time, an answer that is not a JSON object or is over 16 MiB. The page
 * then starts its session itself, as it would without the helper, and meets the service's own
 * answer there (in the shopper's language). Never throws: the token is what the page asked for.
 */
export async function startSession(
  prepared: PreparedSessionStart,
  token: string,
  start: StartRequest,
  fetchImpl: typeof fetch,
  origin?: string,
): Promise<SessionStartOutcome> {
  const {lang} = start;
  const [name, base, label] =
    'model' in start
      ? [start.model, prepared.base, prepared.label]
      : [start.configuration, prepared.openBase, prepared.openLabel];
  // `.` and `..` are segments a URL resolves away: `new/..` would name another resource.
  if (name.length > maxNameLength || name === '.' || name === '..') {
    return {reason: 'the model or configuration is not a name the helper sends on'};
  }
  if (lang !== undefined && !langSyntax.test(lang)) {
    return {reason: 'the language is not a language tag'};
  }
  const query = lang === undefined ? '' : `?lang=${encodeURIComponent(lang)}`;
  try {
    const response = await fetchImpl(base + encodeURIComponent(name) + query, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(origin && origin !== 'null' && {origin}),
      },
      // A redirect would carry the token wherever it points.
      redirect: 'manual',
      signal: AbortSignal.timeout(prepared.timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return {reason: `${label} answered ${response.status || 'a redirect'}`};
    }
    const bytes = await readCapped(response, maxAnswerBytes);
    if (!bytes) return {reason: `${label} answered more than ${maxAnswerBytes} bytes`};
    const answer: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      return {reason: `${label} answered JSON that is not a configuration`};
    }
    return {answer};
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return {
      reason:
        name === 'TimeoutError'
          ? `no answer from ${label} within ${prepared.timeoutMs} ms`
          : name === 'SyntaxError'
            ? `${label} answered 200 without JSON`
            : `the request to ${label} failed`,
    };
  }
}
