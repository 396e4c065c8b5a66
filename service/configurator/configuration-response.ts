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

/** What this module needs of Node's `http.ServerResponse`. */
interface NodeResponse {
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
}

/**
 * Node's response for this request, when the service runs on `@hono/node-server` (it passes
 * `{incoming, outgoing}` as the environment).
 */
function nodeResponse(c: Context): NodeResponse | undefined {
  const outgoing = (c.env as {outgoing?: Partial<NodeResponse>} | undefined)?.outgoing;
  return typeof outgoing?.writableFinished === 'boolean' ? (outgoing as NodeResponse) : undefined;
}

interface Loan {
  buffer: Buffer;
  response: NodeResponse;
}

/**
 * Memory full answers are written into, lent per answer and taken back once the socket has
 * all of it. A fresh 1.2 MB buffer per answer cost more than the rest of the answer: the
 * kernel faults in and zeroes its pages, and the collector frees them again (about 1 ms an
 * answer, against 0.05 to 0.3 ms to fill memory used before).
 *
 * A buffer is taken back when its response is `writableFinished` (every byte passed to the
 * kernel, so libuv holds no reference), checked whenever another is lent, so no listener is
 * added per answer. Its memory then moves to a new `Buffer` (a transfer), so anything that
 * still held the old one finds it empty, never another answer's bytes.
 */
class AnswerMemory {
  readonly #free: Buffer[] = [];
  #lent: Loan[] = [];
  /** Free buffers kept: the answers one group commit sends, 32 sessions on 2,000 nodes. */
  static readonly keep = 48;
  /** Lent buffers watched; the oldest beyond that are left to the collector. */
  static readonly watch = 256;

  take(size: number, response: NodeResponse): Buffer {
    this.#takeBack();
    // Last in, first out: the most recently sent is the likeliest still in the CPU's cache.
    for (let i = this.#free.length - 1; i >= 0; i--) {
      const buffer = this.#free[i]!;
      if (buffer.length < size) continue;
      this.#free.splice(i, 1);
      this.#lend(buffer, response);
      return buffer;
    }
    // Answers of one model differ by a few kilobytes: room for the next ones to fit.
    const buffer = Buffer.allocUnsafeSlow(Math.ceil((size * 1.0625) / 4096) * 4096);
    this.#lend(buffer, response);
    return buffer;
  }

  #lend(buffer: Buffer, response: NodeResponse): void {
    this.#lent.push({buffer, response});
    if (this.#lent.length > AnswerMemory.watch) this.#lent.shift();
  }

  #takeBack(): void {
    if (this.#lent.length === 0) return;
    const still: Loan[] = [];
    for (const loan of this.#lent) {
      if (loan.response.destroyed) continue;
      if (!loan.response.writableFinished) {
        still.push(loan);
      } else if (this.#free.length < AnswerMemory.keep) {
        const memory = structuredClone(loan.buffer.buffer, {transfer: [loan.buffer.buffer]});
        this.#free.push(Buffer.from(memory));
      }
    }
    this.#lent = still;
  }
}

const answerMemory = new AnswerMemory();

/**
 * A plain full answer (see `prepareConfiguration`) in one buffer: lent memory behind Node's
 * adapter, which says when the socket is done with it, else a buffer of its own; `undefined`
 * when it must be built from pieces.
 */
function fullAnswerBody(c: Context, configuration: Configuration): Buffer | undefined {
  const answer = prepareConfiguration(configuration);
  if (!answer) return undefined;
  const response = nodeResponse(c);
  const out = response ? answerMemory.take(answer.size, response) : Buffer.allocUnsafe(answer.size);
  answer.writeInto(out);
  return out.subarray(0, answer.size);
}

/**
 * The answer of every route that answers with a configuration. A full configuration goes out
 * as one buffer written from the state and the model's cached JSON (`writeConfiguration`), or,
 * when the client accepts it, brotli-compressed or gzip-compressed from cached segments
 * (docs/decisions/0009-gzip-from-cached-segments.md); a compressed answer (`compress=true`) is
 * small JSON, compressed only when it would not fit in one segment anyway.
 */
export function configurationResponse(
  c: Context,
  configuration: Configuration | CompressedConfiguration,
): Response {
  const full = !('compressed' in configuration);
  const accepted = chooseEncoding(c.req.header('Accept-Encoding'));
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': '',
    Vary: 'Accept-Encoding',
  };
  // Plain full answers, the case to be fast: one buffer, handed to the socket as it is.
  if (full && accepted === 'identity') {
    const body = fullAnswerBody(c, configuration);
    if (body) {
      headers['Content-Length'] = String(body.length);
      return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
    }
  }
  const pieces = full
    ? configurationPieces(configuration)
    : [Buffer.from(JSON.stringify(configuration))];
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const encoding = size < minCompressedBytes ? 'identity' : accepted;
  const body =
    encoding === 'br' ? brotliPieces(pieces) : encoding === 'gzip' ? gzipPieces(pieces) : pieces;
  let length = 0;
  for (const piece of body) length += piece.length;
  headers['Content-Length'] = String(length);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  // One piece needs no stream: the adapter writes the buffer as it is.
  if (body.length === 1) return c.body(body[0] as Uint8Array<ArrayBuffer>, 200, headers);
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
