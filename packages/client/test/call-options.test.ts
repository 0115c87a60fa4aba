// Options of one call (headers, timeoutMs, retries, signal, multipart) replace the client's for
// that call only, in the operation methods and the path client alike.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, createHostApiClient, HttpError, TimeoutError } from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { startCaptureServer, type CaptureServer, type Handler } from './support/capture-server.js';

const KEY = 'sk_live_call_options_1';
// A server of its own for each case: a request a case gave up on (timed out, aborted) may
// arrive late on a loaded machine, and must not be counted by the next case.
let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
});
afterEach(() => server.close());

const silent: Handler = () => {};
const unavailable: Handler = (_req, res) => res.writeHead(503).end('busy');
const RETRIES = { max: 2, baseDelayMs: 1, maxDelayMs: 10 };
const api = (retries: number | typeof RETRIES = RETRIES) =>
  createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries });
const paths = (retries: number | typeof RETRIES = RETRIES) =>
  createPathClient({ apiKey: KEY, baseUrl: server.url, retries });
const last = () => server.requests.at(-1)!;

describe('headers', () => {
  it('go out with a GET and a POST of the operation methods, beside the form Content-Type', async () => {
    const headers = { Prefer: 'code=500, example=rateLimited', 'X-Request-Id': 'r-1' };
    await api().servers.list({ client_id: 293 }, { headers });
    expect(last().headers).toMatchObject({ prefer: 'code=500, example=rateLimited', 'x-request-id': 'r-1' });
    await api().domains.cancel({ client_id: 293, domain: 'x.nz' }, { headers });
    expect(last().headers).toMatchObject({
      prefer: 'code=500, example=rateLimited',
      'content-type': 'application/x-www-form-urlencoded',
    });
    await api().domains.cancel({ client_id: 293, domain: 'x.nz' }, { headers, multipart: true });
    expect(last().headers.prefer).toBe('code=500, example=rateLimited');
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('go out with the path client', async () => {
    await paths().GET('/1.5/dns/list_ips.json', {
      params: { query: { client_id: 293 } },
      headers: { Prefer: 'example=empty' },
    });
    expect(last().headers.prefer).toBe('example=empty');
    await paths().POST('/1.0/srs/cancel_domain.json', {
      body: { client_id: 293, domain: 'x.nz' },
      headers: { Prefer: 'example=domainNotFound' },
    });
    expect(last().headers).toMatchObject({
      prefer: 'example=domainNotFound',
      'content-type': 'application/x-www-form-urlencoded',
    });
  });

  it('belong to their call only', async () => {
    const client = api();
    await client.servers.list({ client_id: 293 }, { headers: { Prefer: 'example=empty' } });
    await client.servers.list({ client_id: 293 });
    expect(last().headers.prefer).toBeUndefined();
  });
});

describe('timeoutMs', () => {
  it('replaces the client timeout for one call (operation method and path client)', async () => {
    server.answer(silent);
    const error = await api(0)
      .servers.list({ client_id: 293 }, { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, message: 'listServers: no response within 50 ms' });
    const pathError = await paths(0)
      .GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } }, timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(pathError).toMatchObject({ kind: 'timeout', timeoutMs: 50, operation: 'listIps' });
  });

  it('is checked, naming the operation, before anything is sent', async () => {
    await expect(api().servers.list({ client_id: 293 }, { timeoutMs: 0 })).rejects.toThrow(
      'listServers: timeoutMs must be a whole number from 1 to 2147483647 (the longest a timer waits), got 0',
    );
    await expect(
      paths().GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } }, timeoutMs: -1 }),
    ).rejects.toThrow(
      'listIps: timeoutMs must be a whole number from 1 to 2147483647 (the longest a timer waits), got -1',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('retries', () => {
  it('replace the client policy for one call, both ways (operation method)', async () => {
    server.answer(unavailable);
    await expect(api(0).servers.list({ client_id: 293 }, { retries: RETRIES })).rejects.toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    await expect(api(RETRIES).servers.list({ client_id: 293 }, { retries: 0 })).rejects.toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(1);
  });

  it('replace the client policy for one call (path client)', async () => {
    server.answer(unavailable);
    const { response } = await paths(0).GET('/1.5/dns/list_ips.json', {
      params: { query: { client_id: 293 } },
      retries: 1,
    });
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it('are checked, naming the operation', async () => {
    await expect(api().servers.list({ client_id: 293 }, { retries: -1 })).rejects.toThrow(
      'listServers: retries.max must be a whole number ≥ 0, got -1',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('signal', () => {
  it('aborts a call of the path client as it does an operation method', async () => {
    const controller = new AbortController();
    server.answer(() => controller.abort()); // once the request is in, before it is answered
    const call = paths().GET('/1.5/dns/list_ips.json', {
      params: { query: { client_id: 293 } },
      signal: controller.signal,
    });
    await expect(call).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(1);
  });
});
