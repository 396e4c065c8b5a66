import {createHash} from 'node:crypto';
import {readFile, stat} from 'node:fs/promises';
import {extname, resolve, sep} from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';
import {
  chooseEncoding,
  minCompressedBytes,
  type AnswerEncoding,
} from '../configurator/configuration-response.js';
import {matchesEtag} from './etag.js';

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

/** Text that compresses; images and fonts come compressed already. */
const compressible = /\.(js|mjs|css|html|json|map|svg|txt|ts)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * A file is compressed once per version and coding, at the highest settings (it is served
 * many times; brotli 11 takes tens of milliseconds for the largest chunk, off the event loop).
 */
const compress = (body: Buffer, encoding: Exclude<AnswerEncoding, 'identity'>) =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, {level: 9});

/** The compressed files kept, by path, version and coding; the oldest goes past this many. */
const keptCompressed = 256;

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
  const compressed = new Map<string, Promise<Buffer>>();
  const compressedOnce = (file: string, tag: string, encoding: 'br' | 'gzip') => {
    const key = `${file}\0${tag}\0${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(file).then((plain) => compress(plain, encoding));
      // A failed read or compression is not kept: the next request tries again.
      body.catch(() => compressed.delete(key));
      compressed.set(key, body);
      if (compressed.size > keptCompressed) compressed.delete(compressed.keys().next().value!);
    }
    return body;
  };
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

    const version = createHash('sha1')
      .update(`${info.size}:${info.mtimeMs}:${file}`)
      .digest('base64url')
      .slice(0, 16);
    // Text files go out as brotli or gzip where the client takes them, as API answers do; each
    // coding is another representation of the file, with a tag of its own.
    const encoding =
      compressible.test(file) && info.size >= minCompressedBytes
        ? chooseEncoding(request.headers.get('accept-encoding') ?? undefined)
        : 'identity';
    const etag = encoding === 'identity' ? `"${version}"` : `"${version}-${encoding}"`;
    const headers = new Headers({
      'content-type': contentType(file),
      etag,
      'last-modified': info.mtime.toUTCString(),
      'cache-control': options.hashed?.(relative)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (compressible.test(file)) headers.set('vary', 'accept-encoding');
    if (options.crossOrigin) {
      headers.set('access-control-allow-origin', '*');
      headers.set('cross-origin-resource-policy', 'cross-origin');
    }
    if (matchesEtag(request.headers.get('if-none-match'), etag)) {
      return new Response(null, {status: 304, headers});
    }
    let body: Buffer;
    try {
      body =
        encoding === 'identity'
          ? await readFile(file)
          : await compressedOnce(file, version, encoding);
    } catch {
      return undefined;
    }
    if (encoding !== 'identity') headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.length));
    if (request.method === 'HEAD') return new Response(null, {status: 200, headers});
    return new Response(body as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers,
    });
  };
}

function contentType(file: string): string {
  if (file.endsWith('.d.ts')) return contentTypes['.d.ts']!;
  return contentTypes[extname(file)] ?? 'application/octet-stream';
}
