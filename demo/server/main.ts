// `npm start`: the reference service, the demo pages and the built widget from one process,
// with the demo's token endpoint as a host backend would mount it.
import {Hono} from 'hono';
import type {AddressInfo} from 'node:net';
import {secretForLog} from '../../service/config.js';
import {ensureDemoKey} from '../../service/embed-keys/index.js';
import {notFound} from '../../service/errors.js';
import {staticFiles} from '../../service/http/static-files.js';
import {listen, startService} from '../../service/start.js';
import {cartRoute} from './cart-route.js';
import {decodedPath, isDemoFile, withPageHeaders} from './demo-pages.js';
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
const demoRoot = './demo';
const demoFiles = staticFiles({root: demoRoot});
// Only what the demo means to serve, matched on the decoded path (an encoded slash cannot
// reach the server's source); pages carry the headers docs/security.md recommends to hosts.
site.get('/*', async (c, next) => {
  const path = decodedPath(c.req.url);
  if (!isDemoFile(path)) return next();
  const file = await demoFiles(c.req.raw);
  return file ? withPageHeaders(file, demoRoot, path!) : next();
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
// The demo shop's cart (demo/cart.html posts to it): the signed price, verified.
site.post(
  '/cart',
  cartRoute({
    jwksUrl: () =>
      `http://${config.host}:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
  }),
);
site.all('*', (c) => service.fetch(c.req.raw, c.env));

const server = listen(site.fetch, service, (url) => {
  console.log(`Reference service and demo: ${url}/`);
  console.log(`Demo credentials: client id ${config.clientId}, ${secretForLog(config)}`);
  // For pages with no backend (README, "Embed without a backend"): this origin and every
  // ALLOWED_ORIGINS entry may use it.
  const own = new URL(url);
  const origins = [own.origin];
  if (own.hostname === '127.0.0.1') origins.push(`http://localhost:${own.port}`);
  if (config.allowedOrigins !== '*') origins.push(...config.allowedOrigins);
  const key = ensureDemoKey(service.embedKeys, config.clientId, origins);
  console.log(`Demo publishable key: ${key.publishableKey} (for ${key.allowedOrigins.join(', ')})`);
});
