// One capped body reader for both sides: the token endpoint helper reads a page's token
// request and the service's answer to a session start with it, the reference service
// (service/http/body.ts) every request body. Neither may be made to hold more than it expects.
// It imports nothing, so the service may share it without taking anything else of src/.

/**
 * The bytes of `message`'s body, or `undefined` once it passes `max` bytes, whether its
 * `Content-Length` says so or the stream does. Reading stops at once: a stream that never ends
 * must not fill the memory.
 */
export async function readCapped(
  message: Request | Response,
  max: number,
): Promise<Uint8Array | undefined> {
  const declared = Number(message.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await message.body?.cancel().catch(() => {});
    return undefined;
  }
  if (declared <= max && message instanceof Request) {
    // A request's declared length bounds what Node's HTTP parser delivers, so its body can be
    // read whole, which on Node skips the web stream the reader below builds for a few bytes
    // (it showed in the service's profile). Never for a response: `fetch` decompresses, so
    // its length says nothing of the bytes it hands over.
    const bytes = new Uint8Array(await message.arrayBuffer());
    return bytes.byteLength > max ? undefined : bytes;
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
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
