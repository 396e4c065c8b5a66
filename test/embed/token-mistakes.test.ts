// Token mistakes a host's developer makes, in Chromium against real servers: a wrong client
// secret behind the token endpoint helper, a token route that is not there (404) or not for
// POST (405), and a service that refuses the page while the helper starts its sessions. Each
// must show its code, the calm "not set up" line, one console hint naming the setting, and
// cost one token request, not a retry loop: a minute of the page's timers is run to show it.
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, test} from 'node:test';
import {createTokenEndpoint, toNodeHandler} from '../../src/server/token-endpoint.js';
import {useDemoInChromium, watchOutcome, widgetPage} from '../helpers/node/demo-in-chromium.js';

describe('token mistakes, in the browser', {timeout: 180_000}, () => {
  let backend: Server;
  let origin = '';
  const pages = new Map<string, string>();
  const handlers = new Map<string, (req: never, res: never) => void>();

  // The service allows some other site only: this backend's pages are refused by it.
  const demo = useDemoInChromium(() => ({ALLOWED_ORIGINS: 'https://elsewhere.example'}));
  before(async () => {
    backend = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const handler = handlers.get(path);
      if (handler) return handler(request as never, response as never);
      if (path === '/api/get-only') {
        response.writeHead(request.method === 'GET' ? 200 : 405, {allow: 'GET'});
        return response.end();
      }
      const page = pages.get(path);
      response.writeHead(page ? 200 : 404, {'content-type': page ? 'text/html' : 'text/plain'});
      response.end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(backend.address() as AddressInfo).port}`;
    const helper = (clientSecret: string, starts: boolean) =>
      toNodeHandler(
        createTokenEndpoint({
          scheme: 'client-credentials',
          authUrl: demo.service.url,
          clientId: 'demo-client',
          clientSecret,
          allowedOrigins: [origin],
          ...(starts && {startSessions: {apiUrl: demo.service.url}}),
          log: () => {},
        }),
      ) as (req: never, res: never) => void;
    handlers.set('/api/wrong-secret', helper('not-the-secret', false));
    handlers.set('/api/starts', helper('demo-secret', true));
  });
  after(async () => {
    await new Promise((resolve) => backend?.close(resolve));
  });

  const pageWith = (tokenEndpoint: string) =>
    widgetPage(demo.service.url, `token-endpoint="${tokenEndpoint}"`);

  /**
   * Opens a page whose element uses `tokenEndpoint`, under a clock the test can run; resolves
   * its first outcome, then runs a minute of its timers and counts the token requests.
   */
  async function run(tokenEndpoint: string) {
    const path = `/shop${tokenEndpoint.replaceAll('/', '-')}.html`;
    pages.set(path, pageWith(tokenEndpoint));
    const page = await demo.browser.newPage();
    await page.clock.install();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    let tokenRequests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === tokenEndpoint) tokenRequests += 1;
    });
    const read = await watchOutcome(page);
    await page.goto(`${origin}${path}`);
    const outcome = await read();
    const atError = tokenRequests;
    // A minute of the page's timers, a second at a time, each followed by a real round trip so
    // that a request a timer started has been sent before the next.
    for (let second = 0; second < 60; second++) {
      await page.clock.runFor(1000);
      await page.evaluate(() => fetch('/ping').then(() => undefined));
    }
    const retryButton = await page.evaluate(
      () =>
        document
          .querySelector('product-configurator')!
          .shadowRoot!.querySelector('[data-action="retry"]') !== null,
    );
    await page.close();
    return {outcome, warnings, atError, inAMinute: tokenRequests, retryButton};
  }

  for (const [name, endpoint, code, status, setting] of [
    [
      'a wrong client secret behind the helper',
      '/api/wrong-secret',
      'token_credentials_rejected',
      502,
      /clientId and clientSecret/,
    ],
    [
      'a token route that is not there',
      '/api/nothing',
      'token_endpoint_not_found',
      404,
      /token-endpoint/,
    ],
    [
      'a token route for GET only',
      '/api/get-only',
      'token_endpoint_not_found',
      405,
      /token-endpoint/,
    ],
  ] as const) {
    test(`${name}: ${code}, the calm line, one hint, one request a minute`, async () => {
      const {outcome, warnings, atError, inAMinute, retryButton} = await run(endpoint);
      assert.equal(outcome.code, code);
      assert.equal(outcome.retryable, false);
      assert.equal(outcome.status, status);
      assert.match(outcome.text!, /not set up to use the configurator/);
      const hints = warnings.filter((w) => w.includes(code));
      assert.equal(hints.length, 1, warnings.join('\n'));
      assert.match(hints[0]!, setting);
      assert.ok(hints[0]!.includes(endpoint));
      assert.equal(atError, 1, 'no retries before the error');
      assert.equal(inAMinute, 1, 'no retry loop afterwards');
      assert.equal(retryButton, false);
    });
  }

  test('startSessions with a service that refuses the page: the refusal shows at start', async () => {
    const {outcome, warnings} = await run('/api/starts');
    assert.equal(outcome.ready, undefined, 'the configurator never looked ready');
    assert.equal(outcome.code, 'origin_not_allowed');
    assert.equal(outcome.status, 403);
    assert.match(outcome.text!, /not set up/);
    const hints = warnings.filter((w) => w.includes('origin_not_allowed'));
    assert.equal(hints.length, 1);
    assert.match(hints[0]!, /ALLOWED_ORIGINS/);
  });
});
