/**
 * The load generator's HTTP/1.1 client: keep-alive connections on plain sockets, one request in flight on each,
 * answers read by Content-Length or chunked framing. node:http's client costs about as much CPU per request as a
 * bare server does, and on a 2-core machine the load generator competes with the server for the cores: this one
 * costs a fraction of that, as wrk would, so the figures say more about the server.
 */
import net from 'node:net';

export interface Answer {
  status: number;
  body: Buffer;
}

const headerEnd = Buffer.from('\r\n\r\n');
const lineEnd = Buffer.from('\r\n');

/** One framed answer at the start of `data`, and how many bytes it took; undefined while it is incomplete. */
function parseAnswer(data: Buffer, method: string): { answer: Answer; used: number } | undefined {
  const end = data.indexOf(headerEnd);
  if (end < 0) return undefined;
  const head = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number((head[0] ?? '').split(' ')[1]);
  let length: number | undefined;
  let chunked = false;
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding' && value.toLowerCase().includes('chunked')) chunked = true;
  }
  const start = end + headerEnd.length;
  if (method === 'HEAD' || status === 204 || status === 304) return { answer: { status, body: Buffer.alloc(0) }, used: start };
  if (!chunked) {
    const size = length ?? 0;
    if (data.length < start + size) return undefined;
    return { answer: { status, body: data.subarray(start, start + size) }, used: start + size };
  }
  const chunks: Buffer[] = [];
  let at = start;
  for (;;) {
    const sizeEnd = data.indexOf(lineEnd, at);
    if (sizeEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, sizeEnd).toString('latin1'), 16);
    const chunkStart = sizeEnd + lineEnd.length;
    if (data.length < chunkStart + size + lineEnd.length) return undefined;
    if (size === 0) return { answer: { status, body: Buffer.concat(chunks) }, used: chunkStart + lineEnd.length };
    chunks.push(data.subarray(chunkStart, chunkStart + size));
    at = chunkStart + size + lineEnd.length;
  }
}

class Connection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { method: string; resolve: (answer: Answer) => void; reject: (err: Error) => void } | undefined;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      if (!this.waiting) return;
      const parsed = parseAnswer(this.received, this.waiting.method);
      if (!parsed) return;
      // The body is copied: it may be a view of a buffer the next answer reuses.
      this.received = this.received.subarray(parsed.used);
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve({ status: parsed.answer.status, body: Buffer.from(parsed.answer.body) });
    });
    const fail = (err: Error) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(err);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(method: string, head: string, body: Buffer | undefined): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { method, resolve, reject };
      if (body && body.length > 0) this.socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
      else this.socket.write(head, 'latin1');
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Up to `connections` keep-alive connections; a request waits for a free one. */
export class LoadClient {
  private readonly idle: Connection[] = [];
  private readonly all: Connection[] = [];
  private readonly queue: ((connection: Connection) => void)[] = [];
  authorization = '';

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly connections: number,
    private readonly prefix = '/api/v1',
  ) {}

  async request(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Answer> {
    const bytes = body === undefined ? undefined : Buffer.from(body);
    let head = `${method} ${this.prefix}${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    if (this.authorization) head += `authorization: ${this.authorization}\r\n`;
    if (bytes) head += `content-length: ${bytes.length}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    head += '\r\n';
    const connection = await this.take();
    try {
      return await connection.send(method, head, bytes);
    } catch (err) {
      // A broken connection is dropped; the next request opens another.
      this.all.splice(this.all.indexOf(connection), 1);
      connection.close();
      this.release(undefined);
      throw err;
    } finally {
      if (this.all.includes(connection)) this.release(connection);
    }
  }

  json(method: string, path: string, value: unknown): Promise<Answer> {
    return this.request(method, path, JSON.stringify(value), { 'content-type': 'application/json' });
  }

  close(): void {
    for (const connection of this.all) connection.close();
    this.all.length = 0;
    this.idle.length = 0;
  }

  private take(): Promise<Connection> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.all.length < this.connections) {
      const connection = new Connection(this.host, this.port);
      this.all.push(connection);
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** Hands a connection (or the room for a new one) to the next waiting request. */
  private release(connection: Connection | undefined): void {
    const next = this.queue.shift();
    if (!next) {
      if (connection) this.idle.push(connection);
      return;
    }
    if (connection) next(connection);
    else {
      const fresh = new Connection(this.host, this.port);
      this.all.push(fresh);
      next(fresh);
    }
  }
}
