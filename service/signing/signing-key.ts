// The key the service signs configurations with: one ES256 (P-256) key pair, kept as a private
// JWK in DATA_DIR so that statements signed before a restart still verify after it.
import {createHash, createPrivateKey, createPublicKey, generateKeyPairSync} from 'node:crypto';
import type {KeyObject} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

/** A public key as `/.well-known/jwks.json` lists it. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/** The signing key with its id and its public half as a JWK. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

/** The file in DATA_DIR that holds the private key (mode 0600). */
export const signingKeyFile = 'signing-key.json';

/** A fresh key that lives as long as the process: for in-memory services and tests. */
export function ephemeralSigningKey(): SigningKey {
  return fromPrivateKey(generateKeyPairSync('ec', {namedCurve: 'P-256'}).privateKey);
}

/**
 * The key kept in `dataDir`, created there on first use. Created with `wx`, so two processes
 * starting at once on a fresh folder never both write one: the later reads the earlier's.
 */
export function loadSigningKey(dataDir: string): SigningKey {
  mkdirSync(dataDir, {recursive: true});
  const path = join(dataDir, signingKeyFile);
  const fresh = ephemeralSigningKey();
  try {
    const jwk = fresh.privateKey.export({format: 'jwk'});
    writeFileSync(path, `${JSON.stringify(jwk)}\n`, {flag: 'wx', mode: 0o600});
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let jwk: unknown;
  try {
    jwk = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SigningKeyError(path, `cannot be read as a JSON key (${(error as Error).message})`);
  }
  const key = (() => {
    try {
      return createPrivateKey({key: jwk as import('node:crypto').JsonWebKey, format: 'jwk'});
    } catch (error) {
      throw new SigningKeyError(path, `is not a private key (${(error as Error).message})`);
    }
  })();
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new SigningKeyError(path, 'is not a P-256 key');
  }
  return fromPrivateKey(key);
}

function fromPrivateKey(privateKey: KeyObject): SigningKey {
  const {x, y} = createPublicKey(privateKey).export({format: 'jwk'});
  if (typeof x !== 'string' || typeof y !== 'string') throw new Error('not an EC key');
  // The RFC 7638 thumbprint: the same key always has the same id, and another key another one.
  const thumbprint = JSON.stringify({crv: 'P-256', kty: 'EC', x, y});
  const kid = createHash('sha256').update(thumbprint).digest('base64url');
  return {
    kid,
    privateKey,
    publicJwk: {kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig'},
  };
}

/** The key file exists but holds no usable key; start-up names the file and stops. */
export class SigningKeyError extends Error {
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`${path} ${reason}`);
    this.name = 'SigningKeyError';
    this.path = path;
  }
}
