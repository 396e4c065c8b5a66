// A compact JWS (RFC 7515) signed with ES256 by node:crypto. The service only ever signs; hosts
// verify with a JOSE library (src/server/verify-configuration.ts).
import {sign} from 'node:crypto';
import type {SigningKey} from './signing-key.js';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `header.payload.signature`, the signature in the JOSE form (r || s, 64 bytes), not DER. */
export function signCompact(payload: Record<string, unknown>, key: SigningKey): string {
  const input = `${part({alg: 'ES256', typ: 'JWT', kid: key.kid})}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}
