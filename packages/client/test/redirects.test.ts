// The key goes to `baseUrl` and nowhere else: a redirect is not followed, but surfaces as a
// RedirectError naming its status and the origin it points to, never the URL, which may carry
// the key (issue 19, item 11). Chromium's opaque redirects: consumer/browser.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostApiClient, HostApiError, RedirectError, type HostApiClientOptions } from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { startCaptureServer, type CaptureServer, type Handler } from './support/capture-server.js';

const KEY = 'sk_live_redirect_3e4f5a';

// The API's server, and another origin the redirects point to, which must never hear of the key.
let server: CaptureServer;
let elsewhere: CaptureServer;
beforeEach(async () => {
  [server, elsewhere] = await Promise.all([startCaptureServer(), startCaptureServer()]);
});
afterEach(() => Promise.all([server.close(), elsewhere.close()]));

/** Redirects to the same path and query (the key included) on `target`. */
const moved =
  (status: number, target: () => string): Handler =>
  (req, res) => {
    res
      .writeHead(status, { location: target() + req.url, 'content-type': 'text/html' })
      .end(`<a href="${target() + req.url}">moved</a>`);
  };

const options = (extra: Partial<HostApiClientOptions> = {}): HostApiClientOptions => ({
  apiKey: KEY,
  baseUrl: server.url,
  retries: { max: 2, baseDelayMs: 1, maxDelayMs: 10 },
  ...extra,
});
// With Node's own fetch and with a fetch of your own.
const FETCHES = [
  ["Node's own fetch", {}],
  ['a fetch of your own', { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) }],
] as const;

const CALLS = [
  // A GET's key is in the query the Location keeps; a 307 or 308 would send a POST's form again.
  ['GET', 302, (o: HostApiClientOptions) => createHostApiClient(o).servers.list({ client_id: 293 }), 'listServers'],
  [
    'POST',
    307,
    (o: HostApiClientOptions) => createHostApiClient(o).domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' }),
    'cancelDomain',
  ],
  [
    'POST',
    308,
    (o: HostApiClientOptions) => createHostApiClient(o).domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' }),
    'cancelDomain',
  ],
  [
    'GET',
    301,
    (o: HostApiClientOptions) =>
      createPathClient(o).GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } }),
    'listIps',
  ],
  [
    'POST',
    307,
    (o: HostApiClientOptions) =>
      createPathClient(o).POST('/1.0/srs/cancel_domain.json', { body: { client_id: 293, domain: 'oldbrand.co.nz' } }),
    'cancelDomain',
  ],
] as const;

describe.each(FETCHES)('with %s', (_name, fetchOption) => {
  it.each(CALLS)(
    'a %s answered %i to another origin: RedirectError, and nothing reaches the other origin',
    async (method, status, call, operation) => {
      server.answer(moved(status, () => elsewhere.url));
      const error = await call(options(fetchOption)).then(
        () => new Error('expected the call to fail'),
        (e: unknown) => e,
      );
      expect(elsewhere.requests.map((r) => r.url + r.body.toString())).toEqual([]);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toBeInstanceOf(HostApiError);
      expect(error).toMatchObject({ kind: 'redirect', operation, status, targetOrigin: elsewhere.url });
      const typed = error as RedirectError;
      expect(typed.message).toBe(`${operation}: redirected (HTTP ${status}) to ${elsewhere.url}, not followed`);
      for (const text of [typed.message, typed.stack ?? '', JSON.stringify(typed)]) {
        expect(text).not.toContain(KEY);
        expect(text).not.toContain('.json');
      }
      // Sent once with the key, as usual, and not again: a redirect is an answer, not a failure.
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.method).toBe(method);
    },
  );

  it('a redirect within the same origin is not followed either', async () => {
    server.answer(moved(302, () => server.url));
    const error = await createHostApiClient(options(fetchOption))
      .servers.list({ client_id: 293 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RedirectError', status: 302, targetOrigin: server.url });
    expect(server.requests).toHaveLength(1);
  });
});

it('a 3xx without a Location is no redirect: an HttpError, as any other status without the envelope', async () => {
  server.answer((_req, res) => res.writeHead(300).end('choose'));
  const error = await createHostApiClient(options())
    .servers.list({ client_id: 293 })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ name: 'HttpError', status: 300, bodyExcerpt: 'choose' });
});
