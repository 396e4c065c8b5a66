// `npm start`: the reference service and the demo from one process on 127.0.0.1.
import {serve} from '@hono/node-server';
import {createApp} from './app.js';

const port = Number(process.env.PORT ?? 8787);
const hostname = process.env.HOST ?? '127.0.0.1';
const {app} = createApp();

const server = serve({fetch: app.fetch, port, hostname}, (info) => {
  console.log(`Reference service and demo: http://${hostname}:${info.port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
