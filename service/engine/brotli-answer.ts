import {brotliCompressSync, constants} from 'node:zlib';

/**
 * Brotli settings for an answer compressed whole. Brotli streams cannot be spliced from cached
 * pieces the way deflate segments can (Node's zlib does not expose the encoder's stream
 * offset), so each answer is compressed once through; quality 3 with a 4 MiB window is the
 * knee of size against time on a 1.2 MB model answer
 * (docs/decisions/0023-brotli-and-small-answers.md).
 */
const quality = 3;
const window = 22;

/** One brotli stream of the concatenated pieces. */
export function brotliPieces(pieces: readonly Buffer[]): Buffer[] {
  const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  return [
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: body.length < 1 << 16 ? 16 : window,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ];
}
