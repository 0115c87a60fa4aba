#!/usr/bin/env node
// hostapi-mcp: the MCP server, on stdio (as agent hosts start it) or, with --http, on Streamable
// HTTP at 127.0.0.1. The key and the address come from the environment, never from a tool.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBundle } from '@hostapi/spec/document';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { help, parseOptions, UsageError } from './options.js';
import { createHostApiTools, createMcpServer, type HostApiTools, redact } from './server.js';

const VERSION: string = createRequire(import.meta.url)('../package.json').version;

/**
 * Stateless Streamable HTTP: a server and a transport for each POST, sharing the tools. The SDK's
 * app listens on 127.0.0.1 only and refuses another Host header (DNS rebinding).
 */
async function serveHttp(tools: HostApiTools, port: number): Promise<string> {
  const app = createMcpExpressApp();
  app.post('/mcp', async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const server = createMcpServer(tools, VERSION);
    const transport = new StreamableHTTPServerTransport({}); // no sessionIdGenerator: stateless
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // No session, so no stream to open (GET) or end (DELETE).
  app.all('/mcp', (_req: IncomingMessage, res: ServerResponse) => res.writeHead(405, { Allow: 'POST' }).end());
  const listener: HttpServer = app.listen(port, '127.0.0.1');
  await once(listener, 'listening');
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const doc = readBundle();
  if (options.help) return void process.stdout.write(help(doc));
  if (options.version) return void process.stdout.write(`${VERSION}\n`);
  const apiKey = process.env.HOSTAPI_KEY;
  if (!apiKey) throw new UsageError('HOSTAPI_KEY is not set: put your API key in the environment.');
  const baseUrl = process.env.HOSTAPI_URL || doc.servers[0].url;
  const tools = createHostApiTools({ doc, apiKey, baseUrl, readOnly: options.readOnly, areas: options.areas });
  const where = options.http ? await serveHttp(tools, options.port) : 'stdio';
  if (!options.http) await createMcpServer(tools, VERSION).connect(new StdioServerTransport());
  // stdout is the protocol's (stdio): everything else goes to stderr.
  console.error(redact(`hostapi-mcp ${VERSION}: ${tools.offered.length} tools for ${baseUrl}, on ${where}`, apiKey));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`hostapi-mcp: ${redact(message, process.env.HOSTAPI_KEY)}`);
  if (error instanceof UsageError) console.error('Run hostapi-mcp --help for the options.');
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
