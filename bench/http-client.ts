import net from 'node:net';

/** An answer as it came: status, the body's pieces (undecoded) and its content coding. */
export interface RawAnswer {
  status: number;
  chunks: Buffer[];
  encoding: string | undefined;
  /** Bytes of the body on the wire (after any content coding). */
  bodyBytes: number;
}

interface Pending {
  resolve(answer: RawAnswer): void;
  reject(error: Error): void;
}

const headerEnd = Buffer.from('\r\n\r\n');

/**
 * A minimal HTTP/1.1 client on one kept-alive socket, one request at a time, for the load
 * generator. `node:http` costs the benchmark's clients about as much CPU as the service spends
 * on a small answer (header objects, parser callbacks, stream events per answer), and the
 * clients share the machine's two cores with the service; this one writes a prepared request
 * and reads the status line, `Content-Length` and `Content-Encoding` of the answer, nothing
 * else. It is not a general client: answers must carry a length (the service's always do) or be
 * chunked.
 */
export class HttpConnection {
  readonly #host: string;
  readonly #port: number;
  #socket: net.Socket | undefined;
  #pending: Pending | undefined;
  #head: Buffer | undefined;
  #answer: RawAnswer | undefined;
  #remaining = 0;
  #chunked = false;
  #chunkBuffer: Buffer | undefined;

  constructor(url: string) {
    const {hostname, port} = new URL(url);
    this.#host = hostname;
    this.#port = Number(port || 80);
  }

  /** Sends one request (its whole text, head and body) and resolves with the answer. */
  request(text: Buffer): Promise<RawAnswer> {
    if (this.#pending) throw new Error('One request at a time per connection');
    return new Promise<RawAnswer>((resolve, reject) => {
      this.#pending = {resolve, reject};
      this.#socket ??= this.#connect();
      this.#socket.write(text);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
  }

  #connect(): net.Socket {
    const socket = net.connect({host: this.#host, port: this.#port, noDelay: true});
    socket.on('data', (data: Buffer) => this.#read(data));
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
    this.#chunked = false;
    this.#chunkBuffer = undefined;
  }

  #read(data: Buffer): void {
    if (!this.#answer) {
      const head = this.#head ? Buffer.concat([this.#head, data]) : data;
      const end = head.indexOf(headerEnd);
      if (end < 0) {
        this.#head = head;
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
        chunks: [],
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
    if (data.length > 0) {
      this.#answer.chunks.push(data);
      this.#answer.bodyBytes += data.length;
      this.#remaining -= data.length;
    }
    if (this.#remaining <= 0) this.#finish();
  }

  /** `Transfer-Encoding: chunked` (answers without a known length), decoded as it comes. */
  #readChunked(data: Buffer): void {
    let buffer = this.#chunkBuffer ? Buffer.concat([this.#chunkBuffer, data]) : data;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n');
      if (lineEnd < 0) break;
      const size = parseInt(buffer.toString('latin1', 0, lineEnd), 16);
      if (size === 0) {
        if (buffer.length < lineEnd + 4) break;
        this.#chunkBuffer = undefined;
        this.#finish();
        return;
      }
      if (buffer.length < lineEnd + 2 + size + 2) break;
      const chunk = buffer.subarray(lineEnd + 2, lineEnd + 2 + size);
      this.#answer!.chunks.push(chunk);
      this.#answer!.bodyBytes += size;
      buffer = buffer.subarray(lineEnd + 2 + size + 2);
    }
    this.#chunkBuffer = buffer;
  }

  #finish(): void {
    const pending = this.#pending;
    const answer = this.#answer!;
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
