// The configured product's picture, beside the session rather than in it: a function taking the
// session, so a page that shows no picture does not load it (the element's extras chunk does).
// Built alone as dist/product-configurator-image.js, the package export
// `product-configurator/session/image`
// (docs/decisions/0062-capabilities-beside-the-headless-session.md).
import {ConfiguratorError, type ConfiguratorSession} from './index.js';

/** What {@link image} asks for. */
export interface ImageOptions {
  /** Pixels, square; the service's default when not given. */
  size?: number;
  /** The picture of one step, when given. */
  stepId?: string;
  signal?: AbortSignal;
}

/** A picture, and which drawing it is where the service says so. */
export interface KeyedImage {
  blob: Blob;
  /**
   * The drawing's key, from the answer's `ETag` (the reference service's `pictureKey`,
   * docs/decisions/0112); null when the service sends none.
   */
  key: string | null;
}

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

/**
 * {@link image} with the key of the drawing that came: a change may reach the service while
 * the picture is on its way, and the key says which state it shows.
 */
export function keyedImage(
  session: ConfiguratorSession,
  options: ImageOptions = {},
): Promise<KeyedImage> {
  const id = session.id;
  if (!id) {
    return Promise.reject(
      new ConfiguratorError('not_started', 'No session has been started or opened'),
    );
  }
  return session._send<KeyedImage>({
    method: 'GET',
    path: `/configurator/3/configurator/${encodeURIComponent(id)}/image`,
    query: {size: options.size ? String(options.size) : undefined, stepId: options.stepId},
    signal: options.signal,
    blob: 'image/*',
    read: (blob, _status, headers) => ({
      blob: blob as Blob,
      // Weak or strong, the opaque part: the key as the answers carry it.
      key: /^(?:W\/)?"([^"]{1,128})"$/.exec(headers?.get('ETag') ?? '')?.[1] ?? null,
    }),
  });
}
