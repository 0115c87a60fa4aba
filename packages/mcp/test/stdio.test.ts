// The built bin started as an agent host starts it (the SDK's own client over stdio), against the
// mock in-process: every tool listed and called with its operation's example, answering what
// @hostapi/client answers for the same call; --read-only, --tools, wrong arguments, and the key
// in no output.
import { execFile } from 'node:child_process';
import { createHostApiClient } from '@hostapi/client';
import { type RunningMock, startMock } from '@hostapi/mock';
import { operationsOf, readBundle } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = new URL('../dist/bin.js', import.meta.url).pathname;
// A key with characters URL encoding changes, to find it raw or encoded.
const KEY = 'hk_live/7+Qz&key=s3cr3t ü';
const doc = readBundle();
const operations = operationsOf(doc).map(({ method, op }) => ({
  name: String(op['x-client-method']).replace('.', '_'),
  call: String(op['x-client-method']).split('.') as [string, string],
  method,
  input: exampleInput(doc, op, method),
}));

let mock: RunningMock;
/** Everything the servers wrote: each message, each stderr line, for the key search. */
const outputs: string[] = [];
const clients: Client[] = [];

/** Starts `hostapi-mcp args` over stdio, as an agent host does, and connects the SDK's client. */
async function connect(args: string[] = [], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: { PATH: process.env.PATH ?? '', HOSTAPI_KEY: KEY, HOSTAPI_URL: mock.url, ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => outputs.push(chunk.toString()));
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(transport);
  // Every message the server sends (answers, errors, notifications), as it arrives.
  const receive = transport.onmessage!;
  transport.onmessage = (...message: Parameters<typeof receive>) => {
    outputs.push(JSON.stringify(message[0]));
    receive(...message);
  };
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

beforeAll(async () => {
  mock = await startMock({ strict: true, log: () => {} });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await mock?.close();
});

describe('all tools', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });

  it('lists one tool per operation (22), each with its annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((o) => o.name).sort());
    expect(tools).toHaveLength(22);
    for (const tool of tools) {
      const get = operations.find((o) => o.name === tool.name)!.method === 'get';
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(get);
    }
  });

  const api = () =>
    createHostApiClient({ apiKey: KEY, baseUrl: mock.url }) as unknown as Record<
      string,
      Record<string, (input: unknown) => Promise<unknown>>
    >;

  it.each(operations)('$name, called with its example, returns what the client returns', async (operation) => {
    const result = await call(client, operation.name, operation.input);
    expect(result.isError, text(result)).toBeFalsy();
    const [area, method] = operation.call;
    const expected = await api()[area]![method]!(operation.input);
    expect(result.structuredContent).toEqual({ result: expected });
    expect(JSON.parse(text(result))).toEqual(expected);
  });

  it("names a wrong argument, nested or misspelt, as written (the README's example)", async () => {
    const args = {
      client_id: 293,
      domain: 'a.nz',
      registrant_contact: 3310,
      params: { protect: 2, AdminContakt: 3310 },
    };
    const result = await call(client, 'domains_create', args);
    expect(result).toMatchObject({ isError: true });
    expect(text(result)).toBe(
      'domains_create: invalid arguments: term: is required; params.AdminContakt: is not an argument of this tool; ' +
        'params.protect: must be equal to one of the allowed values: 0, 1',
    );
    const notDigits = await call(client, 'servers_list', { client_id: 'many' });
    expect(text(notDigits)).toBe('servers_list: invalid arguments: client_id: must match pattern "^[1-9][0-9]*$"');
    const wrongType = await call(client, 'servers_list', { client_id: true });
    expect(text(wrongType)).toBe('servers_list: invalid arguments: client_id: must be integer or string');
  });

  it('takes back an identifier as the previous tool returned it (a string of digits), or as a number', async () => {
    const sandbox = await startMock({ sandbox: true, log: () => {} });
    try {
      const mcp = await connect([], { HOSTAPI_URL: sandbox.url });
      const content = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop';
      const added = await call(mcp, 'sshKeys_add', { client_id: 293, label: 'laptop', content });
      const { key_id } = (added.structuredContent as { result: { key_id: unknown } }).result;
      expect(key_id).toMatch(/^[0-9]+$/);
      const got = await call(mcp, 'sshKeys_get', { client_id: '293', key_id });
      expect(got.isError, text(got)).toBeFalsy();
      expect(got.structuredContent).toMatchObject({ result: { id: key_id, label: 'laptop', content } });
      const byNumber = await call(mcp, 'sshKeys_get', { client_id: 293, key_id: Number(key_id) });
      expect(byNumber.structuredContent).toEqual(got.structuredContent);
      const { tools } = await mcp.listTools();
      const schema = tools.find((t) => t.name === 'sshKeys_get')!.inputSchema.properties!.key_id;
      expect(schema).toMatchObject({ type: ['integer', 'string'], minimum: 1, pattern: '^[1-9][0-9]*$' });
    } finally {
      await sandbox.close();
    }
  });

  it("returns the service's refusal as a tool error with the typed error's message", async () => {
    const sandbox = await startMock({ sandbox: true, log: () => {} });
    try {
      const mcp = await connect([], { HOSTAPI_URL: sandbox.url });
      const result = await call(mcp, 'domains_get', { client_id: 999, domain: 'example.co.nz' });
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'getDomain: Client not found.' }],
      });
    } finally {
      await sandbox.close();
    }
  });

  it("returns a validating server's 422 with each invalid field named as an argument", async () => {
    // The strict mock's own 422 for `params[protect]=2`, answered to the tool's call.
    const refused = await fetch(`${mock.url}/1.2/srs/create_domain.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'apikey=k&client_id=293&domain=a.nz&term=12&registrant_contact=3310&params[protect]=2',
    });
    expect(refused.status).toBe(422);
    const problem = await refused.json();
    const validating = await startMock({ log: () => {}, answerer: { answer: () => ({ status: 422, body: problem }) } });
    try {
      const mcp = await connect([], { HOSTAPI_URL: validating.url });
      const create = operations.find((o) => o.name === 'domains_create')!;
      const result = await call(mcp, create.name, create.input);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^createDomain: Invalid request: params\[protect\]: .*0, 1/);
      expect(text(result)).toMatch(/\nInvalid arguments: params\.protect: .*0, 1$/);
    } finally {
      await validating.close();
    }
  });

  it('answers an unknown tool with a tool error', async () => {
    const result = await call(client, 'servers_delete', {});
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'There is no tool servers_delete.' }],
    });
  });
});

describe('--read-only', () => {
  it('lists only the tools that read (the GETs) and refuses a write', async () => {
    const client = await connect(['--read-only']);
    const { tools } = await client.listTools();
    const gets = operations.filter((o) => o.method === 'get').map((o) => o.name);
    expect(tools.map((t) => t.name).sort()).toEqual(gets.sort());
    expect(tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
    const write = operations.find((o) => o.name === 'domains_cancel')!;
    const result = await call(client, write.name, write.input);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'domains_cancel writes, and this server runs with --read-only: it offers only the tools that read.',
    );
    expect((await call(client, 'domains_get', { client_id: 293, domain: 'example.co.nz' })).isError).toBeFalsy();
  });
});

describe('--tools', () => {
  it('offers only the areas named, and says so for the others', async () => {
    const client = await connect(['--tools', 'dns,sshKeys']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      operations
        .filter((o) => ['dns', 'sshKeys'].includes(o.call[0]))
        .map((o) => o.name)
        .sort(),
    );
    const result = await call(client, 'servers_list', { client_id: 293 });
    expect(text(result)).toBe('servers_list is not offered: this server runs with --tools dns,sshKeys.');
  });

  it('combines with --read-only', async () => {
    const client = await connect(['--read-only', '--tools', 'sshKeys']);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['sshKeys_get']);
  });
});

it('refuses to start without a key, or with an area it does not have, saying why', async () => {
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, ...env } }, (error, _out, stderr) => {
        outputs.push(stderr);
        resolve({ code: error ? Number(error.code) : 0, stderr });
      });
    });
  expect(await run([], {})).toEqual({
    code: 2,
    stderr:
      'hostapi-mcp: HOSTAPI_KEY is not set: put your API key in the environment.\n' +
      'Run hostapi-mcp --help for the options.\n',
  });
  const unknown = await run(['--tools', 'servers,dnss'], { HOSTAPI_KEY: KEY });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('--tools: no area dnss; the areas are servers, dns, domains,');
});

// Last: every output of the run above.
describe('the API key', () => {
  it('appears in no output: no message, no error, no log line (raw or URL-encoded)', async () => {
    expect(outputs.join('').length).toBeGreaterThan(10_000);
    expect(outputs.some((o) => o.includes('tools for'))).toBe(true); // the start line was read
    for (const form of [KEY, encodeURIComponent(KEY), JSON.stringify(KEY).slice(1, -1), 's3cr3t']) {
      expect(outputs.filter((o) => o.includes(form))).toEqual([]);
    }
  });
});
