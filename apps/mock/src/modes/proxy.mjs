// The proxy mode: the upstream writes the answer. Each request is forwarded as received (path,
// version segment, query, headers and body bytes) and the upstream's answer is passed back as
// it came; the pipeline reports whatever breaks the description on either side.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { upstreamFailed } from '../problems.mjs';

/** Headers that belong to one connection, not to the exchange. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length']);

const DECODE = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

export function createProxy({ upstream, timeoutMs = 60_000 }) {
  const base = new URL(upstream);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/$/, '');
  return {
    name: 'proxy',
    answer: ({ request }) =>
      new Promise((resolve, reject) => {
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        const outgoing = send({
          protocol: base.protocol, hostname: base.hostname, port: base.port || undefined, method: request.method,
          path: `${prefix}${request.path}${request.search ? `?${request.search}` : ''}`,
          headers: { ...headers, host: base.host, ...(request.body.length ? { 'content-length': request.body.length } : {}) },
          timeout: timeoutMs,
        }, (incoming) => {
          const chunks = [];
          incoming.on('data', (chunk) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = String(incoming.headers['content-encoding'] ?? '').toLowerCase();
            // Passed back as it came; checked decoded.
            const answerHeaders = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
            let decoded = raw;
            try {
              if (DECODE[encoding]) decoded = DECODE[encoding](raw);
            } catch {
              // Left encoded: the check reports a body that is not JSON.
            }
            resolve({ status: incoming.statusCode, raw, decoded, headers: answerHeaders });
          });
        });
        // Never the URL itself in the message: its query holds the key.
        outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
        outgoing.on('error', (error) => reject(upstreamFailed(`${request.method} to ${base.origin} failed: ${error.code ?? error.message}`)));
        outgoing.end(request.body.length ? request.body : undefined);
      }),
  };
}
