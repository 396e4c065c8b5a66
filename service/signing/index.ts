export {signCompact} from './compact-jws.js';
export {
  SigningKeyError,
  ephemeralSigningKey,
  loadSigningKey,
  signingKeyFile,
  type PublicJwk,
  type SigningKey,
} from './signing-key.js';
export {jwksPath, registerSigningRoutes, type SigningOptions} from './signing-routes.js';
export {
  configurationClaims,
  type ConfigurationClaims,
  type StatementLine,
  type StatementOptions,
} from './statement.js';
