// Helpers of the session's integration tests against the reference service over real HTTP
// (started by the shared ../helpers/node/service.ts).
import {serve, type ServerType} from '@hono/node-server';
import type {AddressInfo} from 'node:net';
import {
  createTokenEndpoint,
  type TokenEndpointBaseOptions,
} from '../../src/server/token-endpoint.js';
import {functionTokenSource, type TokenSource} from '../../src/session/token-source.js';
import type {FeatureNode} from '../../src/wire/index.js';

export {startService, type RunningService} from '../helpers/node/service.js';

export const demoClient = {clientId: 'demo-client', secret: 'demo-secret'} as const;

/** Scheme 1: a shopper's client-credentials token, form-encoded as the service expects. */
export async function requestToken(
  url: string,
): Promise<{access_token: string; expires_in: number}> {
  const response = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demoClient.clientId,
      client_secret: demoClient.secret,
      scope: 'Service.Configurator',
    }),
  });
  if (!response.ok) throw new Error(`token ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A token source backed by the service's own token operation; counts the tokens it fetched. */
export function serviceTokens(url: string, now?: () => number): TokenSource & {fetched: number} {
  const counter = {fetched: 0};
  const source = functionTokenSource(
    async () => {
      counter.fetched++;
      const token = await requestToken(url);
      return {accessToken: token.access_token, expiresIn: token.expires_in};
    },
    {now},
  );
  return Object.assign(counter, {
    get: (signal?: AbortSignal) => source.get(signal),
    renew: (rejected: string, signal?: AbortSignal) => source.renew(rejected, signal),
  });
}

/** Every node of a configuration's feature model, depth first. */
export function allNodes(configuration: {featureModel: {steps: {features: FeatureNode[]}[]}}) {
  const nodes: FeatureNode[] = [];
  const visit = (node: FeatureNode) => {
    nodes.push(node);
    node.features.forEach(visit);
  };
  for (const step of configuration.featureModel.steps) step.features.forEach(visit);
  return nodes;
}

/** The node of that (English) name; fails loudly so a renamed sample shows up at once. */
export function nodeNamed(
  configuration: {featureModel: {steps: {features: FeatureNode[]}[]}},
  name: string,
): FeatureNode {
  const node = allNodes(configuration).find((n) => n.name === name);
  if (!node) throw new Error(`No node named ${name}`);
  return node;
}

/** The page origin the host's token endpoint allows in these tests. */
export const shopOrigin = 'http://shop.example';

/**
 * The host backend's token endpoint (src/server) in front of the service's scheme 1, served on
 * its own 127.0.0.1 port, as a shop's backend would run it.
 */
export async function startTokenEndpoint(
  serviceUrl: string,
  options: Partial<TokenEndpointBaseOptions> = {},
): Promise<{url: string; requests: number; bodies: string[]; close(): Promise<void>}> {
  const endpoint = createTokenEndpoint({
    scheme: 'client-credentials',
    authUrl: serviceUrl,
    clientId: demoClient.clientId,
    clientSecret: demoClient.secret,
    allowedOrigins: [shopOrigin],
    rateLimit: false,
    ...options,
  });
  const state = {requests: 0, bodies: [] as string[]};
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: async (request: Request) => {
          state.requests++;
          // What the page sent, as the endpoint will read it.
          state.bodies.push(await request.clone().text());
          return endpoint(request);
        },
        hostname: '127.0.0.1',
        port: 0,
      },
      () => resolve(s),
    );
  });
  const {port} = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api/configurator-token`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as ServerType & {closeAllConnections?: () => void}).closeAllConnections?.();
        server.close(() => resolve());
      }),
  });
}

/** A fetch that adds the page's `Origin`, as a browser does on every POST. */
export const fetchFromShop: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Origin', shopOrigin);
  return fetch(input, {...init, headers});
};
