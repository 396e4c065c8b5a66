// `npm start`: the reference service, the demo pages and the built widget from one process.
import {serve} from '@hono/node-server';
import {Hono} from 'hono';
import {demoTokenRoute} from '../src/server/demo-token-route.js';
import {createApp} from './app.js';
import {ConfigError, readConfig} from './config.js';
import {ErrorCode, ServiceError} from './errors.js';
import {staticFiles} from './http/static-files.js';
import {LargeModelNodesError, servedModels} from './models/index.js';
import {StoreOpenError, openStore} from './store/index.js';

const {config, models, store} = start();
const {app, close} = createApp({
  store,
  applications: [{clientId: config.clientId, secret: config.clientSecret}],
  allowedOrigins: config.allowedOrigins,
  webhooks: {allowPrivateTargets: config.webhooksAllowPrivateTargets},
  models,
});

// Static files first: a file that exists wins, anything else falls through to the service.
const site = new Hono();
// The widget for pages on any origin: a module script is a CORS request, so every file says
// who may load it; rollup names chunks by content hash, so those may be cached for good.
const widgetFiles = staticFiles({
  root: './dist',
  prefix: '/dist',
  crossOrigin: true,
  hashed: (path) => path.startsWith('chunks/'),
});
site.get('/dist/*', async (c) => {
  const file = await widgetFiles(c.req.raw);
  if (file) return file;
  return new ServiceError(
    404,
    ErrorCode.notFound,
    'No such file in dist/ (run npm run build)',
  ).toResponse({'access-control-allow-origin': '*'});
});
const demoFiles = staticFiles({root: './demo'});
// Service paths never name a demo file; skipping them saves a file lookup per API call.
const servicePath = /^\/(api|configurator|data|connect|images)\//;
site.get('/*', async (c, next) => {
  const file = servicePath.test(c.req.path) ? undefined : await demoFiles(c.req.raw);
  return file ?? next();
});
// The demo page's host backend: issues tokens to the page without showing it the secret.
site.all(
  '/api/configurator-token',
  demoTokenRoute(
    {
      host: config.host,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      allowedOrigins: config.allowedOrigins,
    },
    () => server,
  ),
);
site.all('*', (c) => app.fetch(c.req.raw, c.env));

const server = serve({fetch: site.fetch, port: config.port, hostname: config.host}, (info) => {
  console.log(`Reference service and demo: http://${config.host}:${info.port}/`);
  console.log(`Demo credentials: client id ${config.clientId}, secret ${config.clientSecret}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => {
      void close().then(() => process.exit(0));
    });
    // Idle keep-alive connections would hold close() open until they time out.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** Reads the configuration and opens the store; a setting that cannot work stops here in one sentence. */
function start() {
  try {
    const config = readConfig();
    // Before the store opens: a bad LARGE_MODEL_NODES stops the start with nothing to undo.
    const models = servedModels();
    return {config, models, store: openStore(config.dataDir, {groupCommits: true})};
  } catch (error) {
    if (error instanceof StoreOpenError) {
      console.error(`Cannot start: DATA_DIR ${error.dataDir} ${error.reason}.`);
    } else if (error instanceof ConfigError || error instanceof LargeModelNodesError) {
      console.error(`Cannot start: ${error.message}.`);
    } else {
      throw error;
    }
    process.exit(1);
  }
}
