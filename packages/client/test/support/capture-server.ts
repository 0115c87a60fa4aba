// A local HTTP server that records every request exactly as it arrived (raw URL, headers, body
// bytes) and answers with whatever the test says.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Captured {
  method: string;
  /** Path and query exactly as sent, e.g. `/1.3/server/list_servers.json?apikey=...`. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Captured, res: ServerResponse) => void;

export interface CaptureServer {
  url: string;
  requests: Captured[];
  /** Answers the next requests with these handlers, in turn; the last one repeats. */
  answer(...handlers: Handler[]): void;
  close(): Promise<void>;
}

export const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

export const ok = (value: unknown = []) => json({ return: value, msg: 'Successful', status: true });

export async function startCaptureServer(): Promise<CaptureServer> {
  const requests: Captured[] = [];
  let handlers: Handler[] = [ok()];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(captured);
      const handler = handlers.length > 1 ? handlers.shift()! : handlers[0]!;
      handler(captured, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...next) => {
      handlers = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The ordered [name, value] fields of a multipart body, parsed by the platform's own parser. */
export async function multipartFields(req: Captured): Promise<[string, string][]> {
  const form = await new Response(new Uint8Array(req.body), {
    headers: { 'content-type': req.headers['content-type']! },
  }).formData();
  return [...form.entries()].map(([name, value]) => [name, String(value)]);
}
