import {demoApplication} from './auth/index.js';
import {parseAllowedOrigins, type AllowedOrigins} from './http/index.js';

/** What `npm start` reads from the environment. */
export interface ServiceConfig {
  /** `PORT`, default 8787; 0 picks a free port. */
  port: number;
  /** `HOST`, default 127.0.0.1. */
  host: string;
  /** `DATA_DIR`, default `.data`: where the durable store keeps its files. */
  dataDir: string;
  /** `CLIENT_ID` and `CLIENT_SECRET`, default demo-client / demo-secret. */
  clientId: string;
  clientSecret: string;
  /** `ALLOWED_ORIGINS`: comma list of origins; empty or `*` allows any. */
  allowedOrigins: AllowedOrigins;
}

/** Reads the service's configuration from environment variables, failing on nonsense. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const port = Number(env.PORT || 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data',
    clientId: env.CLIENT_ID || demoApplication.clientId,
    clientSecret: env.CLIENT_SECRET || demoApplication.secret,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
  };
}
