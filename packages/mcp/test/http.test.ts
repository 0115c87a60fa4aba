// --http: the bin on Streamable HTTP, started as its README says, reached by the SDK's client;
// 127.0.0.1 only, a foreign Host header refused (DNS rebinding), no stream without a session.
import { request } from 'node:http';
import { type RunningMock, startMock } from '@hostapi/mock';
import { type RunningCommand, startCommand } from '@hostapi/testing/commands';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';

const KEY = 'hk_http/key+1';
let mock: RunningMock;
let server: RunningCommand;
let url: string;

beforeAll(async () => {
  mock = await startMock({ log: () => {} });
  server = await startCommand(`node dist/bin.js --http --port 0 --read-only`, {
    cwd: new URL('..', import.meta.url).pathname,
    env: { HOSTAPI_KEY: KEY, HOSTAPI_URL: mock.url },
    ready: (output) => / on http:\/\/\S+\/mcp: /.test(output),
  });
  url = / on (http:\/\/\S+\/mcp): /.exec(server.output())![1]!;
});
afterAll(async () => {
  await server?.stop();
  await mock?.close();
});

it('serves the tools on 127.0.0.1 to the SDK client, with the options given', async () => {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(13);
  expect(tools.every((tool) => tool.annotations?.readOnlyHint)).toBe(true);
  const result = await client.callTool({ name: 'domains_get', arguments: { client_id: 293, domain: 'example.co.nz' } });
  expect(result.structuredContent).toMatchObject({ result: { Domain: 'example.co.nz' } });
  await client.close();
  expect(server.output()).not.toContain(KEY);
});

it('refuses another Host (DNS rebinding) and answers GET with 405 (no session, no stream)', async () => {
  // fetch() sets Host itself: node:http sends the one given.
  const status = (host: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      const headers = { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      request(url, { method: 'POST', headers }, (res) => resolve(res.resume().statusCode))
        .on('error', reject)
        .end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
  expect(await status('evil.example')).toBe(403);
  expect(await status(new URL(url).host)).toBe(200);
  expect((await fetch(url)).status).toBe(405);
});
