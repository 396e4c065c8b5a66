/**
 * Keyboard focus moving onto a control the sticky total bar covers scrolls it clear (WCAG 2.2,
 * 2.4.11 focus not obscured). The page's scroll container belongs to the host, so instead of its
 * `scroll-padding-bottom` the focused control gets a `scroll-margin-bottom` of the bar's
 * height (see docs/decisions/0045-focus-kept-clear-of-the-total-bar.md).
 */
export function keepClearOfTotalBar(event: FocusEvent): void {
  const target = event.composedPath()[0];
  const main = event.currentTarget;
  if (!(target instanceof HTMLElement) || !(main instanceof HTMLElement)) return;
  // Only focus the shopper cannot see arriving (the keyboard's). A tap or click focuses on
  // press: scrolling then would move the control from under the finger before the release,
  // and the click would land elsewhere. What was tapped was visible enough to tap.
  if (!target.matches(':focus-visible')) return;
  const bar = main.querySelector<HTMLElement>(':scope > .total-bar');
  if (!bar || bar.contains(target) || bar.getClientRects().length === 0) return;
  const barBox = bar.getBoundingClientRect();
  main.style.setProperty('--_bar-space', `${Math.ceil(barBox.height) + 12}px`);
  const box = target.getBoundingClientRect();
  // Under the bar, or below it still: the browser's own scroll to a control below the screen
  // would bring it to the bottom edge, under the bar.
  if (box.bottom > barBox.top) target.scrollIntoView({block: 'nearest'});
}
