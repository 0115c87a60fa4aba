// The HTTP front on node:http: CORS, the body limit, the bound on pipelined requests, and the
// hand-over of each request to the engine. It knows nothing of the API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream';
import type { Written } from '../engine/engine.ts';
import { CORS, MAX_BODY_BYTES, tooLarge } from '../engine/fetch.ts';
import { writeFault } from './faults.ts';
import type { EngineRequest } from '../engine/read.ts';

const NO_BODY = new Uint8Array(0);

/**
 * Requests one connection may have waiting for their answers to be written out (HTTP/1.1
 * pipelining); beyond, it is closed. Node reads pipelined requests without bound, so a client
 * that sends many and reads no answer would otherwise grow the mock's memory without end.
 */
export const MAX_PIPELINED = 128;

/**
 * An http.Server that answers each request with `handle(request)`. With `cors`, any origin may
 * call it from a browser: preflights get 204 allowing the method and headers asked for, and every
 * answer allows any origin and exposes `sl-violations`.
 */
export function createFront(handle: (request: EngineRequest) => Promise<Written>, cors: boolean): Server {
  const always = cors ? CORS : undefined;
  const outstanding = new WeakMap<Socket, number>();
  const server = createServer((req, res) => {
    if (!admitted(outstanding, req.socket, res)) return;
    // A preflight names its origin and method (Fetch); any other OPTIONS is a request like any
    // other, answered 405 as Prism answers it.
    if (cors && req.method === 'OPTIONS' && req.headers.origin && req.headers['access-control-request-method'])
      return answerPreflight(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      refused = true;
      chunks.length = 0;
      // Answered now; the rest of the upload is read and dropped, so the client sees the 413.
      write(res, tooLarge(), always);
    });
    req.on('end', () => {
      if (refused) return;
      const body = chunks.length === 0 ? NO_BODY : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      // Whatever goes wrong, this connection fails, never the process.
      handle(new FrontRequest(req, res, body))
        .then((answer) => write(res, answer, always))
        .catch(() => res.destroy());
    });
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/**
 * Counts the request against its connection until its answer is written out; the request past
 * MAX_PIPELINED closes the connection (the answers it waits for were not being read).
 */
function admitted(outstanding: WeakMap<Socket, number>, socket: Socket, res: ServerResponse): boolean {
  const count = (outstanding.get(socket) ?? 0) + 1;
  if (count > MAX_PIPELINED) {
    socket.destroy();
    return false;
  }
  outstanding.set(socket, count);
  res.once('close', () => outstanding.set(socket, (outstanding.get(socket) ?? 1) - 1));
  return true;
}

/**
 * A request as the engine reads it. A class, so that its accessor costs nothing per request: the
 * signal (made only for whoever asks, the proxy) is aborted when the client leaves before its answer.
 */
class FrontRequest implements EngineRequest {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Uint8Array;
  readonly #res: ServerResponse;
  #left: AbortController | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, body: Uint8Array) {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    this.method = req.method ?? 'GET';
    this.path = query < 0 ? url : url.slice(0, query);
    this.search = query < 0 ? '' : url.slice(query + 1);
    this.headers = req.headers;
    this.body = body;
    this.#res = res;
  }

  get signal(): AbortSignal {
    if (!this.#left) {
      const left = (this.#left = new AbortController());
      const res = this.#res;
      if (res.destroyed) left.abort();
      else res.once('close', () => res.writableFinished || left.abort());
    }
    return this.#left.signal;
  }
}

function answerPreflight(req: IncomingMessage, res: ServerResponse) {
  const method = req.headers['access-control-request-method'];
  const headers = req.headers['access-control-request-headers'];
  const methods = new Set(['GET', 'POST', ...(method ? [method.toUpperCase()] : [])]);
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-methods': [...methods].join(', '),
    ...(headers ? { 'access-control-allow-headers': headers } : {}),
    'access-control-max-age': '86400',
    'content-length': '0',
  });
  res.end();
  req.resume();
}

/** Writes an answer, with `always`'s headers (CORS) first, in one writeHead: Node checks them once. */
function write(res: ServerResponse, written: Written, always: object | undefined) {
  const { status, headers, body, stream, fault } = written;
  if (res.headersSent) return;
  if (fault) return writeFault(res, written, fault, always);
  if (stream) {
    res.writeHead(status, { ...always, ...headers });
    pipeline(stream, res, () => {});
    return;
  }
  const length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  res.writeHead(status, { ...always, ...headers, 'content-length': length });
  res.end(body);
}
