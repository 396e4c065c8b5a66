import {createHash} from 'node:crypto';
import {readFile} from 'node:fs/promises';
import {fileURLToPath} from 'node:url';
import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {notFound} from '../errors.js';
import {matchesEtag} from '../http/index.js';

/** The folder of the models' pictures. */
export const modelImagesDir = fileURLToPath(new URL('../models/images/', import.meta.url));

// A plain file name: no separators, no dot segments, so no path can leave the folder.
const imageName = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9_-]+)*\.svg$/i;

interface CachedImage {
  body: string;
  etag: string;
}

/**
 * `GET /images/{name}.svg`: the models' pictures, public and cacheable, so `imageUrl`s work
 * in a plain `<img>` without a token. SVG is served with a policy that stops scripts in it.
 */
export function registerModelImageRoutes(app: Hono<AppEnv>, dir = modelImagesDir): void {
  const cache = new Map<string, CachedImage>();

  app.get('/images/:name', async (c) => {
    const name = c.req.param('name');
    if (!imageName.test(name)) throw notFound(`No image "${name}"`);
    let image = cache.get(name);
    if (!image) {
      const body = await readFile(`${dir}/${name}`, 'utf8').catch(() => undefined);
      if (body === undefined) throw notFound(`No image "${name}"`);
      image = {body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`};
      cache.set(name, image);
    }
    const headers = {
      'Cache-Control': 'public, max-age=86400',
      ETag: image.etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    };
    if (matchesEtag(c.req.header('if-none-match'), image.etag)) return c.body(null, 304, headers);
    return c.body(image.body, 200, {...headers, 'Content-Type': 'image/svg+xml; charset=utf-8'});
  });
}
