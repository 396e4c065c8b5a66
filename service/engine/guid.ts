import {createHash} from 'node:crypto';

/**
 * A name-based GUID (RFC 4122 version 5 layout over SHA-1): the same name always gives the
 * same id, so tests, demos and saved sessions can rely on node ids across restarts.
 */
export function guidFor(name: string): string {
  const hash = createHash('sha1').update(`product-configurator:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
