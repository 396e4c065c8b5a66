// `npm start`: the reference service, the demo pages and the built widget from one process,
// with the demo's token endpoint as a host backend would mount it.
import {Hono} from 'hono';
import {notFound} from '../../service/errors.js';
import {staticFiles} from '../../service/http/static-files.js';
import {listen, startService} from '../../service/start.js';
import {demoTokenRoute} from './demo-token-route.js';

const service = startService();
const {config} = service;

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
  return notFound('No such file in dist/ (run npm run build)').toResponse({
    'access-control-allow-origin': '*',
  });
});
const demoFiles = staticFiles({root: './demo'});
// Service paths never name a demo file; skipping them saves a file lookup per API call. This
// server's own source is no page.
const notDemoFiles = /^\/(api|configurator|data|connect|images|server)\//;
site.get('/*', async (c, next) => {
  const file = notDemoFiles.test(c.req.path) ? undefined : await demoFiles(c.req.raw);
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
site.all('*', (c) => service.fetch(c.req.raw, c.env));

const server = listen(site.fetch, service, (url) => {
  console.log(`Reference service and demo: ${url}/`);
  console.log(`Demo credentials: client id ${config.clientId}, secret ${config.clientSecret}`);
});
