/**
 * CRC-32 of concatenations without reading the bytes again, as zlib's `crc32_combine` (which
 * Node does not expose): appending `n` bytes to a message changes its CRC by a linear map
 * that depends only on `n`, so a cached piece keeps that map next to its own CRC, and
 * `crc(a + b) = shift(b.length)(crc(a)) ^ crc(b)`.
 */
export type Crc32Shift = Uint32Array<ArrayBuffer>;

/** The linear map that `length` appended bytes apply to the CRC before them. */
export function crc32Shift(length: number): Crc32Shift {
  // `power` starts as the map for one zero bit, squared into 2, 4, 8, ... bits.
  let power: Crc32Shift = new Uint32Array(32);
  power[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) power[n] = row;
  power = product(power, power);
  power = product(power, power);
  power = product(power, power);
  // Now one zero byte; fold in 2^k bytes for each set bit k of the length.
  let result: Crc32Shift | null = null;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = result === null ? power : product(power, result);
    if (rest > 1) power = product(power, power);
  }
  return result ?? identity;
}

/** `crc(a + b)` from `crc(a)`, `crc(b)` and `b`'s shift. */
export function crc32Append(crcA: number, crcB: number, shiftB: Crc32Shift): number {
  return (times(shiftB, crcA >>> 0) ^ crcB) >>> 0;
}

const identity = Uint32Array.from({length: 32}, (_, n) => 2 ** n);

function times(matrix: Crc32Shift, vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

/** `a` after `b`. */
function product(a: Crc32Shift, b: Crc32Shift): Crc32Shift {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = times(a, b[n]!);
  return out;
}
