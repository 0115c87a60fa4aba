// Issue 31: what SDKs send and export. A `User-Agent` naming the client's version and Node's (in
// browsers, which send their own, none: consumer/browser.test.ts), and `VERSION`, from
// package.json when the package is built.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostApiClient, VERSION } from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { startCaptureServer, type CaptureServer } from './support/capture-server.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const USER_AGENT = `hostapi-client/${version} node/${process.versions.node}`;

let server: CaptureServer;
beforeAll(async () => {
  server = await startCaptureServer();
});
afterAll(() => server.close());

it("VERSION is the package's version", () => {
  expect(VERSION).toBe(version);
  expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
});

it('every request says which client and which Node sent it', async () => {
  const options = { apiKey: 'k', baseUrl: server.url };
  const api = createHostApiClient(options);
  const paths = createPathClient(options);
  server.requests.length = 0;
  await api.dns.listIps({ client_id: 1 });
  await api.domains.cancel({ client_id: 1, domain: 'x.nz' });
  await api.domains.cancel({ client_id: 1, domain: 'x.nz' }, { multipart: true });
  await paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 1 } } });
  await paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 1, domain: 'x.nz' } });
  expect(server.requests.map((request) => request.headers['user-agent'])).toEqual(Array(5).fill(USER_AGENT));
});

it("a call's own User-Agent replaces the client's", async () => {
  await createHostApiClient({ apiKey: 'k', baseUrl: server.url }).dns.listIps(
    { client_id: 1 },
    { headers: { 'User-Agent': 'my-app/2.0' } },
  );
  expect(server.requests.at(-1)!.headers['user-agent']).toBe('my-app/2.0');
});
