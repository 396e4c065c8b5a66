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

/**
 * The configured product's picture as the service draws it now (versioned GET {id}/image),
 * `size` pixels square, for a step when `stepId` is given, with the session's token. Not
 * queued behind inputs: it shows whatever state the service has when it answers, so ask once
 * the session is settled. Aborted by `signal` and by whatever resets the session.
 */
export function image(session: ConfiguratorSession, options: ImageOptions = {}): Promise<Blob> {
  const id = session.id;
  if (!id) {
    return Promise.reject(
      new ConfiguratorError('not_started', 'No session has been started or opened'),
    );
  }
  return session._send<Blob>({
    method: 'GET',
    path: `/configurator/3/configurator/${encodeURIComponent(id)}/image`,
    query: {size: options.size ? String(options.size) : undefined, stepId: options.stepId},
    signal: options.signal,
    blob: 'image/*',
  });
}
