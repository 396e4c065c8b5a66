// Plain `fetch` only, so the browser helpers, the Node helpers and the bench can all use it.

/** The demo application the reference service always knows. */
export const demoCredentials = {clientId: 'demo-client', secret: 'demo-secret'} as const;

/** The service's scheme 1 answer. */
export interface DemoTokenAnswer {
  access_token: string;
  expires_in: number;
}

/**
 * Asks the service at `serviceUrl` for a scheme 1 token with the demo credentials. Service
 * tests default to `Service.Api` (they reach every API); whatever stands for a page
 * (the browser tests, the benchmark of a shopper's updates) asks for `Service.Configurator`.
 */
export async function requestDemoToken(
  serviceUrl: string,
  scope: 'Service.Api' | 'Service.Configurator' = 'Service.Api',
): Promise<DemoTokenAnswer> {
  const response = await fetch(`${serviceUrl}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      client_id: demoCredentials.clientId,
      client_secret: demoCredentials.secret,
      grant_type: 'client_credentials',
      scope,
    }),
  });
  if (!response.ok) {
    throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as DemoTokenAnswer;
}
