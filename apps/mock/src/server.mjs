// The HTTP front: CORS, the body limit, and the hand-over of each request to the pipeline.
// It knows nothing of the API.
import { createServer } from 'node:http';
import { pipeline } from 'node:stream';
import { bodyTooLarge } from './problems.mjs';

/** Largest request body the mock reads; the service documents none. */
export const MAX_BODY_BYTES = 1_000_000;

/** Headers a browser page may read from an answer (besides the CORS-safelisted ones). */
const EXPOSED = 'sl-violations, content-length';

/** The CORS headers of every answer, when CORS is on. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED };
const NO_BODY = Buffer.alloc(0);

/**
 * A request as the pipeline reads it: `{ method, path, search, headers, body, signal }`, where
 * signal (made only for whoever asks: the proxy) is aborted if the client leaves before its
 * answer. A class, so that its accessor costs nothing per request.
 */
class FrontRequest {
  #res;
  #left;

  constructor(req, res, body) {
    const query = req.url.indexOf('?');
    this.method = req.method;
    this.path = query < 0 ? req.url : req.url.slice(0, query);
    this.search = query < 0 ? '' : req.url.slice(query + 1);
    this.headers = req.headers;
    this.body = body;
    this.#res = res;
  }

  get signal() {
    if (!this.#left) {
      const left = (this.#left = new AbortController());
      const res = this.#res;
      if (res.destroyed) left.abort();
      else res.once('close', () => res.writableFinished || left.abort());
    }
    return this.#left.signal;
  }
}

/**
 * An http.Server that answers each request with `handle(request)` (see pipeline.mjs and
 * FrontRequest). With `cors` (the default), any origin may call it from a browser: preflights
 * get 204 allowing the method and headers asked for, and every answer allows any origin and
 * exposes `sl-violations`.
 */
export function createFront(handle, { cors = true, maxBodyBytes = MAX_BODY_BYTES } = {}) {
  const always = cors ? CORS : undefined;
  const server = createServer((req, res) => {
    // A preflight names its origin and method (Fetch); any other OPTIONS is a request like any
    // other, answered 405 as Prism answers it.
    if (cors && req.method === 'OPTIONS' && req.headers.origin && req.headers['access-control-request-method'])
      return answerPreflight(req, res);
    let chunks;
    let size = 0;
    let refused = false;
    req.on('data', (chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        refused = true;
        chunks = undefined;
        // Answered now; the rest of the upload is read and dropped, so the client sees the 413.
        write(res, bodyTooLarge(maxBodyBytes).toAnswer(), always);
        return;
      }
      (chunks ??= []).push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      const body = !chunks ? NO_BODY : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      // Whatever goes wrong, this connection fails, never the process.
      handle(new FrontRequest(req, res, body)).then(
        (answer) => {
          try {
            write(res, answer, always);
          } catch {
            res.destroy();
          }
        },
        () => res.destroy(),
      );
    });
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

function answerPreflight(req, res) {
  const method = req.headers['access-control-request-method'];
  const headers = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-methods': [...new Set(['GET', 'POST', ...(method ? [method.toUpperCase()] : [])])].join(', '),
    ...(headers ? { 'access-control-allow-headers': headers } : {}),
    'access-control-max-age': '86400',
    'content-length': '0',
  });
  res.end();
  req.resume();
}

/**
 * Writes `{ status, headers, body }` (body as bytes, text or a JSON value), or `{ status,
 * headers, stream }`, passed on as it comes, at the pace the client reads it; with `always`'s
 * headers (CORS) first. The headers go in one writeHead: Node checks them once.
 */
function write(res, { status, headers, body, stream }, always) {
  if (res.headersSent) return;
  if (stream) {
    res.writeHead(status, { ...always, ...headers });
    pipeline(stream, res, () => {});
    return;
  }
  const bytes =
    body === undefined
      ? undefined
      : Buffer.isBuffer(body)
        ? body
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  res.writeHead(status, { ...always, ...headers, 'content-length': bytes?.length ?? 0 });
  res.end(bytes);
}
