// The demo's own token endpoint, built on the published helper as any host backend would: `npm
// start` serves the demo pages and the reference service from one origin, and the demo asks
// that service for tokens over loopback with scheme 1, just as a host backend asks the real
// service. Not part of the published package.
import {
  createTokenEndpoint,
  shopperScope,
  type TokenEndpointHandler,
} from '../../src/server/token-endpoint.js';

/** The part of the reference service's configuration the demo endpoint needs. */
export interface DemoTokenRouteConfig {
  /** The address the service listens on. */
  host: string;
  clientId: string;
  clientSecret: string;
  /** Further page origins (the service's `ALLOWED_ORIGINS`); `'*'`: any page origin. */
  allowedOrigins?: '*' | readonly string[];
  /**
   * Start the session a page asks for with its token (the helper's `startSessions`), so the
   * page's start-up takes one round trip. Default true; the benchmark turns it off to measure
   * a token endpoint that only hands out tokens.
   */
  startSessions?: boolean;
}

/** A listening `node:http` server, structurally. */
export interface ListeningServer {
  address(): string | {port: number} | null;
}

/**
 * A route handler (Hono's `(c) => Response` shape) for `/api/configurator-token`. The service's
 * port is known only once it listens, so the endpoint is built on the first request.
 */
export function demoTokenRoute(
  config: DemoTokenRouteConfig,
  server: () => ListeningServer,
): (c: {req: {raw: Request}; env?: unknown}) => Promise<Response> {
  let endpoint: TokenEndpointHandler | undefined;
  let ownOrigin = '';
  return async (c) => {
    if (!endpoint) {
      ({endpoint, ownOrigin} = build(config, server()));
    }
    const context = c.env as Parameters<TokenEndpointHandler>[1];
    const origin = c.req.raw.headers.get('origin');
    if (config.allowedOrigins !== '*' || !origin || origin === 'null') {
      return endpoint(c.req.raw, context);
    }
    // `ALLOWED_ORIGINS=*`: the published helper refuses wildcards, so the demo vouches for
    // the page itself and hands the answer back to that page's origin.
    const headers = new Headers(c.req.raw.headers);
    headers.set('origin', ownOrigin);
    const answer = await endpoint(new Request(c.req.raw, {headers}), context);
    const out = new Response(answer.body, answer);
    if (out.headers.has('access-control-allow-origin')) {
      out.headers.set('access-control-allow-origin', origin);
    }
    return out;
  };
}

function build(
  config: DemoTokenRouteConfig,
  server: ListeningServer,
): {endpoint: TokenEndpointHandler; ownOrigin: string} {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // A wildcard listen address is not somewhere to send a request; loopback reaches it.
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
  const host = wildcard
    ? '127.0.0.1'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  const origins = new Set([
    `http://${host}:${port}`,
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
  ]);
  if (Array.isArray(config.allowedOrigins))
    for (const origin of config.allowedOrigins) origins.add(origin);
  const endpoint = createTokenEndpoint({
    scheme: 'client-credentials',
    authUrl: `http://${host}:${port}`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    // Whoever opens the demo gets a shopper's token: sessions and quote requests, never the
    // customers, quotations or webhooks the demo credentials reach.
    scope: shopperScope,
    allowedOrigins: [...origins],
    // The demo is for one person on one machine; a plain-HTTP upstream is the service itself.
    allowHttp: true,
    ...(config.startSessions !== false && {startSessions: {apiUrl: `http://${host}:${port}`}}),
  });
  return {endpoint, ownOrigin: `http://${host}:${port}`};
}
