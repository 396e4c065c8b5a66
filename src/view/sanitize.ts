import {nothing, noChange, type ChildPart} from 'lit';
import {AsyncDirective, directive, type PartInfo} from 'lit/async-directive.js';

// Model texts may carry formatting HTML. Kept: formatting, links and absolute web images.
// Dropped: scripts, event handlers, `javascript:` URLs (the platform's baseline and
// DOMPurify's), and below: styles, forms, frames, media, image maps, SVG and MathML, and every
// attribute but those listed.
const removedElements = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'dialog',
  // Media and image maps load or link past the image check below.
  'video',
  'audio',
  'source',
  'track',
  'picture',
  'area',
  'map',
  // Nothing that reaches past the text: documents, styles, plugins, templates.
  'base',
  'meta',
  'link',
  'object',
  'embed',
  'frame',
  'frameset',
  'noscript',
  'template',
  'slot',
];
// Attributes are an allow-list: what formatting, links, images and tables need. Anything else
// (classes and ids the widget's own styles or labels could match, `style`, `ping`,
// `referrerpolicy`, `popover`, ARIA, data) goes. It also keeps Chromium 156's `setHTML` alive:
// with a remove-list it crashes the tab on event attributes such as `onstart` or
// `onvisibilitychange`, and with an allow-list it never sees them (docs/decisions/0080).
const keptAttributes = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'lang',
  'dir',
  'colspan',
  'rowspan',
  'headers',
  'scope',
  'start',
  'reversed',
  'datetime',
  'open',
];

// The Sanitizer API (`Element.prototype.setHTML`), not yet in TypeScript's DOM types.
interface SanitizingElement {
  setHTML(
    html: string,
    options: {
      sanitizer: {
        removeElements: (string | {name: string; namespace: string})[];
        attributes: string[];
      };
    },
  ): void;
}

type Purifier = {
  sanitize(html: string, config: Record<string, unknown>): DocumentFragment;
};

/** DOMPurify, loaded on demand where the platform has no sanitiser (see `loadFallback`). */
let purifier: Purifier | null = null;
let loading: Promise<Purifier> | null = null;

let inertDocument: Document | undefined;

/** Text without `<` or `&` is plain text: no parsing, no sanitiser, no chunk to load. */
const hasMarkup = (text: string) => /[<&]/.test(text);

const platformSanitizes = () => typeof Element !== 'undefined' && 'setHTML' in Element.prototype;

const safeSchemes = ['http:', 'https:', 'mailto:', 'tel:'];

/**
 * Whether a link or source goes to the web, mail or a phone. Read as the browser will read it
 * (it drops tabs and line breaks anywhere in a URL: `fi&#9;le:` is `file:`); a relative URL
 * resolves to the page's own scheme.
 */
function safeUrl(value: string): boolean {
  try {
    return safeSchemes.includes(new URL(value, document.baseURI).protocol);
  } catch {
    return false;
  }
}

/**
 * Rules past either sanitiser's own: only absolute web images (a relative one would load from
 * the host page's origin, never what the model meant), links that open apart from this page, no
 * data attributes, nothing outside the HTML namespace. Answers false when the element went.
 */
function finishElement(el: Element): boolean {
  if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
    el.remove();
    return false;
  }
  if (el.localName === 'img' && !/^https?:\/\//i.test(el.getAttribute('src') ?? '')) {
    el.remove();
    return false;
  }
  // DOMPurify's html profile has its own attribute list; this one holds for both sanitisers.
  for (const name of el.getAttributeNames()) {
    if (!keptAttributes.includes(name)) el.removeAttribute(name);
  }
  // Links and sources: the web, mail and phone only (no data:, blob:, file: or script URLs).
  for (const name of ['href', 'src']) {
    const value = el.getAttribute(name);
    if (value !== null && !safeUrl(value)) el.removeAttribute(name);
  }
  if (el.localName === 'a' && el.hasAttribute('href')) {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
  return true;
}

/**
 * Sanitises model HTML into a fragment for this document, or null when the platform has no
 * sanitiser and DOMPurify is not loaded yet. The text is parsed in an inert document, so
 * nothing in it loads or runs before it is clean.
 */
export function sanitizeToFragment(text: string): DocumentFragment | null {
  // One inert document for every text: making one costs more than sanitising a short text,
  // and nothing stays in it (each text's nodes leave it at once).
  const inert = (inertDocument ??= document.implementation.createHTMLDocument(''));
  let fragment: DocumentFragment;
  if (platformSanitizes()) {
    const box = inert.createElement('div');
    (box as unknown as SanitizingElement).setHTML(text, {
      sanitizer: {
        removeElements: [
          ...removedElements,
          // Foreign content is dropped whole rather than left to the namespace check below.
          {name: 'svg', namespace: 'http://www.w3.org/2000/svg'},
          {name: 'math', namespace: 'http://www.w3.org/1998/Math/MathML'},
        ],
        attributes: keptAttributes,
      },
    });
    for (const el of [...box.querySelectorAll('*')]) finishElement(el);
    fragment = inert.createDocumentFragment();
    fragment.append(...box.childNodes);
  } else if (purifier) {
    // The hook added in loadFallback applies finishElement before anything leaves DOMPurify.
    fragment = purifier.sanitize(text, {
      USE_PROFILES: {html: true},
      FORBID_TAGS: removedElements,
      RETURN_DOM_FRAGMENT: true,
    });
  } else {
    return null;
  }
  return document.importNode(fragment, true);
}

/**
 * Loads DOMPurify, for browsers without `Element.prototype.setHTML`. Called only when a model
 * text holds markup there; a second call shares the first load, and a failed load (offline)
 * may be tried again.
 */
export function loadFallback(): Promise<unknown> {
  loading ??= import('dompurify').then(
    ({default: createDOMPurify}) => {
      // A private instance: hooks and settings of the host page's own DOMPurify (the global, or
      // the same npm module) never reach the widget's texts, and nothing of ours reaches theirs.
      const instance = createDOMPurify(window);
      // Where DOMPurify cannot work either, its answer would be the unsanitised input.
      if (!instance.isSupported) throw new Error('no sanitiser in this browser');
      instance.addHook('afterSanitizeAttributes', (node) => {
        if (node.nodeType === 1) finishElement(node as Element);
      });
      purifier = instance as unknown as Purifier;
      return purifier;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The text of model HTML without its markup, read in an inert document. */
function plainText(text: string): string {
  return new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '';
}

/** Sanitised model HTML as a string (loads DOMPurify first where the platform has no sanitiser). */
export async function sanitizeHtml(text: string): Promise<string> {
  if (!platformSanitizes()) await loadFallback();
  const box = document.createElement('div');
  box.append(sanitizeToFragment(text) ?? plainText(text));
  return box.innerHTML;
}

class RichTextDirective extends AsyncDirective {
  #text: string | null = null;

  constructor(part: PartInfo) {
    super(part);
  }

  render(text: string): unknown {
    return text;
  }

  override update(_part: ChildPart, [text]: [string]): unknown {
    if (text === this.#text) return noChange;
    this.#text = text;
    if (!hasMarkup(text)) return text;
    const fragment = sanitizeToFragment(text);
    if (fragment) return fragment;
    // Plain text until the fallback sanitiser is here; it stays plain text if it never comes.
    loadFallback().then(
      () => {
        if (this.#text === text && this.isConnected) {
          this.setValue(sanitizeToFragment(text) ?? plainText(text));
        }
      },
      () => {},
    );
    return plainText(text);
  }
}

const richTextDirective = directive(RichTextDirective);

/** Renders sanitised model HTML; nothing for empty texts. */
export function richText(text: string | null | undefined) {
  if (!text || !text.trim()) return nothing;
  return richTextDirective(text);
}
