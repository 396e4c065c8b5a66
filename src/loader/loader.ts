// The script-tag file (dist/product-configurator.js): a few hundred bytes that run as a module
// and as a classic script. It reserves the configurator's space, then loads the element and
// what its first screen needs, all at once, from the chunks beside it, and starts the first
// element's token request (which carries its start) at the same time; with loading="lazy" only
// once an element nears the viewport or the shopper reaches for it
// (docs/decisions/0082-a-loader-for-the-script-tag.md).
import reservedSpace from './reserved-space.css';

/** Filled in by the build: the chunks of the first screen, by their hashed names. */
declare const FIRST_SCREEN: {element: string; view: string; languages: Record<string, string>};

const tag = 'product-configurator';

// Read now: it is null once this script has finished running. As a module it is null anyway,
// and a relative import() resolves against the module's own URL. A classic script's relative
// import() does not (Chromium resolves it against about:blank for a script from another origin
// without `crossorigin`), so its chunks are addressed from its own URL.
const script = document.currentScript as HTMLScriptElement | null;
const at = (file: string) => (script?.src ? new URL(file, script.src).href : './' + file);

if (!document.getElementById(`${tag}-space`)) {
  const style = document.createElement('style');
  style.id = `${tag}-space`;
  style.textContent = reservedSpace;
  // First in <head>: the page's own rules (its --configurator-height) come later and win.
  document.head.prepend(style);
}

/** Reduces `nl-BE` or `NL` to `nl`, as the element does. */
const baseLanguage = (lang: string | null | undefined) =>
  (lang ?? '').trim().toLowerCase().split(/[-_]/)[0]!;

/**
 * The first element's token request, started now rather than once the element's module has run:
 * it names the element's start (docs/decisions/0075-the-token-request-starts-the-session.md), so
 * the token and the first screen's configuration come back while the chunks load. It is left
 * under a global symbol for the element's token source to take (src/session/start-with-token.ts
 * reads the same key). Only the plain case is asked for early: a `token-endpoint` without a
 * `fetchToken` (which wins over it), a `model` and no configuration to resume; the element asks
 * for anything else itself, as it would anyway. The body is the one the element would send (the
 * language found as the element finds it), so the element recognises it as its own start; if
 * the element has changed meanwhile, only the token is used.
 */
const askTokenEarly = (el: Element) => {
  const endpoint = el.getAttribute('token-endpoint')?.trim();
  const model = el.getAttribute('model')?.trim();
  if (
    !endpoint ||
    !model ||
    (el as {fetchToken?: unknown}).fetchToken ||
    el.getAttribute('configuration')?.trim() ||
    /[?&]configuration=/.test(location.search)
  ) {
    return;
  }
  const lang = baseLanguage(el.closest('[lang]')?.getAttribute('lang')) || 'en';
  const url = new URL(endpoint, document.baseURI).href;
  const body = JSON.stringify({start: {model, lang}});
  // As the element's token source sends it: JSON labelled text/plain, a CORS simple request.
  const response = fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {Accept: 'application/json', 'Content-Type': 'text/plain;charset=UTF-8'},
    body,
  });
  // A failure is the element's to report once it takes the request; none goes unhandled here.
  response.catch(() => {});
  (window as unknown as Record<symbol, unknown>)[Symbol.for(`${tag}.early-token`)] = {
    url,
    body,
    response,
  };
};

/**
 * The platform's number formatting reads its locale data the first time a page formats a
 * number: 50 to 150 ms of one task on this machine's Chromium, which fell inside the render of
 * the first screen (its prices and numbers) and made it the page's longest task. The data is
 * the process's, so a worker that formats one number first takes that time off the page's
 * main thread (docs/decisions/0101-lighthouse-start-up-tasks-off-the-main-thread.md). The worker's
 * code is this fixed text; the languages reach it as a message. Where the page's
 * Content-Security-Policy allows no `blob:` worker, nothing is warmed and the render pays as
 * before.
 */
const warmNumberFormats = (languages: string[]) => {
  try {
    const code =
      "onmessage=e=>{for(const l of e.data)try{new Intl.NumberFormat(l,{style:'currency'," +
      "currency:'EUR'}).format(1)}catch{}postMessage(0)}";
    const url = URL.createObjectURL(new Blob([code], {type: 'text/javascript'}));
    const worker = new Worker(url);
    worker.onmessage = worker.onerror = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    worker.postMessage(languages);
  } catch {
    // No worker here (a policy, an old platform): the first render formats as it always did.
  }
};

let booted = false;
const boot = () => {
  if (booted || customElements.get(tag)) return;
  booted = true;
  // The dictionaries the elements will show (English where there is none of their language).
  const {languages: dictionaries} = FIRST_SCREEN;
  const languages = new Set<string>();
  const tags = new Set<string>();
  const elements = [...document.querySelectorAll(tag)];
  for (const el of elements.length ? elements : [document.documentElement]) {
    const lang = baseLanguage(el.closest('[lang]')?.getAttribute('lang'));
    languages.add(dictionaries[lang] ?? dictionaries['en']!);
    if (/^[a-z]{2,3}$/.test(lang)) tags.add(lang);
  }
  // Requested together: the element's module, its configure view and the page's dictionaries
  // (the browser fetches each once; the element's own imports of them find them loading).
  for (const file of [FIRST_SCREEN.element, FIRST_SCREEN.view, ...languages]) {
    import(at(file)).catch((error: unknown) => {
      console.error(`<${tag}>: ${at(file)} did not load`, error);
    });
  }
  // The token request with them, so that neither waits for the other.
  const first = elements[0];
  if (first) askTokenEarly(first);
  warmNumberFormats(tags.size ? [...tags] : ['en']);
};

// Every element on the page lazy: nothing loads until one of them nears the viewport (the
// element's own margin) or the shopper points at, touches or tabs into one.
const start = () => {
  const elements = [...document.querySelectorAll(tag)];
  if (!elements.length || elements.some((el) => el.getAttribute('loading') !== 'lazy')) {
    boot();
    return;
  }
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      boot();
    },
    {rootMargin: '50% 0px'},
  );
  for (const el of elements) {
    near.observe(el);
    for (const type of ['pointerenter', 'touchstart', 'focusin']) {
      el.addEventListener(type, boot, {once: true, passive: true});
    }
  }
};

// The reserved height is the host's guess of its model's first screen: once that screen shows,
// say so where the guess is off, with the figure to put in its place.
document.addEventListener('configurator-ready', (event) => {
  const el = event.target as HTMLElement;
  requestAnimationFrame(() => {
    const reserved = parseFloat(getComputedStyle(el).minHeight);
    const shown = el.shadowRoot?.querySelector('[part~="base"]')?.getBoundingClientRect().height;
    if (!shown || !reserved || Math.abs(shown - reserved) < 8) return;
    console.info(
      `<${tag} model="${el.getAttribute('model')}">: its first screen is ${Math.ceil(shown)}px ` +
        `tall at ${el.clientWidth}px wide, ${reserved}px were reserved: set ` +
        `--configurator-height: ${Math.ceil(shown)}px for this layout so that the page neither ` +
        `moves nor keeps a gap.`,
    );
  });
});

// A classic script in <head> runs before the body's elements exist.
if (document.readyState === 'loading' && !document.querySelector(tag)) {
  document.addEventListener('DOMContentLoaded', start, {once: true});
} else {
  start();
}
