import createDOMPurify from 'dompurify';
import {nothing} from 'lit';
import {unsafeHTML} from 'lit/directives/unsafe-html.js';

// A private instance (the factory called with this window), never the module's shared default:
// a host page that adds hooks or settings to its own DOMPurify (the global, or the same npm
// module) cannot strip the widget's descriptions, and the widget's hook never reaches the page.
let purifier: ReturnType<typeof createDOMPurify> | null = null;

function instance() {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // A relative image would load from the host page's origin, which is never what the model
    // meant; only absolute web images stay.
    if (node instanceof HTMLImageElement && !/^https?:\/\//i.test(node.getAttribute('src') ?? '')) {
      node.remove();
      return;
    }
    // Links in model texts leave the configurator; never let them control this page.
    if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/**
 * Model texts may carry formatting HTML. Keeps formatting, links and images; drops scripts,
 * event handler attributes, styles, forms, frames and `javascript:` URLs.
 */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    USE_PROFILES: {html: true},
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'dialog',
      // Media and image maps load or link past the image hook's check.
      'video',
      'audio',
      'source',
      'track',
      'picture',
      'area',
      'map',
    ],
    FORBID_ATTR: ['style', 'id', 'name', 'slot', 'part', 'tabindex', 'autofocus', 'srcset'],
    ALLOW_DATA_ATTR: false,
  });
}

/** Renders sanitized model HTML; nothing for empty texts. */
export function richText(html: string | null | undefined) {
  if (!html || !html.trim()) return nothing;
  // DOMPurify hands back its input untouched where it cannot work (a document without the
  // parts it needs): then the text is shown without its markup, as plain text Lit escapes.
  if (!instance().isSupported) return html.replace(/<[^>]*>/g, '');
  return unsafeHTML(sanitizeHtml(html));
}
