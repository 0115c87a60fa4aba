// What a caller sees of the HTTP exchange besides the result: `withResponse` of every operation
// method (status, headers, URL without the key, attempts, time), the onRequest/onResponse hooks
// of each attempt, and the `debug` log (option or DEBUG=hostapi), none of which shows the key.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  createHostApiClient,
  createPathClient,
  type RequestEvent,
  type ResponseEvent,
} from '../src/index.js';
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
  it('resolves to the result and the HTTP answer it came in, the URL without the key', async () => {
    server.answer(
      json({ return: { data: [], total_items: 0 }, msg: 'Successful', status: true }, 200, { 'x-request-id': 'r-1' }),
    );
    const api = createHostApiClient({ apiKey: KEY, baseUrl: server.url });
    const answer = await api.servers.list.withResponse({ client_id: 293 });
    expect(answer.data).toEqual({ data: [], total_items: 0 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('r-1');
    expect(answer.url).toBe(`${server.url}/1.3/server/list_servers.json?apikey=[redacted]&client_id=293`);
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
    expect(answer).toMatchObject({
      data: { job_id: '9' },
      status: 200,
      attempts: 2,
      url: `${server.url}/1.0/srs/cancel_domain.json`,
    });
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

describe('debug', () => {
  it('prints a line per attempt to the function given, the key redacted', async () => {
    server.answer(RATE_LIMITED, ok({ job_id: '9' }));
    const lines: string[] = [];
    const api = createHostApiClient({
      apiKey: KEY,
      baseUrl: server.url,
      retries: { max: 1, baseDelayMs: 1 },
      debug: (line) => lines.push(line),
    });
    await api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^hostapi cancelDomain #1 POST ${server.url}/1.0/srs/cancel_domain.json → 500 \\(\\d+ ms\\)$`),
    );
    expect(lines[1]).toMatch(/^hostapi cancelDomain #2 POST .* → 200 \(\d+ ms\)$/);
  });

  // As a user turns it on: DEBUG=hostapi in the environment of a Node process (the built
  // package, as installed), printing to stderr.
  const run = (env: Record<string, string>) =>
    new Promise<{ stderr: string; stdout: string }>((resolve, reject) => {
      const script = `import { createHostApiClient } from ${JSON.stringify(fileURLToPath(new URL('../dist/index.js', import.meta.url)))};
const api = createHostApiClient({ apiKey: ${JSON.stringify(KEY)}, baseUrl: ${JSON.stringify(server.url)} });
console.log(JSON.stringify(await api.servers.list({ client_id: 293 })));`;
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { env: { ...process.env, ...env }, cwd: fileURLToPath(new URL('..', import.meta.url)) },
        (error, stdout, stderr) => (error ? reject(Object.assign(error, { stderr })) : resolve({ stdout, stderr })),
      );
    });

  it('is on with DEBUG=hostapi (or *), off without', async () => {
    for (const DEBUG of ['hostapi', 'express,hostapi', '*']) {
      const { stderr, stdout } = await run({ DEBUG });
      expect(stdout.trim()).toBe('[]');
      expect(stderr).toMatch(
        /^hostapi listServers #1 GET http:\/\/127\.0\.0\.1:\d+\/1\.3\/server\/list_servers\.json\?apikey=\[redacted\]&client_id=293 → 200 \(\d+ ms\)$/m,
      );
      expect(stderr).not.toContain(KEY);
    }
    for (const DEBUG of ['', 'hostapix', 'express'])
      expect((await run({ DEBUG })).stderr).not.toContain('hostapi listServers');
  });
});
