// The proxy mode: the upstream writes the answer, passed back as it came; the engine reports
// whatever breaks the description on either side. docs/modes.md ("Validating proxy") says what it
// does with large and slow answers, connections closed under a request, and loops.
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { networkInterfaces } from 'node:os';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Answerer, Answer } from '../engine/mode.ts';
import { loopDetected, upstreamFailed, upstreamTimedOut } from '../engine/problems.ts';
import type { EngineRequest } from '../engine/read.ts';

/** Largest answer read whole and checked against the description (and largest decoded size). */
export const MAX_CHECKED_BYTES = 8 * 1024 * 1024;

/** Headers that belong to one connection, not to the exchange. */
const HOP_BY_HOP = new Set(
  'connection keep-alive proxy-connection transfer-encoding upgrade te trailer host content-length'.split(' '),
);

/** Methods that change nothing: sent again after a failure, whatever of them had been written. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

const DECODE: Record<string, (bytes: Uint8Array, options: { maxOutputLength: number }) => Uint8Array> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

type Headers = Record<string, string | string[]>;
const withoutHopByHop = (headers: IncomingMessage['headers'] | EngineRequest['headers']): Headers =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name))) as Headers;

/** The upstream, as every exchange reaches it. */
function upstreamOf(upstream: string, timeoutMs: number) {
  const base = new URL(upstream);
  return {
    base,
    send: base.protocol === 'https:' ? httpsRequest : httpRequest,
    /** The upstream URL's path, put before each request's. */
    prefix: base.pathname.replace(/\/$/, ''),
    /** This proxy, as it names itself in Via (RFC 9110): a name no other process has. */
    self: `hostapi-mock-${randomUUID().slice(0, 8)}`,
    timeoutMs,
  };
}
type Upstream = ReturnType<typeof upstreamOf>;

/** One request's exchange with the upstream: what its steps share. */
interface Exchange {
  request: EngineRequest;
  /** How messages name it; never the URL itself, whose query holds the key. */
  what: string;
  /** The request's Via header, before this proxy. */
  via: string;
  resolve(answer: Answer): void;
  reject(problem: Error): void;
  /** Whether the engine has its answer (or the failure) already. */
  settled: boolean;
  /** An answer too large to check, being passed on. */
  streaming?: PassThrough;
  /** The upstream request under way (the latest, when one was sent again). */
  outgoing?: ClientRequest;
  deadline?: ReturnType<typeof setTimeout>;
  /** The client left: nothing more is asked of the upstream. */
  leave(): void;
}

export function createProxy(upstream: string, timeoutMs: number): Answerer {
  const target = upstreamOf(upstream, timeoutMs);
  return {
    validation: 'report',
    answer: ({ request }) => forward(target, request),
    listening: (address) => refuseSelf(target.base, address),
  };
}

/** The upstream's answer to a request, or a 502, 504 or 508 Problem. */
function forward(upstream: Upstream, request: EngineRequest): Promise<Answer> {
  const what = `${request.method} to ${upstream.base.origin}`;
  const via = [request.headers.via].flat().filter(Boolean).join(', ');
  if (via.split(',').some((hop) => hop.trim().split(/\s+/)[1] === upstream.self))
    throw loopDetected(`${what}: this request has already passed through this proxy (Via: ${via})`);
  return new Promise<Answer>((resolve, reject) => {
    const exchange: Exchange = {
      request,
      what,
      via,
      resolve,
      reject,
      settled: false,
      leave: () => {
        done(exchange);
        exchange.outgoing?.destroy();
        exchange.streaming?.destroy();
      },
    };
    const late = () => fail(exchange, upstreamTimedOut(`${what}: no whole answer within ${upstream.timeoutMs} ms`));
    exchange.deadline = setTimeout(late, upstream.timeoutMs);
    request.signal?.addEventListener('abort', exchange.leave, { once: true });
    attempt(upstream, exchange, false);
  });
}

/** The engine has its answer: settled once. */
function settle(exchange: Exchange, answer: Answer) {
  exchange.settled = true;
  exchange.resolve(answer);
}

/** The exchange fails: the engine is told, or the answer being passed on is cut. */
function fail(exchange: Exchange, problem: Error) {
  exchange.outgoing?.destroy();
  if (!exchange.settled) {
    exchange.settled = true;
    exchange.reject(problem);
  } else exchange.streaming?.destroy(problem);
}

/** The exchange is over: no deadline, nothing to do when the client leaves. */
function done(exchange: Exchange) {
  clearTimeout(exchange.deadline);
  exchange.request.signal?.removeEventListener('abort', exchange.leave);
}

/**
 * Sends the request (`again`: once more, after it failed on a reused connection before any of
 * its answer came; on a connection of its own, not another kept one that may be closing too).
 * An upstream may close a kept connection just as a request is sent on it, without saying so; a
 * POST is sent again only when none of it was written, so that the upstream cannot have had it.
 */
function attempt(upstream: Upstream, exchange: Exchange, again: boolean) {
  const { request } = exchange;
  const { base } = upstream;
  let written = false;
  let answered = false;
  const sent = upstream.send(
    {
      protocol: base.protocol,
      hostname: base.hostname,
      port: base.port || undefined,
      ...(again ? { agent: false } : {}),
      method: request.method,
      path: `${upstream.prefix}${request.path}${request.search ? `?${request.search}` : ''}`,
      headers: {
        ...withoutHopByHop(request.headers),
        host: base.host,
        via: `${exchange.via ? `${exchange.via}, ` : ''}1.1 ${upstream.self}`,
        ...(request.body.length ? { 'content-length': request.body.length } : {}),
      },
    },
    (incoming) => {
      answered = true;
      receive(exchange, incoming);
    },
  );
  exchange.outgoing = sent;
  const write = () => {
    written = true;
    sent.end(request.body.length ? request.body : undefined);
  };
  sent.on('socket', (socket) => {
    if (SAFE.has(request.method) || !sent.reusedSocket) return write();
    // On a reused connection, what the upstream sent meanwhile (its closing it) is read first: a
    // POST is written only to a connection still open.
    setImmediate(() => {
      if (socket.destroyed || socket.readableEnded) sent.destroy(new Error('closed before the request'));
      else if (!sent.destroyed) write();
    });
  });
  sent.on('error', (error: NodeJS.ErrnoException) => {
    if (exchange.settled || request.signal?.aborted || exchange.outgoing !== sent) return;
    if (!again && !answered && sent.reusedSocket && (SAFE.has(request.method) || !written))
      return attempt(upstream, exchange, true);
    fail(exchange, upstreamFailed(`${exchange.what} failed: ${error.code ?? error.message}`));
  });
}

/** The upstream's answer, read whole and checked, or passed on as it comes once it is too large to check. */
function receive(exchange: Exchange, incoming: IncomingMessage) {
  const status = incoming.statusCode ?? 502;
  const headers = withoutHopByHop(incoming.headers) as Record<string, string>;
  const chunks: Buffer[] = [];
  let size = 0;
  incoming.on('data', (chunk: Buffer) => {
    if (exchange.streaming) return;
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_CHECKED_BYTES) stream(exchange, incoming, chunks, { status, headers });
  });
  incoming.on('error', () =>
    fail(exchange, upstreamFailed(`${exchange.what}: the connection closed in the middle of the answer`)),
  );
  incoming.on('end', () => {
    if (exchange.streaming) return;
    done(exchange);
    if (exchange.settled) return;
    const encoding = String(incoming.headers['content-encoding'] ?? '').toLowerCase();
    settle(exchange, whole({ status, headers }, Buffer.concat(chunks), encoding));
  });
}

/** Too large to check: passed on as it comes, no faster than the client reads it. */
function stream(exchange: Exchange, incoming: IncomingMessage, chunks: Buffer[], answer: Answer) {
  const streaming = new PassThrough();
  exchange.streaming = streaming;
  for (const kept of chunks.splice(0)) streaming.write(kept);
  incoming.pipe(streaming);
  streaming.on('close', () => done(exchange));
  settle(exchange, {
    ...answer,
    stream: streaming,
    warnings: unchecked(`The answer is larger than ${MAX_CHECKED_BYTES} bytes: passed on unchecked`),
  });
}

/** A whole answer: passed back as it came, checked decoded (unchecked when it cannot be decoded). */
function whole(answer: Answer, raw: Uint8Array, encoding: string): Answer {
  const decode = DECODE[encoding];
  if (!decode) return { ...answer, raw, decoded: raw };
  try {
    return { ...answer, raw, decoded: decode(raw, { maxOutputLength: MAX_CHECKED_BYTES }) };
  } catch (error) {
    const why =
      (error as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE'
        ? `decoded, it is larger than ${MAX_CHECKED_BYTES} bytes`
        : `it is not valid ${encoding}`;
    return { ...answer, raw, decoded: undefined, warnings: unchecked(`The answer is passed on unchecked: ${why}`) };
  }
}

/** The warning of an answer passed on without being checked against the description. */
const unchecked = (message: string) => [{ location: ['response', 'body'], code: 'unchecked', message }];

/**
 * Refuses an upstream that is the proxy's own address (`listening`: where it listens), which
 * would forward each request to itself until it runs out of connections.
 */
async function refuseSelf(url: URL, listening: { address: string; port: number }): Promise<void> {
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
