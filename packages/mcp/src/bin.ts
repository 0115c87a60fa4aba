#!/usr/bin/env node
// hostapi-mcp: the MCP server, on stdio (as agent hosts start it) or, with --http, on Streamable
// HTTP at 127.0.0.1. The key and the address come from the environment, never from a tool.
import { createRequire } from 'node:module';
import { readBundle } from '@hostapi/spec/document';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { maskKey } from '@hostapi/spec/wire';
import { help, parseOptions, readEnvironment, startLine, UsageError } from './options.js';
import { createHostApiTools, createMcpServer } from './server.js';

const VERSION: string = createRequire(import.meta.url)('../package.json').version;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const doc = readBundle();
  if (options.help) return void process.stdout.write(help(doc));
  if (options.version) return void process.stdout.write(`${VERSION}\n`);
  const { apiKey, baseUrl } = readEnvironment(process.env, doc);
  const tools = createHostApiTools({ doc, apiKey, baseUrl, readOnly: options.readOnly, areas: options.areas });
  let where = 'stdio';
  if (options.http) {
    // HTTP's modules (Express among them) load only when asked for: stdio, what hosts start, starts sooner.
    const { serveHttp } = await import('./http.js');
    where = await serveHttp(tools, VERSION, options.port);
  } else await createMcpServer(tools, VERSION).connect(new StdioServerTransport());
  // stdout is the protocol's (stdio): everything else goes to stderr.
  console.error(startLine(VERSION, tools.offered.length, baseUrl, where, apiKey));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`hostapi-mcp: ${maskKey(message, [process.env.HOSTAPI_KEY])}`);
  if (error instanceof UsageError) console.error('Run hostapi-mcp --help for the options.');
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
