// The HTTP front: CORS, the body limit, and the hand-over of each request to the pipeline.
// It knows nothing of the API.
import { createServer } from 'node:http';
import { pipeline } from 'node:stream';
import { bodyTooLarge } from './problems.mjs';

/** Largest request body the mock reads; the service documents none. */
export const MAX_BODY_BYTES = 1_000_000;

/** Headers a browser page may read from an answer (besides the CORS-safelisted ones). */
const EXPOSED = 'sl-violations, content-length';

/**
 * An http.Server that answers each request with `handle(request)` (see pipeline.mjs), where
 * request is `{ method, path, search, headers, body, signal }` (signal: aborted if the client
 * leaves before its answer). With `cors` (the default), any origin
 * may call it from a browser: preflights get 204 allowing the method and headers asked for,
 * and every answer allows any origin and exposes `sl-violations`.
 */
export function createFront(handle, { cors = true, maxBodyBytes = MAX_BODY_BYTES } = {}) {
  const server = createServer((req, res) => {
    if (cors) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-expose-headers', EXPOSED);
      // A preflight names its origin and method (Fetch); any other OPTIONS is a request like
      // any other, answered 405 as Prism answers it.
      if (req.method === 'OPTIONS' && req.headers.origin && req.headers['access-control-request-method']) return answerPreflight(req, res);
    }
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        refused = true;
        chunks.length = 0;
        // Answered now; the rest of the upload is read and dropped, so the client sees the 413.
        write(res, bodyTooLarge(maxBodyBytes).toAnswer());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      const query = req.url.indexOf('?');
      let left;
      const request = {
        method: req.method,
        path: query < 0 ? req.url : req.url.slice(0, query),
        search: query < 0 ? '' : req.url.slice(query + 1),
        headers: req.headers,
        body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
        /** Aborted when the client goes before its answer is written; made for whoever asks (the proxy). */
        get signal() {
          if (!left) {
            left = new AbortController();
            if (res.destroyed) left.abort();
            else res.once('close', () => res.writableFinished || left.abort());
          }
          return left.signal;
        },
      };
      // Whatever goes wrong, this connection fails, never the process.
      handle(request).then((answer) => write(res, answer)).catch(() => res.destroy());
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
 * headers, stream }`, passed on as it comes, at the pace the client reads it.
 */
function write(res, { status, headers = {}, body, stream }) {
  if (res.headersSent) return;
  if (stream) {
    res.writeHead(status, headers);
    pipeline(stream, res, () => {});
    return;
  }
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  res.writeHead(status, { ...headers, 'content-length': bytes?.length ?? 0 });
  res.end(bytes);
}
