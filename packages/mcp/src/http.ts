// --http: the tools on Streamable HTTP, stateless, at http://127.0.0.1:<port>/mcp.
import { once } from 'node:events';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type HostApiTools } from './server.js';

/**
 * Stateless Streamable HTTP: a server and a transport for each POST, sharing the tools. It
 * listens on 127.0.0.1 only, and the SDK's app refuses another Host header (DNS rebinding).
 */
export async function serveHttp(tools: HostApiTools, version: string, port: number): Promise<string> {
  const app = createMcpExpressApp();
  app.post('/mcp', async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const server = createMcpServer(tools, version);
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
