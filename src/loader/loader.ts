// The script-tag file (dist/product-configurator.js): a few hundred bytes that run as a module
// and as a classic script. It reserves the configurator's space, then loads the element and
// what its first screen needs, all at once, from the chunks beside it; with loading="lazy" only
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

let booted = false;
const boot = () => {
  if (booted || customElements.get(tag)) return;
  booted = true;
  // The dictionaries the elements will show (English where there is none of their language).
  const {languages: dictionaries} = FIRST_SCREEN;
  const languages = new Set<string>();
  const elements = [...document.querySelectorAll(tag)];
  for (const el of elements.length ? elements : [document.documentElement]) {
    const lang = el.closest('[lang]')?.getAttribute('lang') ?? '';
    languages.add(dictionaries[lang.toLowerCase().split(/[-_]/)[0]!] ?? dictionaries['en']!);
  }
  // Requested together: the element's module, its configure view and the page's dictionaries
  // (the browser fetches each once; the element's own imports of them find them loading).
  for (const file of [FIRST_SCREEN.element, FIRST_SCREEN.view, ...languages]) {
    import(at(file)).catch((error: unknown) => {
      console.error(`<${tag}>: ${at(file)} did not load`, error);
    });
  }
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
