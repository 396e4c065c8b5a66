// Error codes named in the prose of the documents (the security notes, the service and element
// pages, the decision records), not only in the tables: each must be a code something answers,
// reports or logs, taken from the table that holds it. A renamed or removed code left in a
// sentence fails here.
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {describe, test} from 'node:test';
import {OAuthError} from '../../service/auth/auth-error.js';
import {ErrorCode as ServiceErrorCode} from '../../service/errors.js';
import {
  TokenEndpointErrorCode,
  TokenEndpointLogCode,
} from '../../src/server/token-endpoint-error.js';
import {ErrorCode as WidgetErrorCode} from '../../src/session/error-code.js';
import {ConfigurationVerificationErrorCode} from '../../src/server/configuration-verification-error.js';
import type {MergeErrorCode} from '../../src/session/merge-configuration.js';
import {en} from '../../src/i18n/en.js';
import {codeMentions} from '../helpers/node/error-docs.js';
import {Ga4Event, Ga4Param} from '../../src/analytics/ga4.js';

/** Why a compressed answer could not be merged (the session's own; never reaches a host). */
const mergeCodes = {stale_base: 'stale_base', malformed: 'malformed'} satisfies {
  [K in MergeErrorCode]: K;
};

/**
 * The WordPress plugin's codes, as its PHP answers them: `'code' => '...'` in a JSON answer, or
 * the code argument of a `Product_Configurator_Token_Error`.
 */
const wordpressCodes = readdirSync('wordpress/includes')
  .filter((f) => f.endsWith('.php'))
  .flatMap((f) => {
    const php = readFileSync(`wordpress/includes/${f}`, 'utf8');
    return [
      ...php.matchAll(/'code'\s*=>\s*'([a-z_]+)'/g),
      ...php.matchAll(/Product_Configurator_Token_Error\(\s*\d+,\s*'([a-z_]+)'/g),
    ].map((match) => match[1]!);
  });

/** Every table of codes, by where it lives. */
const tables: Record<string, readonly string[]> = {
  'service/errors.ts ErrorCode': Object.values(ServiceErrorCode),
  'service/auth/auth-error.ts OAuthError': Object.values(OAuthError),
  'src/session/error-code.ts ErrorCode': Object.values(WidgetErrorCode),
  'src/i18n/en.ts errors': Object.keys(en.errors),
  'src/server/token-endpoint-error.ts TokenEndpointErrorCode':
    Object.values(TokenEndpointErrorCode),
  'src/server/token-endpoint-error.ts TokenEndpointLogCode': Object.values(TokenEndpointLogCode),
  'src/server/configuration-verification-error.ts ConfigurationVerificationErrorCode':
    Object.values(ConfigurationVerificationErrorCode),
  'src/session/merge-configuration.ts MergeErrorCode': Object.values(mergeCodes),
  'wordpress/includes/*.php (the plugin)': wordpressCodes,
  // Not error codes, but snake_case names a page shows as code: the analytics pushes' names.
  'src/analytics/ga4.ts Ga4Event and Ga4Param': [
    ...Object.values(Ga4Event),
    ...Object.values(Ga4Param),
  ],
};
const codes = new Set(Object.values(tables).flat());

/**
 * snake_case names in inline code that are no error codes: protocol fields, SQL, zlib and terser
 * names. Each must still be named somewhere, so the list cannot hide a code for long.
 */
const notCodes = [
  'access_token',
  'expires_in',
  'token_type',
  'grant_type',
  'client_credentials',
  'client_id',
  'client_secret',
  'auth_url',
  'base_url',
  'json_extract',
  'p_code',
  'user_version',
  'wal_autocheckpoint',
  'crc32_combine',
  'sessions_code_column',
  'pure_getters',
  'unsafe_arrows',
  'unsafe_methods',
  'booleans_as_integers',
  'unsafe_comps',
  'hoist_props',
  // The WordPress plugin's shortcode and filter names.
  'product_configurator',
  'product_configurator_allowed_origins',
  'product_configurator_rate_limit',
  // Google consent mode's setting for analytics (docs/analytics.md).
  'analytics_storage',
];

/** Codes no longer answered, which a decision record may name as its history. */
const retired = ['invalid_response'];

const pages = [
  'README.md',
  ...readdirSync('docs', {recursive: true})
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** `file:line code` for every name a page uses that no table holds. */
function unknownCodes(file: string, markdown: string): string[] {
  const history = file.startsWith('docs/decisions/');
  return [...codeMentions(markdown)]
    .filter(
      ([code]) =>
        !codes.has(code) && !notCodes.includes(code) && !(history && retired.includes(code)),
    )
    .map(([code, line]) => `${file}:${line} ${code}`);
}

describe('error codes in the documents', () => {
  test('every code a page names is in a table of codes', () => {
    const unknown = pages.flatMap((file) => unknownCodes(file, readFileSync(file, 'utf8')));
    assert.deepEqual(unknown, []);
  });

  test('the pages name codes of the service and the widget, the security notes among them', () => {
    const security = codeMentions(readFileSync('docs/security.md', 'utf8'));
    for (const code of ['insufficient_scope', 'origin_not_allowed', 'upstream_scope_refused'])
      assert.ok(security.has(code), `docs/security.md names ${code}`);
    const all = new Set(pages.flatMap((f) => [...codeMentions(readFileSync(f, 'utf8')).keys()]));
    assert.ok(all.has(WidgetErrorCode.noTokenSource));
    assert.ok(all.has(ServiceErrorCode.storageFull));
  });

  test('the names that are no codes are still used, and none is a code', () => {
    const all = new Set(pages.flatMap((f) => [...codeMentions(readFileSync(f, 'utf8')).keys()]));
    assert.deepEqual(
      notCodes.filter((name) => !all.has(name)),
      [],
    );
    assert.deepEqual(
      [...notCodes, ...retired].filter((name) => codes.has(name)),
      [],
    );
  });

  test('the check catches a stale code in a sentence, after a status and in an example', () => {
    const page = [
      'The service answers `403 insufficient_scope`, or `token_revoked` when it was revoked.',
      'A duplicate gives 409 `duplicate`; a full disk 507 storage_exhausted.',
      'See the `configurator-ready` event and `expires_in`.',
      '```json',
      '{"code": "no_such_code", "message": "x"}',
      '```',
      'Formerly `invalid_response`.',
    ].join('\n');
    assert.deepEqual(unknownCodes('docs/x.md', page), [
      'docs/x.md:1 token_revoked',
      'docs/x.md:2 duplicate',
      'docs/x.md:2 storage_exhausted',
      'docs/x.md:5 no_such_code',
      'docs/x.md:7 invalid_response',
    ]);
    // A decision record may name a retired code as its history.
    assert.deepEqual(
      unknownCodes('docs/decisions/0001-x.md', page).at(-1),
      'docs/decisions/0001-x.md:5 no_such_code',
    );
  });
});
