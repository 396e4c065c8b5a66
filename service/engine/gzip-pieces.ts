import {constants, crc32, deflateRawSync} from 'node:zlib';
import {crc32Append, crc32Shift, type Crc32Shift} from './crc32-combine.js';
import {isSharedPiece} from './serialize-configuration.js';

interface Segment {
  compressed: Buffer;
  crc: number;
  shift: Crc32Shift;
}

/**
 * Compressed forms of the shared model pieces. Each is a raw deflate stream ended with a sync
 * flush (byte-aligned, not final), so such segments can follow one another in one gzip
 * member: the model text, 90% of an answer, is compressed once per language instead of once
 * per answer (docs/decisions/0009-gzip-from-cached-segments.md).
 */
const segments = new WeakMap<Buffer, Segment>();

/** Cached once, so it may cost more; per-answer text is small and must be quick. */
const sharedLevel = 6;
const answerLevel = 1;
/** Smaller shared pieces compress better, and no slower, with their neighbours. */
const minSegment = 16 * 1024;

const segment = (bytes: Buffer, level: number) =>
  deflateRawSync(bytes, {level, finishFlush: constants.Z_SYNC_FLUSH});

// ID1 ID2, deflate, no flags, no mtime, no extra flags, OS unknown.
const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final fixed-Huffman block: ends the deflate stream.
const lastBlock = Buffer.from([0x03, 0x00]);

/**
 * One gzip member, as pieces, holding the concatenation of `pieces` (see
 * `configurationPieces`). Shared pieces reuse their cached compressed segment; the pieces in
 * between are compressed together per call.
 */
export function gzipPieces(pieces: readonly Buffer[]): Buffer[] {
  const out: Buffer[] = [header];
  let crc = 0;
  let size = 0;
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    crc = crc32(bytes, crc);
    out.push(segment(bytes, answerLevel));
    pending = [];
  };
  for (const piece of pieces) {
    size += piece.length;
    if (piece.length < minSegment || !isSharedPiece(piece)) {
      pending.push(piece);
      continue;
    }
    flush();
    let cached = segments.get(piece);
    if (cached === undefined) {
      cached = {
        compressed: segment(piece, sharedLevel),
        crc: crc32(piece),
        shift: crc32Shift(piece.length),
      };
      segments.set(piece, cached);
    }
    // The checksum too comes from the cache: the shared bytes are not read again.
    crc = crc32Append(crc, cached.crc, cached.shift);
    out.push(cached.compressed);
  }
  flush();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  out.push(lastBlock, trailer);
  return out;
}
