import {html, nothing} from 'lit';

/**
 * The configured product, small, in the total bar: on a phone the summary with the large
 * picture is below the steps, and the bar is what stays in view while the shopper chooses.
 * Decorative there (`alt=""`): the summary's picture carries the product's name. Not
 * `.product-image`, which the picture controller measures to size what it asks for.
 */
export function renderBarPicture(src: string | null) {
  return src ? html`<img class="bar-picture" part="image" src=${src} alt="" />` : nothing;
}
