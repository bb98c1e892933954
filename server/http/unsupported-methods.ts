// Methods no route answers. Hono sees only the methods Node's parser knows; CONNECT and a method Node cannot parse
// never reach it, and Node's default for them is to close the socket (CONNECT) or answer a bare 400. Every one of
// them gets an answer the client can read instead: 501 with lakeFS's `{"message"}` body.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MiddlewareHandler } from 'hono';

export const answeredMethods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const answered = new Set<string>(answeredMethods);

export function notSupportedMessage(method: string): string {
  return `method ${method} is not supported: Tarn answers ${answeredMethods.join(', ')}`;
}

/** Refuses, before any route, a method Node parsed but no route answers (TRACE, PROPFIND, ...). */
export const refuseUnansweredMethods: MiddlewareHandler = async (c, next) => {
  if (answered.has(c.req.method)) return next();
  return c.json({ message: notSupportedMessage(c.req.method) }, 501, { allow: answeredMethods.join(', ') });
};

/** Node's own response on the socket, once a request was parsed; its headers may already be on the wire. */
type ServedSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

function writeRaw(socket: ServedSocket, status: string, message: string): void {
  if (!socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Allow: ${answeredMethods.join(', ')}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Answers the requests Node keeps from the app: CONNECT, and requests its parser refuses. */
export function answerOutsideTheApp(server: Server): void {
  server.on('connect', (request: { method?: string }, socket: ServedSocket) => {
    writeRaw(socket, '501 Not Implemented', notSupportedMessage(request.method ?? 'CONNECT'));
  });
  server.on('clientError', (err: Error & { code?: string }, socket: ServedSocket) => {
    // A connection reset mid-request has nobody left to answer.
    if (err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_INVALID_METHOD') writeRaw(socket, '501 Not Implemented', 'the request method is not supported');
    else if (err.code === 'HPE_HEADER_OVERFLOW') writeRaw(socket, '431 Request Header Fields Too Large', 'the request headers are too large');
    else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') writeRaw(socket, '408 Request Timeout', 'the request took too long to arrive');
    else writeRaw(socket, '400 Bad Request', 'the request is not valid HTTP');
  });
}
