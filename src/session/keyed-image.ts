// The picture with the key of the drawing that came (its ETag, decision 112): what the
// element's picture controller files a picture under. Beside `image`, not in its public module.
import {ConfiguratorError, type ConfiguratorSession} from './index.js';

/** What a picture is asked for with. */
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
 * The picture (as `image` answers it) with the key of the drawing that came: a change may
 * reach the service while the picture is on its way, and the key says which state it shows.
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
