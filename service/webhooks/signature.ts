import {createHmac, timingSafeEqual} from 'node:crypto';

/** The signature scheme's version tag in `X-Configurator-Signature`. */
export const signatureVersion = 'v1';

/**
 * The `X-Configurator-Signature` value of a delivery: `v1=` and the hex HMAC-SHA256, keyed
 * with the subscription's secret, of `<timestamp>.<body>`, where timestamp is the
 * `X-Configurator-Timestamp` header (unix seconds) and body the exact bytes of the request.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `${signatureVersion}=${mac}`;
}

/**
 * What a receiver does: recompute the signature over the raw body and compare in constant
 * time, and refuse timestamps further than `toleranceSeconds` from its clock (replays).
 */
export function verifyDelivery(
  secret: string,
  headers: {timestamp: string | null | undefined; signature: string | null | undefined},
  body: string,
  {toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000)} = {},
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return false;
  }
  const expected = Buffer.from(signDelivery(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
