// Bodies the helper reads come from a page (a token request) or from the service (a started
// session); neither may make it hold more than it expects.

/**
 * The bytes of `message`'s body, or `undefined` once it passes `max` bytes, whether its
 * `Content-Length` says so or the stream does. Reading stops at once: a stream that never ends
 * must not fill the memory.
 */
export async function readCapped(
  message: Request | Response,
  max: number,
): Promise<Uint8Array | undefined> {
  if (Number(message.headers.get('content-length')) > max) {
    await message.body?.cancel();
    return undefined;
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
