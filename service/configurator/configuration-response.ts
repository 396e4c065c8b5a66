import type {Context} from 'hono';
import type {CompressedConfiguration, Configuration} from '../../src/wire/index.js';
import {
  brotliPieces,
  configurationPieces,
  gzipPieces,
  prepareConfiguration,
} from '../engine/index.js';

/** The content codings configuration answers are offered in, best first at equal weight. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/**
 * The weights an `Accept-Encoding` value gives brotli and gzip: by name (`x-gzip` too), or else
 * by `*`; 0 when refused or not named. An explicit `gzip;q=0` refuses gzip whatever `*` says.
 */
function encodingWeights(acceptEncoding: string | undefined): {br: number; gzip: number} {
  if (!acceptEncoding) return {br: 0, gzip: 0};
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const parsed = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(parsed) ? parsed : 0;
    if (name === 'br') br = weight;
    else if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  return {br: br ?? any ?? 0, gzip: gzip ?? any ?? 0};
}

/**
 * The coding to answer in: brotli or gzip, whichever the client weighs higher with a weight
 * above 0 (brotli at equal weight); plain JSON when it accepts neither.
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  const {br, gzip} = encodingWeights(acceptEncoding);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** Whether an `Accept-Encoding` value accepts gzip (by name or by `*`, weight above 0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return encodingWeights(acceptEncoding).gzip > 0;
}

/**
 * Bodies smaller than this go out plain: with the headers (about 260 bytes) they fit in one
 * 1,460-byte TCP segment either way, so compressing them costs CPU time on both ends and
 * saves no packet.
 */
export const minCompressedBytes = 1200;

/**
 * The answer of every route that answers with a configuration. A plain full configuration goes
 * out as a few pieces written from the state, the long runs of the model's JSON sent from the
 * cached bytes themselves (`prepareConfiguration`); with a client that accepts it,
 * brotli-compressed, or gzip-compressed from cached segments
 * (docs/decisions/0009-gzip-from-cached-segments.md); a compressed answer (`compress=true`) is
 * small JSON, compressed only when it would not fit in one segment anyway. Pieces go out as a
 * stream with a known length, so the megabyte of model text is never copied per answer before
 * the kernel copies it to the socket (docs/decisions/0051-full-answers-from-the-state.md).
 */
export function configurationResponse(
  c: Context,
  configuration: Configuration | CompressedConfiguration,
): Response {
  const {headers, body, streamed} = configurationAnswer(
    c.req.header('Accept-Encoding'),
    configuration,
  );
  // One piece needs no stream: the adapter writes the buffer as it is.
  if (body.length === 1) return c.body(body[0] as Uint8Array<ArrayBuffer>, 200, headers);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of streamed) controller.enqueue(chunk);
      controller.close();
    },
  });
  return c.body(stream, 200, headers);
}

/** A configuration answer before it becomes a response: its headers and its body's pieces. */
export interface ConfigurationAnswer {
  headers: Record<string, string>;
  /** The body, piece by piece. */
  body: readonly Buffer[];
  /** The body as it is written when it is more than one piece: runs of small pieces joined. */
  streamed: readonly Buffer[];
}

/**
 * The headers and body pieces of {@link configurationResponse}, for a client that sent
 * `acceptEncoding`; the fast path of the update route (docs/decisions/0050) writes the same.
 */
export function configurationAnswer(
  acceptEncoding: string | undefined,
  configuration: Configuration | CompressedConfiguration,
): ConfigurationAnswer {
  const full = !('compressed' in configuration);
  const accepted = chooseEncoding(acceptEncoding);
  const prepared =
    full && accepted === 'identity' ? prepareConfiguration(configuration) : undefined;
  const pieces = prepared
    ? prepared.pieces()
    : full
      ? configurationPieces(configuration)
      : [Buffer.from(JSON.stringify(configuration))];
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const encoding = size < minCompressedBytes ? 'identity' : accepted;
  const body =
    encoding === 'br' ? brotliPieces(pieces) : encoding === 'gzip' ? gzipPieces(pieces) : pieces;
  let length = 0;
  for (const piece of body) length += piece.length;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(length),
    Vary: 'Accept-Encoding',
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  // A plain full answer is a few pieces already; others may be hundreds of small ones.
  const streamed = body.length === 1 || prepared ? body : coalesce(body);
  return {headers, body, streamed};
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
