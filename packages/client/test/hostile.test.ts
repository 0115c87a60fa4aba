// Issue 30: whatever a server answers (any status, any headers, any bytes, JSON of any shape), a
// call resolves with a result or rejects with a HostApiError, never anything else, and holds no
// more than `maxResponseBytes` of the answer. Property-based (fast-check): answers handed over by
// a fetch of the test's own, as Responses whose body it counts as the client reads it; and raw
// bytes written by a TCP server, as a hostile server writes them (Node's fetch parsing them).
// Each property prints its number of cases and its seed (HOSTAPI_FC_SEED sets it again).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostApiClient, HostApiError, ResponseTooLargeError } from '../src/index.js';
import { createPathClient } from '../src/paths.js';

const KEY = 'sk_live_hostile_9a8b';
const SEED = Number(process.env.HOSTAPI_FC_SEED) || Date.now() % 2 ** 31;
const RETRIES = { max: 1, baseDelayMs: 0, maxDelayMs: 1 };

/** A value that cannot be made text (`String()` throws on it): `{"toString": 1, "valueOf": 1}`. */
const UNPRINTABLE = { toString: 1, valueOf: 1 };
const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(UNPRINTABLE));
/** JSON bodies shaped like the ones the client reads, with any values in them. */
const shaped = fc.oneof(
  fc.record(
    {
      return: value,
      msg: fc.oneof(
        value,
        fc.string(),
        fc.constant('You have exceeded the number of requests per second for this key.'),
      ),
      status: fc.oneof(value, fc.boolean()),
      error: fc.oneof(value, fc.record({ code: value })),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    return: fc.record(
      { data: fc.oneof(value, fc.array(value, { maxLength: 3 })), current_page: value, total_pages: value },
      { requiredKeys: [] },
    ),
    status: fc.constant(true),
  }),
  fc.record(
    {
      title: value,
      validation: fc.oneof(
        value,
        fc.array(
          fc.oneof(
            value,
            fc.record({
              location: fc.oneof(value, fc.array(value)),
              message: fc.oneof(value, fc.string()),
              code: value,
            }),
          ),
        ),
      ),
    },
    { requiredKeys: [] },
  ),
);
const encoder = new TextEncoder();
const body = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.jsonValue().map((json) => encoder.encode(JSON.stringify(json))),
  shaped.map((json) => encoder.encode(JSON.stringify(json))),
);
/** Header names and values fetch accepts (a token; visible text without line breaks). */
const headerName = fc.oneof(
  fc.constantFrom('content-type', 'content-length', 'location', 'retry-after', 'transfer-encoding', 'set-cookie'),
  fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,12}$/),
);
const headerValue = fc.oneof(fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,30}[\x21-\x7e])?$/), fc.nat().map(String));
const headers = fc.array(fc.tuple(headerName, headerValue), { maxLength: 6 });

/** The calls made, one of each kind of answer reading there is. */
const CALLS = {
  get: (api: ReturnType<typeof createHostApiClient>) => api.servers.list({ client_id: 293 }),
  post: (api: ReturnType<typeof createHostApiClient>) => api.domains.cancel({ client_id: 293, domain: 'x.nz' }),
  withResponse: (api: ReturnType<typeof createHostApiClient>) =>
    api.sshKeys.get.withResponse({ client_id: 1, key_id: 2 }),
  listAll: async (api: ReturnType<typeof createHostApiClient>) => {
    const records: unknown[] = [];
    for await (const record of api.servers.listAll({ client_id: 293 })) records.push(record);
    return records;
  },
  pathGet: (_api: unknown, options: Parameters<typeof createPathClient>[0]) =>
    createPathClient(options).GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } }),
  pathPost: (_api: unknown, options: Parameters<typeof createPathClient>[0]) =>
    createPathClient(options).POST('/1.0/srs/cancel_domain.json', { body: { client_id: 293, domain: 'x.nz' } }),
};
type Call = keyof typeof CALLS;

/** How the call ended: `ok`, or the error's class; anything but a HostApiError fails the property. */
async function outcome(call: Call, options: Parameters<typeof createHostApiClient>[0]): Promise<string> {
  try {
    await CALLS[call](createHostApiClient(options), options);
    return 'ok';
  } catch (error) {
    if (error instanceof HostApiError) return error.name;
    throw error;
  }
}

describe('given by a fetch of your own', () => {
  const NULL_BODY = [204, 205, 304];
  const answer = fc.record({
    status: fc.oneof(fc.integer({ min: 200, max: 599 }), fc.constantFrom(200, 204, 302, 404, 422, 500, 503)),
    statusText: fc.stringMatching(/^[\x20-\x7e]{0,10}$/),
    headers,
    body,
    // The body comes in pieces of this size; an error in the middle, or not.
    chunk: fc.integer({ min: 1, max: 700 }),
    failAt: fc.option(fc.nat({ max: 3000 }), { nil: undefined }),
  });

  it('every call resolves or rejects with a HostApiError, and holds no more than maxResponseBytes', async () => {
    const runs = 1000;
    console.log(`hostile (fetch of your own): ${runs} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(
        answer,
        fc.integer({ min: 1, max: 2048 }),
        fc.constantFrom(...(Object.keys(CALLS) as Call[])),
        async ({ status, statusText, headers, body, chunk, failAt }, maxResponseBytes, call) => {
          let delivered = 0;
          let cancelled = false;
          const fetch = async () => {
            const stream = new ReadableStream<Uint8Array>(
              {
                pull(controller) {
                  if (failAt !== undefined && delivered >= failAt) return controller.error(new Error('reset'));
                  if (delivered >= body.length) return controller.close();
                  const piece = body.slice(delivered, delivered + chunk);
                  delivered += piece.length;
                  controller.enqueue(piece);
                },
                cancel() {
                  cancelled = true;
                },
              },
              { highWaterMark: 0 },
            );
            delivered = 0;
            const init = { status, statusText, headers: new Headers() };
            for (const [name, text] of headers) init.headers.append(name, text);
            return new Response(NULL_BODY.includes(status) ? null : stream, init);
          };
          const ended = await outcome(call, {
            apiKey: KEY,
            baseUrl: 'https://api.hostapi.example',
            fetch,
            maxResponseBytes,
            retries: RETRIES,
          });
          // Read no further than a piece past the limit: what is held is at most the limit.
          expect(delivered).toBeLessThanOrEqual(maxResponseBytes + chunk);
          const whole = NULL_BODY.includes(status) ? 0 : body.length;
          if (whole > maxResponseBytes && (failAt === undefined || failAt > maxResponseBytes + chunk)) {
            expect(ended).toBe('ResponseTooLargeError');
            expect(cancelled).toBe(true);
          }
        },
      ),
      { numRuns: runs, seed: SEED },
    );
  }, 120_000);
});

describe('written as raw bytes by a TCP server', () => {
  let server: Server;
  let url: string;
  /** What the server writes next, then closes the connection. */
  let next: Uint8Array = new Uint8Array();
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket)).on('error', () => {});
      socket.once('data', () => socket.end(next));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const crlf = '\r\n';
  // Mostly well-formed, so that most answers reach the client's reading of them.
  const status = fc.oneof(
    { arbitrary: fc.integer({ min: 200, max: 599 }).map(String), weight: 6 },
    { arbitrary: fc.integer({ min: 100, max: 999 }).map(String), weight: 2 },
    { arbitrary: fc.stringMatching(/^[\x21-\x7e]{0,4}$/), weight: 1 },
  );
  const rawHeader = fc.oneof(
    { arbitrary: fc.tuple(headerName, headerValue).map(([name, text]) => `${name}: ${text}`), weight: 6 },
    { arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,20}$/), weight: 1 },
  );
  /** The body as sent: with its true length, a false one, none (read to the close), or chunked. */
  const framing = fc.constantFrom('length', 'false length', 'none', 'chunked');
  const response = fc
    .record({ status, headers: fc.array(rawHeader, { maxLength: 5 }), body, framing, short: fc.nat({ max: 50 }) })
    .map(({ status, headers, body, framing, short }) => {
      const head = [`HTTP/1.1 ${status} X`, ...headers];
      let payload = body;
      if (framing === 'length') head.push(`content-length: ${body.length}`);
      if (framing === 'false length') head.push(`content-length: ${body.length + short}`);
      if (framing === 'chunked') {
        head.push('transfer-encoding: chunked');
        payload = encoder.encode(
          `${body.length.toString(16)}${crlf}${new TextDecoder().decode(body)}${crlf}0${crlf}${crlf}`,
        );
      }
      const start = encoder.encode(head.join(crlf) + crlf + crlf);
      const all = new Uint8Array(start.length + payload.length);
      all.set(start);
      all.set(payload, start.length);
      return all;
    });

  it('every call resolves or rejects with a HostApiError', async () => {
    const runs = 500;
    console.log(`hostile (TCP server): ${runs} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(
        response,
        fc.integer({ min: 1, max: 4096 }),
        fc.constantFrom(...(Object.keys(CALLS) as Call[])),
        async (bytes, maxResponseBytes, call) => {
          next = bytes;
          const ended = await outcome(call, {
            apiKey: KEY,
            baseUrl: url,
            maxResponseBytes,
            retries: 0,
            timeoutMs: 5_000,
          });
          expect(typeof ended).toBe('string');
        },
      ),
      { numRuns: runs, seed: SEED },
    );
  }, 300_000);

  it('a well-formed answer longer than maxResponseBytes is a ResponseTooLargeError', async () => {
    next = encoder.encode(`HTTP/1.1 200 OK${crlf}content-type: application/json${crlf}${crlf}${'x'.repeat(5000)}`);
    const error = await createHostApiClient({ apiKey: KEY, baseUrl: url, maxResponseBytes: 4096 })
      .servers.list({ client_id: 293 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });
});
