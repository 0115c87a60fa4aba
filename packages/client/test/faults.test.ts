// Each way a call can fail yields its typed error; retries happen only where they are safe,
// and the API key appears in no error.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as clientModule from '../src/index.js';
import {
  AbortedError,
  ApiError,
  createHostApiClient,
  HostApiError,
  HttpError,
  InvalidResponseError,
  NetworkError,
  PaginationError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
  type HostApiClient,
  type HostApiClientOptions,
} from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { json, ok, startCaptureServer, type CaptureServer, type Handler } from './support/capture-server.js';

const KEY = 'sk_live_fault_7c1d2e3f';
const RATE_LIMIT = 'You have exceeded the number of requests per second for this key. Please try again soon.';
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

// A server of its own for each case: on a loaded machine, a request a case gave up on (timed
// out, aborted) can arrive after the case has ended, and must not be counted by the next one.
let server: CaptureServer;
/**
 * Every call of the platform's fetch by the clients a case creates: where the client gives up
 * without an answer, the last request may still be on its way to the server when the call
 * settles, so attempts are counted here, when they are sent.
 */
let fetches: { url: string; init: RequestInit | undefined }[];
const platformFetch = globalThis.fetch;
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});
beforeEach(async () => {
  server = await startCaptureServer();
  fetches = [];
  globalThis.fetch = (input, init) => {
    fetches.push({ url: String(input instanceof Request ? input.url : input), init });
    return platformFetch(input, init);
  };
});
afterEach(async () => {
  globalThis.fetch = platformFetch;
  await server.close();
});

// Retries on (with short waits), so that a case asserting one request proves there was no
// retry. The timeout stays the default (30 s): a short one would time out a slow answer on a
// loaded machine and retry it. Only the timeout cases set one, against a server that never answers.
const RETRIES = { max: 2, baseDelayMs: 1, maxDelayMs: 1000 };

function client(options: Partial<HostApiClientOptions> = {}): HostApiClient {
  return createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries: RETRIES, ...options });
}

const listServers = (api = client(), signal?: AbortSignal) =>
  api.servers.list({ client_id: 293 }, signal ? { signal } : {});
const cancelDomain = (api = client()) => api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });

/** Awaits the rejection and checks it is typed, names the operation and never shows the key. */
async function failure<T extends HostApiError>(promise: Promise<unknown>, type: new (...args: any[]) => T): Promise<T> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  const typed = error as T;
  expect(typed.message).toMatch(/^(listServers|cancelDomain): /);
  for (const text of [
    typed.message,
    typed.stack ?? '',
    String(typed),
    JSON.stringify(typed),
    JSON.stringify(typed.cause ?? ''),
  ]) {
    expect(text).not.toContain(KEY);
  }
  return typed;
}

const html =
  (status: number): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<!DOCTYPE html><html><body><h1>${status} Internal Server Error</h1><p>apikey=${KEY}</p></body></html>`);
  };
const silent: Handler = () => {}; // never answers
const resetMidBody: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
  res.write('{"return": [', () => res.socket?.destroy()); // cut once the start has left
};
const resetBeforeAnswer: Handler = (_req, res) => res.socket?.destroy();

describe('answers from the service', () => {
  it('status false: ApiError with the service message, HTTP status and error code', async () => {
    server.answer(json({ msg: 'Client not found.', status: false, error: { code: 1 } }));
    const error = await failure(listServers(), ApiError);
    expect(error).toMatchObject({
      kind: 'api',
      serviceMessage: 'Client not found.',
      status: 200,
      code: 1,
      operation: 'listServers',
    });
    expect(error.message).toBe('listServers: Client not found.');
    expect(server.requests).toHaveLength(1);
  });

  it('a msg-only body, on 200 or 400: ApiError', async () => {
    server.answer(json({ msg: 'Unauthorised. The Api key is missing.' }));
    expect(await failure(listServers(), ApiError)).toMatchObject({
      serviceMessage: 'Unauthorised. The Api key is missing.',
      status: 200,
    });
    server.answer(json({ msg: 'Please specify a valid domain name.' }, 400));
    expect(await failure(cancelDomain(), ApiError)).toMatchObject({
      serviceMessage: 'Please specify a valid domain name.',
      status: 400,
    });
  });

  it('HTTP 500 with an HTML page: HttpError with the status and a short excerpt, key redacted', async () => {
    server.answer(html(500));
    const error = await failure(cancelDomain(), HttpError);
    expect(error.status).toBe(500);
    expect(error.bodyExcerpt).toContain('<h1>500 Internal Server Error</h1>');
    expect(error.bodyExcerpt).toContain('apikey=[redacted]');
    expect(error.bodyExcerpt.length).toBeLessThanOrEqual(201);
  });

  it('a 200 that is not JSON: InvalidResponseError', async () => {
    server.answer((_req, res) => res.end('<html>maintenance</html>'));
    expect((await failure(listServers(), InvalidResponseError)).bodyExcerpt).toBe('<html>maintenance</html>');
  });

  it('truncated JSON: InvalidResponseError', async () => {
    server.answer(json('{"return": {"total_items": 4, "data": [{"server_id": "10'));
    await failure(listServers(), InvalidResponseError);
  });

  it('an empty 200: InvalidResponseError', async () => {
    server.answer((_req, res) => res.end());
    expect((await failure(listServers(), InvalidResponseError)).message).toBe(
      'listServers: expected a JSON envelope, got: (empty body)',
    );
  });
});

describe('rate limiting (HTTP 500 with the service message)', () => {
  it('GET: retried, then succeeds', async () => {
    server.answer(
      json({ msg: RATE_LIMIT }, 500),
      json({ msg: RATE_LIMIT, status: false }, 500),
      ok({ total_items: 0, current_items: 0, current_page: 1, total_pages: 0, data: [] }),
    );
    await expect(listServers()).resolves.toMatchObject({ total_items: 0 });
    expect(server.requests).toHaveLength(3);
  });

  it('POST: also retried, since the service rejects it before doing any work', async () => {
    server.answer(json({ msg: RATE_LIMIT }, 500), ok({ job_id: '8812202' }));
    await expect(cancelDomain()).resolves.toEqual({ job_id: '8812202' });
    expect(server.requests).toHaveLength(2);
  });

  it('still limited after every retry: RateLimitError, after exactly 1 + max attempts', async () => {
    server.answer(json({ msg: RATE_LIMIT, status: false }, 500));
    const error = await failure(cancelDomain(), RateLimitError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rate-limit', status: 500, serviceMessage: RATE_LIMIT });
    expect(server.requests).toHaveLength(3);
  });

  it('honours Retry-After, and gives up at once when it asks for longer than maxDelayMs', async () => {
    server.answer(json({ msg: RATE_LIMIT }, 500, { 'retry-after': '0' }), ok([]));
    await expect(client().dns.listTemplates({ client_id: 293 })).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
    server.requests.length = 0;
    server.answer(json({ msg: RATE_LIMIT }, 500, { 'retry-after': '3600' }));
    await failure(listServers(), RateLimitError);
    expect(server.requests).toHaveLength(1);
  });

  it('retries: 0 turns retrying off', async () => {
    server.answer(json({ msg: RATE_LIMIT }, 500));
    await failure(listServers(client({ retries: 0 })), RateLimitError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('server errors', () => {
  it('GET: 5xx retried, then HttpError after 1 + max attempts', async () => {
    server.answer(html(503));
    expect((await failure(listServers(), HttpError)).status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it('GET: a 502 then success', async () => {
    server.answer(html(502), ok({ total_items: 1, current_items: 1, current_page: 1, total_pages: 1, data: [] }));
    await expect(listServers()).resolves.toMatchObject({ total_items: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('POST: a 5xx that is not the rate limit is never retried', async () => {
    server.answer(html(503), ok({ job_id: '1' }));
    await failure(cancelDomain(), HttpError);
    expect(server.requests).toHaveLength(1);
  });

  it('4xx is never retried', async () => {
    server.answer(json({ type: 'about:blank', title: 'Not Found' }, 404));
    const error = await failure(listServers(), HttpError);
    expect(error.bodyExcerpt).toBe('{"type":"about:blank","title":"Not Found"}');
    expect(server.requests).toHaveLength(1);
  });
});

describe('no answer', () => {
  it('connection refused: NetworkError naming the cause, GET retried', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(listServers(client({ baseUrl: `http://127.0.0.1:${port}` })), NetworkError);
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it.each([
    ['before the answer', resetBeforeAnswer],
    ['in the middle of the body', resetMidBody],
  ])('connection reset %s: NetworkError; GET retried, POST never', async (_when, handler) => {
    server.answer(handler);
    await failure(listServers(), NetworkError);
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    await failure(cancelDomain(), NetworkError);
    expect(server.requests).toHaveLength(1);
  });

  it('timeout: TimeoutError per attempt; GET retried, POST never', async () => {
    server.answer(silent);
    const error = await failure(listServers(client({ timeoutMs: 50 })), TimeoutError);
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 50, message: 'listServers: no response within 50 ms' });
    expect(fetches).toHaveLength(3);
    fetches.length = 0;
    await failure(cancelDomain(client({ timeoutMs: 50 })), TimeoutError);
    expect(fetches).toHaveLength(1);
  });

  // How the connection is then closed: stopping.test.ts.
  it("a timeout aborts the request through fetch's AbortSignal", async () => {
    server.answer(silent);
    await failure(listServers(client({ timeoutMs: 50, retries: 0 })), TimeoutError);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.init!.signal?.aborted).toBe(true);
  });

  // Counted where fetch is called, not where requests arrive: on a loaded machine a request can
  // reach the server after its test has ended, and a retry sent before the call settled could
  // still be on its way.
  it('abort by the caller: AbortedError, no retry', async () => {
    const controller = new AbortController();
    server.answer(() => controller.abort()); // once the request is in, while it waits for its answer
    let calls = 0;
    const api = client({
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    await failure(listServers(api, controller.signal), AbortedError);
    expect(calls).toBe(1);
  });

  it('abort while waiting to retry: AbortedError at once', async () => {
    server.answer(html(503));
    const controller = new AbortController();
    let calls = 0;
    const api = client({
      retries: { max: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 }, // the first wait: 5 to 10 s
      fetch: async (input, init) => {
        calls++;
        const answer = await fetch(input, init);
        queueMicrotask(() => controller.abort()); // once the 503 is in: during the wait
        return answer;
      },
    });
    await failure(listServers(api, controller.signal), AbortedError);
    expect(calls).toBe(1);
  });

  it('an already-aborted signal: AbortedError, nothing sent', async () => {
    await failure(listServers(client(), AbortSignal.abort()), AbortedError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('options', () => {
  it('bad options are refused with the option named, and never echo the key', () => {
    expect(() => createHostApiClient({ apiKey: '' })).toThrow('`apiKey` must be a non-empty string');
    expect(() => createHostApiClient({ apiKey: KEY, baseUrl: 'not a url' })).toThrow(
      '`baseUrl` is not a URL: not a url',
    );
    expect(() => createHostApiClient({ apiKey: KEY, timeoutMs: 0 })).toThrow(
      'timeoutMs must be a whole number from 1 to 2147483647 (the longest a timer waits), got 0',
    );
    expect(() => createHostApiClient({ apiKey: KEY, retries: -1 })).toThrow(
      'retries.max must be a whole number ≥ 0, got -1',
    );
    for (const bad of [
      { apiKey: KEY, baseUrl: 'nope' },
      { apiKey: KEY, timeoutMs: -5 },
    ]) {
      try {
        createHostApiClient(bad);
      } catch (error) {
        expect(String((error as Error).stack)).not.toContain(KEY);
      }
    }
  });

  it("without baseUrl, both clients send to the description's first server", async () => {
    const seen: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify({ return: [], msg: 'Successful', status: true }));
    };
    await createHostApiClient({ apiKey: KEY, fetch }).dns.listTemplates({ client_id: 293 });
    await createPathClient({ apiKey: KEY, fetch }).GET('/1.5/dns/list_ips.json', {
      params: { query: { client_id: 293 } },
    });
    const { servers } = JSON.parse(
      readFileSync(new URL('../node_modules/@hostapi/spec/dist/openapi.json', import.meta.url), 'utf8'),
    );
    expect(seen.map((url) => new URL(url).origin)).toEqual([servers[0].url, servers[0].url]);
  });

  it('a custom fetch is used for every attempt', async () => {
    const seen: string[] = [];
    const api = client({
      fetch: async (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await listServers(api);
    expect(seen).toEqual([`${server.url}/1.3/server/list_servers.json?apikey=${KEY}&client_id=293`]);
  });
});

describe('fetch is called as a plain function', () => {
  // A browser's window.fetch throws "Illegal invocation" when called with any `this` but the
  // window (or none); this fetch does the same.
  function browserLikeFetch(this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    if (this !== undefined && this !== globalThis)
      throw new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation");
    return fetch(input, init);
  }

  it('by the operation methods and the path client', async () => {
    await expect(listServers(client({ fetch: browserLikeFetch }))).resolves.toEqual([]);
    const { response } = await createPathClient({ apiKey: KEY, baseUrl: server.url, fetch: browserLikeFetch }).GET(
      '/1.5/dns/list_ips.json',
      {
        params: { query: { client_id: 293 } },
      },
    );
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });
});

describe('results', () => {
  it('operation methods resolve to `return`, or to the envelope of operations without one', async () => {
    server.answer(json({ msg: 'SOA record updated.', status: true, time: 0.084 }));
    const soa = await client().dns.updateSoa({
      client_id: 293,
      domain: 'example.co.nz',
      ns: 'ns1',
      email: 'e@x',
      refresh: 1,
      retry: 1,
      expire: 1,
      minimum: 1,
    });
    expect(soa).toEqual({ msg: 'SOA record updated.', time: 0.084 });
    server.answer(json({ return: { total_items: 0, current_items: 0, current_page: 1, total_pages: 0, data: [] } }));
    await expect(client().accounts.listSubAccounts({ client_id: 293 })).resolves.toEqual({
      total_items: 0,
      current_items: 0,
      current_page: 1,
      total_pages: 0,
      data: [],
    });
  });
});

describe('the path client shares the transport', () => {
  const paths = (options: Partial<HostApiClientOptions> = {}) =>
    createPathClient({ apiKey: KEY, baseUrl: server.url, retries: RETRIES, ...options });

  it('a 5xx GET is retried and the last answer is returned as openapi-fetch returns it', async () => {
    server.answer(html(502), json({ return: { total_items: 0 }, status: true }));
    const { data, response } = await paths().GET('/1.3/server/list_servers.json', {
      params: { query: { client_id: 293 } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ return: { total_items: 0 }, status: true });
    expect(server.requests).toHaveLength(2);
  });

  it('the response carries the URL it came from, with the key redacted', async () => {
    const { response } = await paths().GET('/1.3/server/list_servers.json', { params: { query: { client_id: 293 } } });
    expect(response.url).toBe(`${server.url}/1.3/server/list_servers.json?apikey=[redacted]&client_id=293`);
    const posted = await paths().POST('/1.0/srs/cancel_domain.json', {
      body: { client_id: 293, domain: 'oldbrand.co.nz' },
    });
    expect(posted.response.url).toBe(`${server.url}/1.0/srs/cancel_domain.json`);
  });

  it('a timeout is a TimeoutError naming the operation, a POST is sent once, the key not shown', async () => {
    server.answer(silent);
    await failure(
      paths({ timeoutMs: 50 }).POST('/1.0/srs/cancel_domain.json', {
        body: { client_id: 293, domain: 'oldbrand.co.nz' },
      }),
      TimeoutError,
    );
    expect(fetches).toHaveLength(1);
  });

  it('bad options are refused the same way, naming the factory', () => {
    expect(() => createPathClient({ apiKey: '' })).toThrow(/^createPathClient: `apiKey` must be a non-empty string$/);
  });
});

describe('error classes', () => {
  it('each is named as it is exported, and is a HostApiError', () => {
    const errors = [
      new ApiError('op', 'no', 200),
      new RateLimitError('op', 'slow down', 500),
      new ValidationError('op', 422, [], 'invalid'),
      new HttpError('op', 503, ''),
      new RedirectError('op', 302, 'https://elsewhere.example'),
      new InvalidResponseError('op', 200, ''),
      new ResponseTooLargeError('op', 200, 1),
      new NetworkError('op', 'reset'),
      new TimeoutError('op', 1),
      new AbortedError('op'),
      new PaginationError('op', 2, 1),
    ];
    const exported = Object.keys(clientModule).filter((name) => name.endsWith('Error') && name !== 'HostApiError');
    expect(errors.map((error) => error.name).sort()).toEqual(exported.sort());
    for (const error of errors) {
      expect(error.name).toBe(error.constructor.name);
      expect(error).toBeInstanceOf(HostApiError);
      expect(String(error)).toMatch(new RegExp(`^${error.name}: op: `));
    }
  });
});

describe('no rejection goes unhandled', () => {
  it('after every case above', async () => {
    // Node reports unhandled rejections as soon as the microtasks have run: one turn is enough.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});
