// What a caller sees of the HTTP exchange besides the result: `withResponse` of every operation
// method (fetch's Response, its URL without the key, attempts, time) and the onRequest/onResponse
// hooks of each attempt, none of which shows the key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createHostApiClient, type RequestEvent, type ResponseEvent } from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { json, ok, startCaptureServer, type CaptureServer } from './support/capture-server.js';

const KEY = 'sk_live_observe_7c8d9e';
const RATE_LIMITED = json(
  { msg: 'You have exceeded the number of requests per second for this key. Please try again soon.', status: false },
  500,
  { 'retry-after': '0' },
);

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
});
afterEach(() => server.close());

describe('withResponse', () => {
  it("resolves to the result and fetch's Response it came in, its URL without the key", async () => {
    server.answer(
      json({ return: { data: [], total_items: 0 }, msg: 'Successful', status: true }, 200, { 'x-request-id': 'r-1' }),
    );
    const api = createHostApiClient({ apiKey: KEY, baseUrl: server.url });
    const answer = await api.servers.list.withResponse({ client_id: 293 });
    expect(answer.data).toEqual({ data: [], total_items: 0 });
    expect(answer.response).toBeInstanceOf(Response);
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get('x-request-id')).toBe('r-1');
    expect(answer.response.bodyUsed).toBe(true);
    expect(answer.response.url).toBe(`${server.url}/1.3/server/list_servers.json?apikey=[redacted]&client_id=293`);
    expect(answer.attempts).toBe(1);
    expect(answer.durationMs).toBeGreaterThan(0);
    // The same call went out: the key first.
    expect(server.requests[0]!.url).toBe(`/1.3/server/list_servers.json?apikey=${KEY}&client_id=293`);
  });

  it('counts the attempts of a retried call, and takes the options of one call', async () => {
    server.answer(RATE_LIMITED, ok({ job_id: '9' }));
    const api = createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries: 0 });
    const answer = await api.domains.cancel.withResponse(
      { client_id: 293, domain: 'oldbrand.co.nz' },
      { retries: { max: 1, baseDelayMs: 1 }, headers: { Prefer: 'code=200' } },
    );
    expect(answer).toMatchObject({ data: { job_id: '9' }, attempts: 2 });
    expect(answer.response.status).toBe(200);
    expect(answer.response.url).toBe(`${server.url}/1.0/srs/cancel_domain.json`);
    expect(server.requests.map((r) => r.headers.prefer)).toEqual(['code=200', 'code=200']);
  });

  it('throws the typed error, as the method does', async () => {
    server.answer(json({ msg: 'Client not found.', status: false }));
    const api = createHostApiClient({ apiKey: KEY, baseUrl: server.url });
    await expect(api.servers.list.withResponse({ client_id: 1 })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('onRequest and onResponse', () => {
  it('see each attempt, its answer and its time, never the key', async () => {
    server.answer(RATE_LIMITED, ok([]));
    const seen: (RequestEvent | ResponseEvent)[] = [];
    const api = createHostApiClient({
      apiKey: KEY,
      baseUrl: server.url,
      retries: { max: 2, baseDelayMs: 1 },
      onRequest: (e) => seen.push({ ...e }),
      onResponse: (e) => seen.push({ ...e }),
    });
    await api.servers.list({ client_id: 293 });
    const url = `${server.url}/1.3/server/list_servers.json?apikey=[redacted]&client_id=293`;
    expect(
      seen.map((e) => ('status' in e ? `${e.attempt} ← ${e.status}` : `${e.attempt} → ${e.method} ${e.url}`)),
    ).toEqual([`1 → GET ${url}`, '1 ← 500', `2 → GET ${url}`, '2 ← 200']);
    expect(seen.every((e) => e.operation === 'listServers' && e.url === url)).toBe(true);
    const answered = seen.filter((e): e is ResponseEvent => 'status' in e);
    expect(answered.every((e) => e.durationMs > 0 && e.headers instanceof Headers)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(KEY);
  });

  it('see an attempt that got no answer, with its typed error', async () => {
    const refused = `http://127.0.0.1:${await (
      async () => {
        const s = await startCaptureServer();
        const port = new URL(s.url).port;
        await s.close();
        return port;
      }
    )()}`;
    const events: ResponseEvent[] = [];
    const api = createHostApiClient({ apiKey: KEY, baseUrl: refused, retries: 0, onResponse: (e) => events.push(e) });
    await expect(api.servers.list({ client_id: 293 })).rejects.toMatchObject({ kind: 'network' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 0, attempt: 1, error: { kind: 'network' } });
  });

  it("are the path client's too", async () => {
    const events: string[] = [];
    const paths = createPathClient({
      apiKey: KEY,
      baseUrl: server.url,
      onResponse: (e) => events.push(`${e.operation} ${e.status}`),
    });
    await paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } });
    expect(events).toEqual(['listIps 200']);
  });

  it('must be functions', () => {
    expect(() => createHostApiClient({ apiKey: KEY, onRequest: 'log' as never })).toThrow(
      'createHostApiClient: `onRequest` must be a function',
    );
  });
});
