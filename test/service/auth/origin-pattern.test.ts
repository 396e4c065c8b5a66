// Which page origins a publishable key's `allowedOrigins` let in: exact origins, one level of
// subdomains, and the look-alikes a careless match would let through.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {originMatches, parseOriginPattern, patternText} from '../../../service/embed-keys/index.js';

const matches = (entry: string, origin: string) => originMatches(parseOriginPattern(entry), origin);

describe('a key origin pattern', () => {
  test('is normalised as browsers write Origin', () => {
    assert.equal(
      patternText(parseOriginPattern('HTTPS://Shop.Example:443/')),
      'https://shop.example',
    );
    assert.equal(patternText(parseOriginPattern('http://localhost:3000')), 'http://localhost:3000');
    assert.equal(
      patternText(parseOriginPattern('https://*.Shop.Example:8443')),
      'https://*.shop.example:8443',
    );
  });

  test('refuses what is not an origin, and wildcards that are too wide', () => {
    for (const entry of [
      'shop.example',
      'localhost:3000',
      'https://shop.example/path',
      'https://shop.example?x=1',
      'https://user@shop.example',
      'ftp://shop.example',
      'https://*.example',
      'https://*.*.shop.example',
      'https://shop*.example',
      'https://a.*.shop.example',
      'https://*.10.0.0',
      '*',
      'null',
    ]) {
      assert.throws(() => parseOriginPattern(entry), /is (not an origin|too wide)|wildcard/, entry);
    }
  });

  test('an exact origin matches itself only', () => {
    assert.ok(matches('https://shop.example', 'https://shop.example'));
    for (const origin of [
      'http://shop.example',
      'https://shop.example:8443',
      'https://www.shop.example',
      'https://shop.example.evil.test',
      'https://evilshop.example',
      'null',
      '',
    ]) {
      assert.equal(matches('https://shop.example', origin), false, origin);
    }
  });

  test('a wildcard matches one level of subdomains, same scheme and port', () => {
    const entry = 'https://*.shop.example';
    assert.ok(matches(entry, 'https://www.shop.example'));
    assert.ok(matches(entry, 'https://eu-1.shop.example'));
    for (const origin of [
      'https://shop.example',
      'https://a.b.shop.example',
      'http://www.shop.example',
      'https://www.shop.example:8443',
      'https://www.shop.example.evil.test',
      'https://wwwshop.example',
      'https://www.evilshop.example',
      'https://www.shop.example/',
      'https://-x.shop.example',
    ]) {
      assert.equal(matches(entry, origin), false, origin);
    }
    assert.ok(matches('https://*.shop.example:8443', 'https://www.shop.example:8443'));
  });
});
