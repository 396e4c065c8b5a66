import net from 'node:net';

/** An answer as it came: status, its body when asked for (undecoded), and its content coding. */
export interface RawAnswer {
  status: number;
  /** The body's bytes as they came (after any content coding); only when `keepBody` was asked. */
  body: Buffer | undefined;
  encoding: string | undefined;
  /** Bytes of the body on the wire (after any content coding), counted for every answer. */
  bodyBytes: number;
}

export interface RequestOptions {
  /** Keep the body's bytes (a copy) in the answer; otherwise they are counted and dropped. */
  keepBody?: boolean;
}

interface Pending {
  resolve(answer: RawAnswer): void;
  reject(error: Error): void;
}

const headerEnd = Buffer.from('\r\n\r\n');

/**
 * Where every connection's socket reads land. A full answer is 1.2 MB: read in Node's default
 * way, each read allocates a fresh 64 KiB buffer, and the 19 of them an answer takes stay alive
 * until the answer is complete, so the load generator spent more of its CPU on allocating and
 * collecting buffers than on reading (about 1 ms of garbage collection per full answer). Reads
 * into one reused buffer (`onread`) allocate nothing; 1 MiB lets one read take all the socket
 * has received. One buffer serves every connection: the callback handles a read before the
 * event loop reads another socket, and copies what it keeps.
 */
const readBuffer = Buffer.allocUnsafe(1024 * 1024);

/**
 * A minimal HTTP/1.1 client on one kept-alive socket, one request at a time, for the load
 * generator. `node:http` costs the benchmark's clients about as much CPU as the service spends
 * on a small answer (header objects, parser callbacks, stream events per answer), and the
 * clients share the machine's two cores with the service; this one writes a prepared request
 * and reads the status line, `Content-Length` and `Content-Encoding` of the answer, nothing
 * else. Every byte of every body is received and counted; a body is kept only when asked for.
 * It is not a general client: answers must carry a length (the service's always do) or be
 * chunked.
 */
export class HttpConnection {
  readonly #host: string;
  readonly #port: number;
  #socket: net.Socket | undefined;
  #pending: Pending | undefined;
  #keepBody = false;
  /** A head split over reads, copied (the read buffer is reused). */
  #head: Buffer | undefined;
  #answer: RawAnswer | undefined;
  /** Body bytes still to come (with a length) or left in the current chunk (chunked). */
  #remaining = 0;
  #kept: Buffer[] = [];
  #chunked = false;
  /** Chunked: the size line read so far, or the CRLF that ends a chunk's data still owed. */
  #sizeLine = '';
  #crlfOwed = 0;
  /** Chunked: the last (empty) chunk came; the answer ends with the CRLF after it. */
  #lastChunk = false;

  constructor(url: string) {
    const {hostname, port} = new URL(url);
    this.#host = hostname;
    this.#port = Number(port || 80);
  }

  /** Sends one request (its whole text, head and body) and resolves with the answer. */
  request(text: Buffer, {keepBody = false}: RequestOptions = {}): Promise<RawAnswer> {
    if (this.#pending) throw new Error('One request at a time per connection');
    return new Promise<RawAnswer>((resolve, reject) => {
      this.#pending = {resolve, reject};
      this.#keepBody = keepBody;
      this.#socket ??= this.#connect();
      this.#socket.write(text);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
  }

  #connect(): net.Socket {
    const socket = net.connect({
      host: this.#host,
      port: this.#port,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (size: number, buffer: Uint8Array) => {
          this.#read(Buffer.from(buffer.buffer, buffer.byteOffset, size));
          return true;
        },
      },
    });
    const fail = (error: Error) => {
      if (this.#socket === socket) this.#socket = undefined;
      const pending = this.#pending;
      this.#reset();
      pending?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The service closed the connection')));
    return socket;
  }

  #reset(): void {
    this.#pending = undefined;
    this.#head = undefined;
    this.#answer = undefined;
    this.#remaining = 0;
    this.#kept = [];
    this.#chunked = false;
    this.#sizeLine = '';
    this.#crlfOwed = 0;
    this.#lastChunk = false;
  }

  /** One socket read; `data` lies in the shared read buffer and is gone after this returns. */
  #read(data: Buffer): void {
    if (!this.#answer) {
      const head = this.#head ? Buffer.concat([this.#head, data]) : data;
      const end = head.indexOf(headerEnd);
      if (end < 0) {
        this.#head = Buffer.from(head);
        return;
      }
      this.#head = undefined;
      const text = head.toString('latin1', 0, end).toLowerCase();
      const header = (name: string) => {
        const at = text.indexOf(`\r\n${name}:`);
        if (at < 0) return undefined;
        const lineEnd = text.indexOf('\r\n', at + 2);
        return text.slice(at + name.length + 3, lineEnd < 0 ? undefined : lineEnd).trim();
      };
      this.#answer = {
        status: Number(text.slice(9, 12)),
        body: undefined,
        encoding: header('content-encoding'),
        bodyBytes: 0,
      };
      const length = header('content-length');
      this.#chunked = length === undefined && header('transfer-encoding') === 'chunked';
      this.#remaining = this.#chunked ? 0 : Number(length ?? 0);
      data = head.subarray(end + 4);
    }
    if (this.#chunked) {
      this.#readChunked(data);
      return;
    }
    if (data.length > 0) this.#body(data);
    this.#remaining -= data.length;
    if (this.#remaining <= 0) this.#finish();
  }

  /** Counts body bytes, and copies them when the body is kept. */
  #body(data: Buffer): void {
    this.#answer!.bodyBytes += data.length;
    if (this.#keepBody) this.#kept.push(Buffer.from(data));
  }

  /** `Transfer-Encoding: chunked` (answers without a known length), decoded as it comes. */
  #readChunked(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (this.#remaining > 0) {
        const take = Math.min(this.#remaining, data.length - at);
        this.#body(data.subarray(at, at + take));
        this.#remaining -= take;
        at += take;
        if (this.#remaining === 0) this.#crlfOwed = 2;
        continue;
      }
      if (this.#crlfOwed > 0) {
        this.#crlfOwed--;
        at++;
        if (this.#crlfOwed === 0 && this.#lastChunk) {
          this.#finish();
          return;
        }
        continue;
      }
      const lineEnd = data.indexOf('\n', at);
      if (lineEnd < 0) {
        this.#sizeLine += data.toString('latin1', at);
        return;
      }
      const line = (this.#sizeLine + data.toString('latin1', at, lineEnd)).trim();
      this.#sizeLine = '';
      at = lineEnd + 1;
      const size = parseInt(line, 16);
      if (size === 0) {
        // The last chunk; the service sends no trailers, so the CRLF after it ends the answer.
        this.#lastChunk = true;
        this.#crlfOwed = 2;
        continue;
      }
      this.#remaining = size;
    }
  }

  #finish(): void {
    const pending = this.#pending;
    const answer = this.#answer!;
    if (this.#keepBody) answer.body = Buffer.concat(this.#kept);
    this.#reset();
    pending?.resolve(answer);
  }
}

/** The text of a request with a JSON body, ready to write. */
export function requestText(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body = '',
): Buffer {
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`, '', body);
  return Buffer.from(lines.join('\r\n'));
}
