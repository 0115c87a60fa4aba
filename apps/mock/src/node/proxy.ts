// The proxy mode: the upstream writes the answer. Each request is forwarded as received (path,
// version segment, query, headers and body bytes) and the upstream's answer is passed back as
// it came; the engine reports whatever breaks the description on either side.
//
// An answer up to MAX_CHECKED_BYTES is read whole and checked (decoded, when it is compressed);
// a larger one is streamed through unchecked, at the client's pace, so that the proxy's memory
// does not grow with it. The whole answer must come within `timeoutMs` (504 if nothing was
// passed back yet); a client that leaves ends the upstream request.
//
// Connections to the upstream are kept open between requests. An upstream may close one just as
// a request is sent on it (many do after each answer, or after an idle time, without saying so):
// a request that fails on a reused connection before any byte of its answer came is sent once
// more, on a new connection: a GET (or any method that changes nothing) always; a POST only when
// none of it had been written to the connection, so that the upstream cannot have received it.
//
// Loops: the proxy names itself in each request's `Via` header, and answers 508 at once to a
// request that already names it (an upstream that leads back to it).
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Answerer, ModeAnswer } from '../engine/mode.ts';
import { loopDetected, upstreamFailed, upstreamTimedOut } from '../engine/problems.ts';
import type { EngineRequest } from '../engine/read.ts';

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

/** Methods that change nothing: sent again after a failure, whatever of them had been written. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

const DECODE: Record<string, (bytes: Uint8Array, options: { maxOutputLength: number }) => Uint8Array> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

const withoutHopByHop = (headers: IncomingMessage['headers'] | EngineRequest['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name))) as Record<
    string,
    string | string[]
  >;

export function createProxy(upstream: string, timeoutMs = 60_000): Answerer {
  const base = new URL(upstream);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/$/, '');
  // This proxy, as it names itself in Via (RFC 9110): a name no other process has.
  const self = `hostapi-mock-${randomUUID().slice(0, 8)}`;
  return {
    validation: 'report',
    answer({ request }) {
      // Never the URL itself in a message: its query holds the key.
      const what = `${request.method} to ${base.origin}`;
      const via = [request.headers.via].flat().filter(Boolean).join(', ');
      if (via.split(',').some((hop) => hop.trim().split(/\s+/)[1] === self))
        throw loopDetected(`${what}: this request has already passed through this proxy (Via: ${via})`);
      return new Promise<ModeAnswer>((resolve, reject) => {
        let settled = false;
        let streaming: PassThrough | undefined;
        let outgoing: ClientRequest;
        const fail = (problem: Error) => {
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

        const receive = (incoming: IncomingMessage) => {
          const headers = withoutHopByHop(incoming.headers) as Record<string, string>;
          const status = incoming.statusCode ?? 502;
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
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
            const message = `The answer is larger than ${MAX_CHECKED_BYTES} bytes: passed on unchecked`;
            resolve({
              status,
              headers,
              stream: streaming,
              warnings: [{ location: ['response', 'body'], code: 'unchecked', message }],
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
            const decode = DECODE[encoding];
            if (!decode) return resolve({ status, raw, decoded: raw, headers });
            try {
              resolve({ status, raw, decoded: decode(raw, { maxOutputLength: MAX_CHECKED_BYTES }), headers });
            } catch (error) {
              const why =
                (error as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE'
                  ? `decoded, it is larger than ${MAX_CHECKED_BYTES} bytes`
                  : `it is not valid ${encoding}`;
              const message = `The answer is passed on unchecked: ${why}`;
              resolve({
                status,
                raw,
                decoded: undefined,
                headers,
                warnings: [{ location: ['response', 'body'], code: 'unchecked', message }],
              });
            }
          });
        };

        const attempt = (again: boolean) => {
          let written = false;
          let answered = false;
          const sent = send(
            {
              protocol: base.protocol,
              hostname: base.hostname,
              port: base.port || undefined,
              // Sent again: on a connection of its own, not another kept one that may be closing too.
              ...(again ? { agent: false } : {}),
              method: request.method,
              path: `${prefix}${request.path}${request.search ? `?${request.search}` : ''}`,
              headers: {
                ...withoutHopByHop(request.headers),
                host: base.host,
                via: `${via ? `${via}, ` : ''}1.1 ${self}`,
                ...(request.body.length ? { 'content-length': request.body.length } : {}),
              },
            },
            (incoming) => {
              answered = true;
              receive(incoming);
            },
          );
          outgoing = sent;
          const write = () => {
            written = true;
            sent.end(request.body.length ? request.body : undefined);
          };
          sent.on('socket', (socket) => {
            if (SAFE.has(request.method) || !sent.reusedSocket) return write();
            // On a reused connection, what the upstream sent meanwhile (its closing it) is read
            // first: a POST is written only to a connection still open.
            setImmediate(() => {
              if (socket.destroyed || socket.readableEnded) sent.destroy(new Error('closed before the request'));
              else if (!sent.destroyed) write();
            });
          });
          sent.on('error', (error: NodeJS.ErrnoException) => {
            if (settled || request.signal?.aborted || outgoing !== sent) return;
            if (!again && !answered && sent.reusedSocket && (SAFE.has(request.method) || !written))
              return attempt(true);
            fail(upstreamFailed(`${what} failed: ${error.code ?? error.message}`));
          });
        };
        attempt(false);
      });
    },
  };
}

/**
 * Refuses an upstream that is the proxy's own address (`listening`: where it listens), which
 * would forward each request to itself until it runs out of connections.
 */
export async function refuseSelf(upstream: string, listening: AddressInfo): Promise<void> {
  const url = new URL(upstream);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== listening.port) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const upstreamAddresses = await lookup(host, { all: true }).then(
    (found) => found.map((entry) => entry.address),
    () => [],
  );
  const any = listening.address === '0.0.0.0' || listening.address === '::';
  const own = new Set(
    any
      ? Object.values(networkInterfaces())
          .flat()
          .map((entry) => entry?.address)
      : [listening.address],
  );
  const local = (address: string) => own.has(address) || (any && /^(127\.|::1$|0\.0\.0\.0$|::$)/.test(address));
  if (upstreamAddresses.some(local))
    throw new Error(`--upstream ${url.origin} is this proxy's own address: it would forward every request to itself`);
}
