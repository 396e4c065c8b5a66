// `npm start`: the reference service, the demo pages and the built widget from one process.
import {serve} from '@hono/node-server';
import {serveStatic} from '@hono/node-server/serve-static';
import {Hono} from 'hono';
import {createApp} from './app.js';
import {readConfig} from './config.js';
import {openStore} from './store/index.js';

const config = readConfig();
const store = openStore(config.dataDir);
const {app} = createApp({
  store,
  applications: [{clientId: config.clientId, secret: config.clientSecret}],
  allowedOrigins: config.allowedOrigins,
});

// Static files first: a file that exists wins, anything else falls through to the service.
const site = new Hono();
site.use('/dist/*', serveStatic({root: './'}));
site.use('/*', serveStatic({root: './demo'}));
site.all('*', (c) => app.fetch(c.req.raw));

const server = serve({fetch: site.fetch, port: config.port, hostname: config.host}, (info) => {
  console.log(`Reference service and demo: http://${config.host}:${info.port}/`);
  console.log(`Demo credentials: client id ${config.clientId}, secret ${config.clientSecret}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() => {
      void store.close().then(() => process.exit(0));
    }),
  );
}
