import {createHash} from 'node:crypto';
import {readFile, stat} from 'node:fs/promises';
import {extname, resolve, sep} from 'node:path';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
};

export interface StaticFilesOptions {
  /** The folder served; requests cannot leave it. */
  root: string;
  /** Removed from the request path before it is looked up in `root`, like `/dist`. */
  prefix?: string;
  /**
   * `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`, so pages
   * on any origin may load the files as module scripts (which are always CORS requests).
   */
  crossOrigin?: boolean;
  /**
   * Whether a file (by its path below `root`, with `/`) has a content hash in its name, so its
   * bytes never change. Default: none.
   */
  hashed?: (relativePath: string) => boolean;
}

/**
 * Serves the files of a folder for GET and HEAD with validators and caching fit for a script
 * that pages on other origins load: a hashed name is `immutable` for a year; any other name
 * (`product-configurator.js`, whose name stays across releases) must be revalidated on every
 * use (`no-cache` with an `ETag`, answered 304 while unchanged). Answers `undefined` when there
 * is no such file, so the caller can fall through.
 */
export function staticFiles(options: StaticFilesOptions) {
  const root = resolve(options.root);
  const prefix = options.prefix ?? '';
  return async (request: Request): Promise<Response | undefined> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return undefined;
    }
    if (!path.startsWith(prefix) || path.includes('\0')) return undefined;
    const relative = path.slice(prefix.length).replace(/^\/+/, '') || 'index.html';
    const file = resolve(root, relative);
    if (file !== root && !file.startsWith(root + sep)) return undefined;
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;

    const etag = `"${createHash('sha1')
      .update(`${info.size}:${info.mtimeMs}:${file}`)
      .digest('base64url')
      .slice(0, 16)}"`;
    const headers = new Headers({
      'content-type': contentType(file),
      etag,
      'last-modified': info.mtime.toUTCString(),
      'cache-control': options.hashed?.(relative)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (options.crossOrigin) {
      headers.set('access-control-allow-origin', '*');
      headers.set('cross-origin-resource-policy', 'cross-origin');
    }
    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      return new Response(null, {status: 304, headers});
    }
    headers.set('content-length', String(info.size));
    if (request.method === 'HEAD') return new Response(null, {status: 200, headers});
    return new Response(await readFile(file), {status: 200, headers});
  };
}

function contentType(file: string): string {
  if (file.endsWith('.d.ts')) return contentTypes['.d.ts']!;
  return contentTypes[extname(file)] ?? 'application/octet-stream';
}
