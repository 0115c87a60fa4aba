// The proxy mode: the upstream writes the answer. Each request is forwarded as received (path,
// version segment, query, headers and body bytes) and the upstream's answer is passed back as
// it came; the pipeline reports whatever breaks the description on either side.
//
// An answer up to MAX_CHECKED_BYTES is read whole and checked (decoded, when it is compressed);
// a larger one is streamed through unchecked, at the client's pace, so that the proxy's memory
// does not grow with it. The whole answer must come within `timeoutMs` (504 if nothing was
// passed back yet); a client that leaves ends the upstream request.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { upstreamFailed, upstreamTimedOut } from '../problems.mjs';

/** Largest answer read whole and checked against the description (and largest decoded size). */
export const MAX_CHECKED_BYTES = 8 * 1024 * 1024;

/** Headers that belong to one connection, not to the exchange. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
]);

const DECODE = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

const withoutHopByHop = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

export function createProxy({ upstream, timeoutMs = 60_000 }) {
  const base = new URL(upstream);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/$/, '');
  return {
    name: 'proxy',
    answer: ({ request }) =>
      new Promise((resolve, reject) => {
        // Never the URL itself in a message: its query holds the key.
        const what = `${request.method} to ${base.origin}`;
        let settled = false;
        let streaming;
        const fail = (problem) => {
          outgoing.destroy();
          if (!settled) {
            settled = true;
            reject(problem);
          } else streaming?.destroy(problem);
        };
        const deadline = setTimeout(
          () => fail(upstreamTimedOut(`${what}: no whole answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const done = () => {
          clearTimeout(deadline);
          request.signal?.removeEventListener('abort', leave);
        };
        // The client left: nothing more is asked of the upstream.
        const leave = () => {
          done();
          outgoing.destroy();
          streaming?.destroy();
        };
        request.signal?.addEventListener('abort', leave, { once: true });

        const outgoing = send(
          {
            protocol: base.protocol,
            hostname: base.hostname,
            port: base.port || undefined,
            method: request.method,
            path: `${prefix}${request.path}${request.search ? `?${request.search}` : ''}`,
            headers: {
              ...withoutHopByHop(request.headers),
              host: base.host,
              ...(request.body.length ? { 'content-length': request.body.length } : {}),
            },
          },
          (incoming) => {
            const headers = withoutHopByHop(incoming.headers);
            const chunks = [];
            let size = 0;
            incoming.on('data', (chunk) => {
              if (streaming) return;
              chunks.push(chunk);
              size += chunk.length;
              if (size <= MAX_CHECKED_BYTES) return;
              // Too large to check: passed on as it comes, no faster than the client reads it.
              settled = true;
              streaming = new PassThrough();
              for (const kept of chunks.splice(0)) streaming.write(kept);
              incoming.pipe(streaming);
              streaming.on('close', done);
              resolve({
                status: incoming.statusCode,
                headers,
                stream: streaming,
                warnings: [
                  {
                    location: ['response', 'body'],
                    code: 'unchecked',
                    message: `The answer is larger than ${MAX_CHECKED_BYTES} bytes: passed on unchecked`,
                  },
                ],
              });
            });
            incoming.on('error', () =>
              fail(upstreamFailed(`${what}: the connection closed in the middle of the answer`)),
            );
            incoming.on('end', () => {
              if (streaming) return;
              done();
              if (settled) return;
              settled = true;
              const raw = Buffer.concat(chunks);
              const encoding = String(incoming.headers['content-encoding'] ?? '').toLowerCase();
              // Passed back as it came; checked decoded.
              let decoded = raw;
              const warnings = [];
              if (DECODE[encoding]) {
                try {
                  decoded = DECODE[encoding](raw, { maxOutputLength: MAX_CHECKED_BYTES });
                } catch (error) {
                  decoded = undefined;
                  const message =
                    error?.code === 'ERR_BUFFER_TOO_LARGE'
                      ? `decoded, it is larger than ${MAX_CHECKED_BYTES} bytes`
                      : `it is not valid ${encoding}`;
                  warnings.push({
                    location: ['response', 'body'],
                    code: 'unchecked',
                    message: `The answer is passed on unchecked: ${message}`,
                  });
                }
              }
              resolve({ status: incoming.statusCode, raw, decoded, headers, warnings });
            });
          },
        );
        outgoing.on('error', (error) => {
          if (!settled && !request.signal?.aborted)
            fail(upstreamFailed(`${what} failed: ${error.code ?? error.message}`));
        });
        outgoing.end(request.body.length ? request.body : undefined);
      }),
  };
}
