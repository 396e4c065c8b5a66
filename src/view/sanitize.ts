import {nothing, noChange, type ChildPart} from 'lit';
import {AsyncDirective, directive, type PartInfo} from 'lit/async-directive.js';

// Model texts may carry formatting HTML. Kept: formatting, links and absolute web images.
// Dropped: scripts, event handlers, `javascript:` URLs (the platform's baseline and
// DOMPurify's), and below: styles, forms, frames, media, image maps, SVG and MathML.
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
const removedAttributes = [
  'style',
  'id',
  'name',
  'slot',
  'part',
  'tabindex',
  'autofocus',
  'srcset',
];

// The Sanitizer API (`Element.prototype.setHTML`), not yet in TypeScript's DOM types.
interface SanitizingElement {
  setHTML(
    html: string,
    options: {
      sanitizer: {
        removeElements: (string | {name: string; namespace: string})[];
        removeAttributes: string[];
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

// A scheme other than http(s), mailto or tel, read past the whitespace and control characters
// browsers skip.
const unsafeUrl = /^[\s\0-\x1f]*(?!(?:https?|mailto|tel):)[a-z][a-z\d+.-]*:/i;

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
  for (const name of el.getAttributeNames()) {
    const value = el.getAttribute(name) ?? '';
    // Links and sources: the web, mail and phone only (no data:, blob: or script URLs).
    const url = /^(href|src|action|formaction|cite|poster|background|xlink:href)$/.test(name);
    if (name.startsWith('data-') || (url && unsafeUrl.test(value))) el.removeAttribute(name);
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
        removeAttributes: removedAttributes,
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
      FORBID_ATTR: removedAttributes,
      ALLOW_DATA_ATTR: false,
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
