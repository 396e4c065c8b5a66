// The configured product's picture, beside the session rather than in it: a function taking the
// session, so a page that shows no picture does not load it (the element's extras chunk does).
// Built alone as dist/product-configurator-image.js, the package export
// `product-configurator/session/image`
// (docs/decisions/0062-capabilities-beside-the-headless-session.md).
import type {ConfiguratorSession} from './index.js';
import {keyedImage, type ImageOptions} from './keyed-image.js';

export type {ImageOptions};

/**
 * The configured product's picture as the service draws it now (versioned GET {id}/image),
 * `size` pixels square, for a step when `stepId` is given, with the session's token. Not
 * queued behind inputs: it shows whatever state the service has when it answers, so ask once
 * the session is settled. Aborted by `signal` and by whatever resets the session.
 */
export async function image(
  session: ConfiguratorSession,
  options: ImageOptions = {},
): Promise<Blob> {
  return (await keyedImage(session, options)).blob;
}
