// Which options of the step on screen are in or near the viewport: a step too large to ask the
// service about at once is asked about these, in pages, as the shopper scrolls to them
// (docs/decisions/0098).
const add = (found: Map<Element, string[]>, element: Element, id: string) => {
  const ids = found.get(element);
  if (ids) ids.push(id);
  else found.set(element, [id]);
};

export class OptionsInView {
  #observer: IntersectionObserver | null;
  /** Every option element watched, with the option ids it stands for. */
  #ids = new Map<Element, string[]>();
  #inView = new Set<Element>();

  /**
   * `more` runs after the observer has reported: options came into view or left it, or options
   * just watched were measured for the first time.
   */
  constructor(more: () => void) {
    this.#observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (entry.isIntersecting) this.#inView.add(entry.target);
                else this.#inView.delete(entry.target);
              }
              more();
            },
            // Half a viewport above and below: scrolled to, the figures are there already.
            {rootMargin: '50% 0px'},
          )
        : null;
  }

  /**
   * Watches the options now in `root`: each option box, and for a dropdown its `<select>` (its
   * options have no box of their own; one in view shows them all a click away). Answers whether
   * any is watched for the first time: the observer reports on it in a moment.
   */
  sync(root: ParentNode | null): boolean {
    const found = new Map<Element, string[]>();
    root?.querySelectorAll<HTMLElement>('[data-effect-source]').forEach((element) => {
      if (element instanceof HTMLOptionElement) {
        const select = element.closest('select');
        if (select) add(found, select, element.value);
      } else if (element.dataset.node) {
        add(found, element, element.dataset.node);
      }
    });
    for (const element of this.#ids.keys()) {
      if (found.has(element)) continue;
      this.#observer?.unobserve(element);
      this.#inView.delete(element);
    }
    let fresh = false;
    for (const element of found.keys()) {
      if (this.#ids.has(element) || !this.#observer) continue;
      this.#observer.observe(element);
      fresh = true;
    }
    this.#ids = found;
    return fresh;
  }

  /** The ids of the options in or near the viewport (every one where nothing can tell). */
  ids(): Set<string> {
    const out = new Set<string>();
    for (const [element, ids] of this.#ids) {
      if (!this.#observer || this.#inView.has(element)) ids.forEach((id) => out.add(id));
    }
    return out;
  }

  disconnect(): void {
    this.#observer?.disconnect();
    this.#ids.clear();
    this.#inView.clear();
  }
}
