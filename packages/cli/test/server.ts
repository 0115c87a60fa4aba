// A service of the test's own on 127.0.0.1: it records each request as it arrived (method, target,
// headers as sent, body bytes) and answers as the test says.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  /** Header names and values, as sent (names in the case sent). */
  headers: [string, string][];
  body: Buffer;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

export interface TestServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startServer(answer: (request: Received) => Answer | Promise<Answer>): Promise<TestServer> {
  const received: Received[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const pairs: [string, string][] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
    const request = { method: req.method!, target: req.url!, headers: pairs, body: Buffer.concat(chunks) };
    received.push(request);
    const { status = 200, headers = {}, body } = await answer(request);
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A success envelope. */
export const success = (value: unknown): Answer => ({
  body: JSON.stringify({ return: value, msg: 'Successful', status: true }),
});
