// The server as a host sees it, in-process: createHostApiTools over a fetch of the test's own (the
// service, answering whatever the test says), createMcpServer, and the official SDK's Client over
// the SDK's InMemoryTransport. The client lists the tools first, as hosts do, so that it checks
// every result against the tool's output schema.
import { operationsOf, readBundle } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createHostApiTools, createMcpServer, type ToolsOptions } from '../../src/server.js';

export const doc = readBundle();

/** Every tool with its operation's example call. */
export const EXAMPLES = operationsOf(doc).map(({ method, op }) => ({
  name: String(op['x-client-method']).replace('.', '_'),
  method,
  args: exampleInput(doc, op, method),
}));

export interface Peer {
  client: Client;
  /** Every message the server sent, as JSON text. */
  sent: string[];
  /** Each tools.call the server made, as it settles (to wait on it, not on time). */
  calls: Promise<CallToolResult>[];
  close(): Promise<void>;
}

/** The tools on `fetch`, served to the SDK's client. */
export async function connect(options: Partial<ToolsOptions> & Pick<ToolsOptions, 'apiKey' | 'fetch'>): Promise<Peer> {
  const tools = createHostApiTools({ doc, baseUrl: 'http://127.0.0.1:9', ...options });
  const calls: Promise<CallToolResult>[] = [];
  const call = tools.call;
  tools.call = (...args) => {
    const made = call(...args);
    calls.push(made);
    return made;
  };
  const server = createMcpServer(tools, '0.0.0-test');
  const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: string[] = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, extra) => {
    sent.push(JSON.stringify(message));
    return send(message, extra);
  };
  await server.connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(hostSide);
  await client.listTools();
  return {
    client,
    sent,
    calls,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export const textOf = (result: CallToolResult): string =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
