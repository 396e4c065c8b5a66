// Starting the reference service from the environment, shared by its own entry (main.ts, `npm
// run service`) and by hosts that serve more beside it (the demo, `npm start`).
import {getRequestListener, type ServerType} from '@hono/node-server';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createApp} from './app.js';
import {ConfigError, readConfig, type ServiceConfig} from './config.js';
import {FastUpdates} from './fast-update.js';
import {
  defaultConnectionLimits,
  fittedTotal,
  limitConnections,
  timeoutOptions,
  type ConnectionLimits,
} from './http/connection-limits.js';
import {answerAdapterError, answerParseErrors} from './http/unreadable-requests.js';
import {LargeModelNodesError, servedModels} from './models/index.js';
import {SigningKeyError, loadSigningKey} from './signing/index.js';
import {StoreOpenError, openStore} from './store/index.js';

export interface StartedService {
  config: ServiceConfig;
  /** The service's fetch handler. */
  fetch: ReturnType<typeof createApp>['app']['fetch'];
  /** The update route on node:http, in front of the adapter (docs/decisions/0050). */
  fastUpdates: FastUpdates;
  /** Stops webhook delivery, then closes the store. */
  close: () => Promise<void>;
  /** The publishable keys (the demo prints one for its own origin). */
  embedKeys: ReturnType<typeof createApp>['embedKeys'];
}

/**
 * Reads the configuration, opens the store and builds the service; a setting that cannot work
 * stops the process here in one sentence.
 */
export function startService(): StartedService {
  const {config, models, store, signingKey} = open();
  const {app, fastUpdates, close, embedKeys} = createApp({
    store,
    applications: [{clientId: config.clientId, secret: config.clientSecret}],
    allowedOrigins: config.allowedOrigins,
    webhooks: {allowPrivateTargets: config.webhooksAllowPrivateTargets},
    visitorBudgets: config.visitorBudgets,
    sessionExpiryDays: config.sessionExpiryDays,
    models,
    signing: {key: signingKey},
  });
  return {config, fetch: app.fetch, fastUpdates, close, embedKeys};
}

/**
 * Listens on the configured host and port, calls `listening` with the URL (no trailing slash),
 * and on SIGINT or SIGTERM stops listening, closes the service and exits.
 */
export function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  {config, fastUpdates, close}: StartedService,
  listening: (url: string) => void,
): ServerType {
  const server = createServiceServer(fetch, fastUpdates, config.host, config.connections);
  server.listen(config.port, config.host, () =>
    listening(`http://${config.host}:${(server.address() as AddressInfo).port}`),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close(() => {
        void close().then(() => process.exit(0));
      });
      // Idle keep-alive connections would hold close() open until they time out.
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
  }
  return server;
}

/**
 * A `node:http` server for the service's `fetch`, as `@hono/node-server`'s `serve` makes it,
 * with the widget's update answered on node:http when it is plain (docs/decisions/0050).
 * `hostname` stands for a missing `Host` header. Requests that cannot be read as HTTP or made
 * into a `Request` get a status and a JSON code like every other refusal. Connections are
 * bounded per address and in total, and cut when their request is slow to arrive
 * (`limits`, service/http/connection-limits.ts); the total is fitted under the process's
 * descriptor limit.
 */
export function createServiceServer(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  fastUpdates: FastUpdates,
  hostname?: string,
  limits: ConnectionLimits = defaultConnectionLimits,
): Server {
  const adapter = getRequestListener(FastUpdates.answering(fetch), {
    hostname,
    errorHandler: answerAdapterError,
  });
  const server = createServer(
    timeoutOptions(limits),
    fastUpdates.wrap((incoming, outgoing) => void adapter(incoming, outgoing)),
  );
  limitConnections(server, {...limits, total: fittedTotal(limits.total)});
  answerParseErrors(server);
  return server;
}

function open() {
  try {
    const config = readConfig();
    // Before the store opens: a bad LARGE_MODEL_NODES stops the start with nothing to undo.
    const models = servedModels();
    const store = openStore(config.dataDir, {groupCommits: true});
    // Kept beside the database: statements signed before a restart verify after it.
    return {config, models, store, signingKey: loadSigningKey(config.dataDir)};
  } catch (error) {
    if (error instanceof StoreOpenError) {
      console.error(`Cannot start: DATA_DIR ${error.dataDir} ${error.reason}.`);
    } else if (
      error instanceof ConfigError ||
      error instanceof LargeModelNodesError ||
      error instanceof SigningKeyError
    ) {
      console.error(`Cannot start: ${error.message}.`);
    } else {
      throw error;
    }
    process.exit(1);
  }
}
