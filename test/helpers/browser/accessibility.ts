// What the accessibility tests measure in the page: axe (the pinned axe-core, WCAG 2.0 to 2.2
// A and AA rules and axe's best practices), target sizes from the layout, horizontal overflow,
// clipped text and colour contrast.
import type {AxeResults, RunOptions} from 'axe-core';

interface Axe {
  run(context: Element | Document, options: RunOptions): Promise<AxeResults>;
}

let axeLoaded: Promise<Axe> | undefined;

/** axe-core registers itself on `window` when its browser file runs. */
function loadAxe(): Promise<Axe> {
  axeLoaded ??= import('axe-core/axe.min.js' as string).then(
    () => (window as unknown as {axe: Axe}).axe,
  );
  return axeLoaded;
}

/** Every WCAG 2.0, 2.1 and 2.2 rule at levels A and AA that axe has, and its best practices. */
export const wcagTags = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const;

/** axe's violations inside `context`, one line each: rule, element, what is wrong. */
export async function axeViolations(context: Element | Document): Promise<string[]> {
  const axe = await loadAxe();
  const results = await axe.run(context, {
    runOnly: {type: 'tag', values: [...wcagTags]},
    resultTypes: ['violations'],
  });
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 160)} (${n.failureSummary ?? v.help})`),
  );
}

const interactive =
  'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="tab"], [tabindex="0"]';

const rendered = (e: Element) => e.getClientRects().length > 0;

/** The box a pointer can hit to operate `control`: the control with its label, if it has one. */
function hitBox(control: Element, root: ShadowRoot | Document): DOMRect {
  const box = control.getBoundingClientRect();
  const labels = [
    control.closest('label'),
    control.id ? root.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null,
  ].filter((l): l is HTMLLabelElement => !!l && rendered(l));
  let {left, top, right, bottom} = box;
  for (const label of labels) {
    const l = label.getBoundingClientRect();
    // A label away from its control (a field's heading above it) does not enlarge the target.
    const touches =
      l.left <= right && l.right >= left && l.top <= bottom + 1 && l.bottom >= top - 1;
    if (!touches) continue;
    left = Math.min(left, l.left);
    top = Math.min(top, l.top);
    right = Math.max(right, l.right);
    bottom = Math.max(bottom, l.bottom);
  }
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * Every visible control (and its label) smaller than 24 by 24 CSS px (WCAG 2.2, 2.5.8), as
 * `description widthxheight`. A link inside a sentence is exempt (the criterion's inline
 * exception).
 */
export function smallTargets(root: ShadowRoot | Document): string[] {
  const out: string[] = [];
  for (const control of root.querySelectorAll<HTMLElement>(interactive)) {
    if (!rendered(control) || control.closest('.sr-only')) continue;
    if (control.matches('a') && getComputedStyle(control).display === 'inline') continue;
    const box = hitBox(control, root);
    if (box.width >= 24 && box.height >= 24) continue;
    const name = (control.textContent ?? '').trim().slice(0, 30) || control.outerHTML.slice(0, 80);
    out.push(`${name} ${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
  }
  return out;
}

/** How many of the shadow root's visible controls `smallTargets` measured. */
export function measuredTargets(root: ShadowRoot | Document): number {
  return Array.from(root.querySelectorAll(interactive)).filter(
    (c) => rendered(c) && !c.closest('.sr-only'),
  ).length;
}

/**
 * Whether anything makes the page scroll sideways, or sticks out of the element's box: the
 * elements of the shadow root whose right edge passes the element's, outside boxes that scroll
 * on their own (a table in a model text, the step tabs).
 */
export function horizontalOverflow(el: HTMLElement): string[] {
  const out: string[] = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    out.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
  }
  const edge = el.getBoundingClientRect();
  for (const e of el.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
    if (!rendered(e) || e.closest('.sr-only, dialog:not([open])')) continue;
    if (scrollsInside(e)) continue;
    const box = e.getBoundingClientRect();
    if (box.right > edge.right + 1 || box.left < edge.left - 1) {
      out.push(`${describe(e)} spans ${box.left.toFixed(0)}..${box.right.toFixed(0)}`);
    }
  }
  return out;
}

function scrollsInside(e: Element): boolean {
  for (let p = e.parentElement; p; p = p.parentElement) {
    const x = getComputedStyle(p).overflowX;
    if (x === 'auto' || x === 'scroll') return true;
  }
  return false;
}

/**
 * Text that a box cuts off: elements whose content is taller or wider than a box that hides
 * what overflows. The visually hidden texts are meant to be, and so is a truncated tab title
 * (the step's heading below says it whole).
 */
export function clippedText(el: HTMLElement): string[] {
  const out: string[] = [];
  for (const e of el.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
    if (!rendered(e) || e.closest('.sr-only, .tab-title, [aria-hidden="true"]')) continue;
    const style = getComputedStyle(e);
    const hides = (o: string) => o === 'hidden' || o === 'clip';
    if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
    if (!e.textContent?.trim()) continue;
    const wide = hides(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
    const tall = hides(style.overflowY) && e.scrollHeight > e.clientHeight + 1;
    if (wide || tall) {
      out.push(
        `${describe(e)} ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`,
      );
    }
  }
  return out;
}

export function describe(e: Element): string {
  const cls = e.getAttribute('class')?.trim().split(/\s+/).join('.') ?? '';
  return `${e.localName}${cls ? `.${cls}` : ''}`;
}

/** sRGB channels of a computed colour (`rgb()`, `rgba()` or `color(srgb ...)`), 0 to 1. */
export function channels(color: string): [number, number, number, number] {
  const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)/.exec(color);
  if (srgb) return [+srgb[1]!, +srgb[2]!, +srgb[3]!, srgb[4] === undefined ? 1 : +srgb[4]];
  const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)/.exec(color);
  if (rgb)
    return [+rgb[1]! / 255, +rgb[2]! / 255, +rgb[3]! / 255, rgb[4] === undefined ? 1 : +rgb[4]];
  throw new Error(`unreadable colour ${color}`);
}

const luminance = ([r, g, b]: readonly number[]) => {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};

/** WCAG's contrast ratio of two opaque computed colours. */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(channels(a)), luminance(channels(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
