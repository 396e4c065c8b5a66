import type {Context} from 'hono';
import type {Configuration} from '../../src/session/wire.js';
import {configurationPieces, gzipPieces} from '../engine/index.js';

/**
 * Whether an `Accept-Encoding` value accepts gzip: `gzip` (or `x-gzip`) with a weight above
 * 0, or else `*` with one. An explicit `gzip;q=0` refuses it whatever `*` says.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}

/**
 * The answer of every route that answers with a configuration: `encodeConfiguration`'s
 * cached JSON pieces, gzip-compressed when the client accepts it (the shared model pieces are
 * compressed once, see docs/decisions/0009-gzip-from-cached-segments.md). The pieces go out
 * as a stream with a known length, so the megabyte of model text is never copied per answer.
 */
export function configurationResponse(c: Context, configuration: Configuration): Response {
  const pieces = configurationPieces(configuration);
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  const body = gzip ? gzipPieces(pieces) : pieces;
  let length = 0;
  for (const piece of body) length += piece.length;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(length),
    Vary: 'Accept-Encoding',
  };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of coalesce(body)) controller.enqueue(piece);
      controller.close();
    },
  });
  return c.body(stream, 200, headers);
}

/** Runs of small pieces joined, so the socket sees a few writes rather than hundreds. */
function coalesce(pieces: readonly Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  let run: Buffer[] = [];
  let runBytes = 0;
  const end = () => {
    if (run.length > 0) out.push(run.length === 1 ? run[0]! : Buffer.concat(run, runBytes));
    run = [];
    runBytes = 0;
  };
  for (const piece of pieces) {
    if (piece.length >= 64 * 1024) {
      end();
      out.push(piece);
    } else {
      run.push(piece);
      runBytes += piece.length;
      if (runBytes >= 64 * 1024) end();
    }
  }
  end();
  return out;
}
