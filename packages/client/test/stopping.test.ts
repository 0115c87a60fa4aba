// A timeout or an abort stops the transfer: the connection is closed at once and no more bytes
// come in, whether the server never answers or never ends its body (issue 19, item 12). Through
// the AbortSignal fetch is given, with Node's own fetch as with a fetch of your own (as in
// browsers). That the process then exits at once: consumer/lifetime.test.ts.
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, createHostApiClient, TimeoutError, type HostApiClientOptions } from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { startCaptureServer, type CaptureServer, type Handler } from './support/capture-server.js';

const KEY = 'sk_live_stop_5a6b7c';
/** How soon after the error the server must see the connection closed (undici would wait 300 s). */
const PROMPTLY_MS = 2_000;

/** One request as the server saw it: when its connection closed, and the body bytes the client took. */
interface Exchange {
  closed: Promise<number>;
  written: () => number;
}

let server: CaptureServer;
let exchanges: Exchange[];
/** What each attempt gave fetch. */
let inits: RequestInit[];
const platformFetch = globalThis.fetch;
beforeEach(async () => {
  server = await startCaptureServer();
  exchanges = [];
  inits = [];
  globalThis.fetch = (input, init) => {
    inits.push(init!);
    return platformFetch(input, init);
  };
});
afterEach(async () => {
  globalThis.fetch = platformFetch;
  await server.close();
});

/** Records each request's connection; `answer` then answers it (or not). */
const watched =
  (answer: (res: ServerResponse, exchange: { bytes: number }) => void): Handler =>
  (_req, res) => {
    const exchange = { bytes: 0 };
    const closed = new Promise<number>((resolve) => res.socket!.once('close', () => resolve(performance.now())));
    exchanges.push({ closed, written: () => exchange.bytes });
    answer(res, exchange);
  };
/** Never sends a byte. */
const silent = watched(() => {});
/**
 * A 200 whose body never ends: 16 kB every 5 ms, as fast as the client takes them (it waits for
 * 'drain'), so `bytes` is what the client has read, give or take the sockets' buffers.
 */
const endless = watched((res, exchange) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"return": [');
  const chunk = `"${'x'.repeat(16 * 1024)}",`;
  let draining = false;
  const timer = setInterval(() => {
    if (draining) return;
    exchange.bytes += chunk.length;
    draining = !res.write(chunk);
  }, 5);
  res.on('drain', () => (draining = false)).on('close', () => clearInterval(timer));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The timeouts: long enough that the request reaches the server first on a loaded machine (at
 * 200 ms a CI run once saw the client give up before the server had seen it), so that there is a
 * connection to see closed.
 */
const TIMEOUT_MS = 1_000;
/** Aborts `controller` once the server has sent part of its endless body (the transfer is under way). */
function abortOnceFlowing(controller: AbortController) {
  const poll = setInterval(() => {
    if (!exchanges[0]?.written()) return;
    clearInterval(poll);
    controller.abort();
  }, 10);
}
const options = (extra: Partial<HostApiClientOptions> = {}): HostApiClientOptions => ({
  apiKey: KEY,
  baseUrl: server.url,
  ...extra,
});

/** The call's error, and when it came. */
async function failing(call: Promise<unknown>) {
  const error = await call.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  return { error, at: performance.now() };
}

/**
 * Every connection the server saw was closed within PROMPTLY_MS of the error, with hardly a byte
 * more taken after the error (the sockets' buffers at most), and none after.
 */
async function expectAllClosed(at: number) {
  expect(exchanges.length).toBeGreaterThan(0);
  const atError = exchanges.map((exchange) => exchange.written());
  for (const [i, exchange] of exchanges.entries()) {
    const closedAt = await Promise.race([
      exchange.closed,
      sleep(at + PROMPTLY_MS - performance.now()).then(() => Infinity),
    ]);
    expect(closedAt - at, 'connection still open after the error').toBeLessThan(PROMPTLY_MS);
    const written = exchange.written();
    expect(written - atError[i]!).toBeLessThan(1024 * 1024);
  }
}

// Node's own fetch (the client's default), and a fetch of your own.
const FETCHES = [
  ["Node's own fetch", {}],
  ['a fetch of your own', { fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init) }],
] as const;

describe.each(FETCHES)('with %s', (_name, fetchOption) => {
  const api = (extra: Partial<HostApiClientOptions> = {}) => createHostApiClient(options({ ...fetchOption, ...extra }));
  const paths = (extra: Partial<HostApiClientOptions> = {}) => createPathClient(options({ ...fetchOption, ...extra }));
  afterEach(() => {
    expect(inits.length).toBeGreaterThan(0);
    for (const init of inits) expect(init.signal?.aborted).toBe(true);
  });

  it('a server that never answers: after the TimeoutError, every attempt’s connection is closed', async () => {
    server.answer(silent);
    const { error, at } = await failing(
      api({ timeoutMs: TIMEOUT_MS, retries: { max: 2, baseDelayMs: 1, maxDelayMs: 10 } }).servers.list({
        client_id: 293,
      }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(exchanges).toHaveLength(3);
    await expectAllClosed(at);
  });

  it('a body that never ends: after the TimeoutError, the connection is closed, no more bytes read', async () => {
    server.answer(endless);
    const { error, at } = await failing(api({ timeoutMs: TIMEOUT_MS, retries: 0 }).servers.list({ client_id: 293 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(exchanges[0]!.written()).toBeGreaterThan(0); // the body was on its way
    await expectAllClosed(at);
  });

  it('an abort in the middle of a body that never ends: AbortedError, the connection is closed', async () => {
    const controller = new AbortController();
    server.answer(endless);
    abortOnceFlowing(controller);
    const { error, at } = await failing(
      api().domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' }, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(exchanges[0]!.written()).toBeGreaterThan(0);
    await expectAllClosed(at);
  });

  it('the path client: a timeout before the answer, or in the middle of the body, closes the connection', async () => {
    server.answer(silent);
    let { error, at } = await failing(
      paths({ timeoutMs: TIMEOUT_MS }).POST('/1.0/srs/cancel_domain.json', {
        body: { client_id: 293, domain: 'oldbrand.co.nz' },
      }),
    );
    expect(error).toMatchObject({ kind: 'timeout', operation: 'cancelDomain' });
    await expectAllClosed(at);
    exchanges.length = 0;
    server.answer(endless);
    ({ error, at } = await failing(
      paths({ timeoutMs: TIMEOUT_MS, retries: 0 }).GET('/1.5/dns/list_ips.json', {
        params: { query: { client_id: 293 } },
      }),
    ));
    expect(error).toMatchObject({ kind: 'timeout', operation: 'listIps' });
    await expectAllClosed(at);
  });

  it('the path client: an abort in the middle of a body that never ends closes the connection', async () => {
    const controller = new AbortController();
    server.answer(endless);
    abortOnceFlowing(controller);
    const { error, at } = await failing(
      paths().GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } }, signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    await expectAllClosed(at);
  });
});
