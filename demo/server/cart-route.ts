// The demo shop's cart: what a host's server does with the form the widget takes part in. It
// trusts nothing the page posts but the signed statement, verified with `verifyConfiguration`
// (the package's `product-configurator/token-endpoint` entry), and shows the cart line at the
// signed price.
import type {Context} from 'hono';
import {readCapped} from '../../src/server/read-capped.js';
import {
  ConfigurationKeys,
  ConfigurationVerificationError,
  verifyConfiguration,
  type SignedConfiguration,
} from '../../src/server/token-endpoint.js';

export interface CartRouteOptions {
  /** The service's key set, fetched from this very server over loopback. */
  jwksUrl: () => string;
  /** The field name the widget has in the form. */
  field?: string;
}

/** A cart form is a few kilobytes: the statement is most of it. */
const maxBodyBytes = 32 * 1024;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!,
  );

/** POST /cart: verifies the posted configuration and answers the cart page (or a refusal). */
export function cartRoute(options: CartRouteOptions) {
  const field = options.field ?? 'configuration';
  let keys: ConfigurationKeys | undefined;
  return async (c: Context) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return page(c, 415, 'Not a form', '<p>The cart takes the add-to-cart form only.</p>');
    }
    const bytes = await readCapped(c.req.raw, maxBodyBytes);
    if (!bytes) return page(c, 413, 'Too large', '<p>The form is larger than a cart takes.</p>');
    const form = new URLSearchParams(new TextDecoder().decode(bytes));
    const jws = form.get(`${field}-signed`) ?? '';
    const quantity = Number(form.get('quantity') ?? '1');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
      return refused(c, 'invalid_quantity', 'The quantity must be a whole number from 1 to 99.');
    }
    keys ??= new ConfigurationKeys({jwksUrl: options.jwksUrl()});
    let claims: SignedConfiguration;
    try {
      // The issuer is the origin this page was served from: the widget on it used the same
      // origin for the service (no `api-url`), and the service names the origin it was reached at.
      claims = await verifyConfiguration(jws, {
        jwksUrl: keys.jwksUrl,
        issuer: new URL(c.req.url).origin,
        keys,
      });
    } catch (error) {
      if (!(error instanceof ConfigurationVerificationError)) throw error;
      return refused(c, error.code, error.message);
    }
    // The id beside the statement must be the statement's own: one product, one price.
    if (form.get(field) !== claims.sub || form.get(`${field}-code`) !== claims.code) {
      return refused(c, 'mismatch', 'The posted configuration is not the signed one.');
    }
    return page(c, 200, 'Your cart', cartLine(claims, quantity));
  };
}

function money(amount: number, claims: SignedConfiguration): string {
  return new Intl.NumberFormat(claims.lang, {style: 'currency', currency: claims.currency}).format(
    amount,
  );
}

function cartLine(claims: SignedConfiguration, quantity: number): string {
  const lines = claims.lines
    .map(
      (line) =>
        `<li>${escapeHtml(line.description)}${
          typeof line.value === 'string' ? ` “${escapeHtml(line.value)}”` : ''
        } <span>${escapeHtml(money(line.priceInclVat, claims))}</span></li>`,
    )
    .join('');
  const total = Math.round(claims.totalInclVat * quantity * 100) / 100;
  return `<section class="cart-line" data-configuration="${escapeHtml(claims.sub)}">
  <h2>${escapeHtml(claims.name)}</h2>
  <p>Configuration code <strong class="code">${escapeHtml(claims.code)}</strong></p>
  <ul>${lines}</ul>
  <p>Unit price <strong class="unit-price">${escapeHtml(money(claims.totalInclVat, claims))}</strong> incl. VAT
  (${escapeHtml(money(claims.totalExclVat, claims))} excl. VAT)</p>
  <p>Quantity <strong class="quantity">${quantity}</strong></p>
  <p>Line total <strong class="line-total" data-amount="${total}">${escapeHtml(money(total, claims))}</strong> incl. VAT</p>
  <p class="verified">Price verified: signed by the configurator service.</p>
</section>`;
}

function refused(c: Context, code: string, message: string) {
  return page(
    c,
    400,
    'Not added to the cart',
    `<p class="refused" data-code="${escapeHtml(code)}">The configuration was refused
    (<code>${escapeHtml(code)}</code>): ${escapeHtml(message)}</p>`,
  );
}

function page(c: Context, status: 200 | 400 | 413 | 415, title: string, body: string) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Northwind Studio</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#151a23}
li span{float:right}ul{padding-left:1.2rem}.refused{color:#b42318}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}<p><a href="/cart.html">Back to the configurator</a></p></body></html>`,
    status,
  );
}
